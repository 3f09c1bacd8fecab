import { map, scan } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { testScheduler } from './marbles';
import { decideRedirect, noRedirects, type RedirectDecision, type RedirectHistory } from './redirect-guard';

/** The decision for each redirect attempt drawn on `marble`, taken at the attempt's virtual time. */
function expectDecisions(marble: string, expected: string, values: Record<string, RedirectDecision>) {
  const scheduler = testScheduler();
  scheduler.run(({ cold, expectObservable }) => {
    const decisions = cold(marble).pipe(
      scan((acc) => decideRedirect(acc.history, scheduler.now()), { history: noRedirects } as {
        history: RedirectHistory;
        decision?: RedirectDecision;
      }),
      map((result) => result.decision),
    );
    expectObservable(decisions).toBe(expected, values);
  });
}

const values = { a: 'allow', t: 'throttled', m: 'limit', l: 'loop' } as const;

const attempts = (times: number[]) => {
  let history = noRedirects;
  return times.map((time) => {
    const result = decideRedirect(history, time);
    history = result.history;
    return result.decision;
  });
};

describe('redirect-loop guard (SPEC 9)', () => {
  it('throttles within 10 s and sees a loop at 3 attempts within 30 s, in virtual time', () => {
    //              allow |- 10 s throttle -| 3rd attempt inside 30 s: loop
    expectDecisions('x 4999ms x 4999ms x', 'a 4999ms t 4999ms l', values);
  });

  it('allows 3 spaced redirects, refuses the 4th, and sees the 5th within 5 min as a loop', () => {
    //              |-- 30 s --|-- 30 s --|-- 30 s --|-- 30 s --|   (all inside 5 min)
    expectDecisions(
      'x 29999ms x 29999ms x 29999ms x 29999ms x',
      'a 29999ms a 29999ms a 29999ms m 29999ms l',
      values,
    );
  });

  it('resets the count after 5 min idle', () => {
    //              a |-30 s-| a |-30 s-| a |------ 5 min idle ------| a again
    expectDecisions('x 29999ms x 29999ms x 4m 59s 999ms x', 'a 29999ms a 29999ms a 4m 59s 999ms a', values);
    //              ... and not a moment earlier
    expectDecisions('x 29999ms x 29999ms x 4m 59s 998ms x', 'a 29999ms a 29999ms a 4m 59s 998ms m', values);
  });

  // SPEC 9's numbers, written out so that a changed constant fails here
  it('throttles a redirect within 10 s of the last', () => {
    expect(attempts([0, 9_999])).toEqual(['allow', 'throttled']);
    expect(attempts([0, 10_000])).toEqual(['allow', 'allow']);
  });

  it('detects a loop at 3 attempts within 30 s and clears instead of redirecting', () => {
    expect(attempts([0, 10_000, 29_999])).toEqual(['allow', 'allow', 'loop']);
    expect(attempts([0, 15_000, 30_000])).toEqual(['allow', 'allow', 'allow']);
  });

  it('allows at most 3 redirects while active', () => {
    expect(attempts([0, 30_000, 60_000, 90_000])).toEqual(['allow', 'allow', 'allow', 'limit']);
  });

  it('detects a loop at 5 attempts within 5 min, blocked ones included', () => {
    expect(attempts([0, 31_000, 62_000, 298_000, 299_999])).toEqual([
      'allow',
      'allow',
      'allow',
      'limit',
      'loop',
    ]);
    expect(attempts([0, 31_000, 62_000, 298_000, 300_000]).at(-1)).toBe('limit');
    expect(attempts([0, 31_000, 62_000, 93_000]).at(-1)).toBe('limit');
  });

  it('resets the counter after 5 min without a redirect', () => {
    expect(attempts([0, 30_000, 60_000, 360_000])).toEqual(['allow', 'allow', 'allow', 'allow']);
    expect(attempts([0, 30_000, 60_000, 359_999])).toEqual(['allow', 'allow', 'allow', 'limit']);
  });
});
