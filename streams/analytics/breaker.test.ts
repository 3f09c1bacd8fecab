import { type Observable, of, type SchedulerLike, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { analyticsBreakerOpenMs } from '../config';
import { testScheduler } from '../session/marbles';
import { BreakerOpenError, type BreakerState, createBreaker } from './breaker';

const O = analyticsBreakerOpenMs;
const closed = (failures: number): BreakerState => ({ name: 'CLOSED', failures });
const half = (trial: boolean): BreakerState => ({ name: 'HALF_OPEN', trial });

const fail = throwError(() => new Error('down'));
const ok = of('x');

/** A breaker on `scheduler` and `call`, which runs a call through it recording ok / failed / refused. */
function rig(scheduler: SchedulerLike) {
  const breaker = createBreaker(scheduler);
  const outcomes: string[] = [];
  const call = (source: Observable<unknown>) =>
    breaker.run(source).subscribe({
      next: () => outcomes.push('ok'),
      error: (error) => outcomes.push(error instanceof BreakerOpenError ? 'refused' : 'failed'),
    });
  return { breaker, outcomes, call };
}

describe('analytics breaker (SPEC 4, 9)', () => {
  it('opens on the 3rd failure for analyticsBreakerOpenMs, then one successful trial closes it', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const { breaker, outcomes, call } = rig(scheduler);
      hot(`- a 9ms b 9ms c 9ms d ${O}ms e`, { a: fail, b: fail, c: fail, d: ok, e: ok }).subscribe(call);
      //   closed: 3 failures    o |------------ 30 s open ------------| h  trial e succeeds: c
      expectObservable(breaker.state$, `^ ${O + 50}ms !`).toBe('z a 9ms b 9ms o 29999ms h 10ms (tc)', {
        z: closed(0),
        a: closed(1),
        b: closed(2),
        o: { name: 'OPEN', openedAt: 21 },
        h: half(false),
        t: half(true),
        c: closed(0),
      });
      scheduler.schedule(
        () => expect(outcomes).toEqual(['failed', 'failed', 'failed', 'refused', 'ok']),
        O + 49,
      );
    });
  });

  it('reopens when the trial fails, refusing other calls during the trial', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { breaker, outcomes, call } = rig(scheduler);
      // the trial (t) fails 5 ms after it starts; d comes during the trial, e after it reopened
      hot(`- (abc) ${O}ms t d 9ms e`, {
        a: fail,
        b: fail,
        c: fail,
        t: cold('5ms #'),
        d: ok,
        e: ok,
      }).subscribe(call);
      //       o |------------ 30 s open ------------| h  t |5 ms| r: open again
      expectObservable(breaker.state$, `^ ${O + 30}ms !`).toBe('z (abo) 29995ms h 4ms t 4ms r', {
        z: closed(0),
        a: closed(1),
        b: closed(2),
        o: { name: 'OPEN', openedAt: 1 },
        h: half(false),
        t: half(true),
        r: { name: 'OPEN', openedAt: 30_011 },
      });
      scheduler.schedule(
        () => expect(outcomes).toEqual(['failed', 'failed', 'failed', 'refused', 'failed', 'refused']),
        O + 29,
      );
    });
  });

  it('lets the next call be the trial when a trial is abandoned', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { breaker, call } = rig(scheduler);
      for (let n = 0; n < 3; n += 1) call(fail);
      scheduler.schedule(() => breaker.run(cold('-')).subscribe().unsubscribe(), O + 1);
      //           o |---- 30 s ----| h (t dropped) h
      expectObservable(breaker.state$, `^ ${O + 5}ms !`).toBe('o 29999ms h (th)', {
        o: { name: 'OPEN', openedAt: 0 },
        h: half(false),
        t: half(true),
      });
    });
  });
});
