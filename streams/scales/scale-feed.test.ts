import { describe, expect, it } from 'vitest';
import { scaleReopenMs } from '../config';
import { fakeEventSources } from '../connection/fake-event-source';
import { marbles } from '../session/marbles';
import { createMemoryStorage } from '../session/storage';
import { readingOf, type ScaleFeedDeps, scaleWeights } from './scale-feed';
import type { ScaleWeight } from './stable-weight';

const a: ScaleWeight = { weightKg: 512.3, stable: false, at: Date.parse('2026-11-28T08:00:00.000Z') };
const b: ScaleWeight = { weightKg: 512.4, stable: true, at: Date.parse('2026-11-28T08:00:01.000Z') };
/** A `reading` event's data as the server sends it. */
const frame = ({ weightKg, stable, at }: ScaleWeight) => ({
  type: 'reading',
  scaleId: 's1',
  weightKg,
  stable,
  at: new Date(at).toISOString(),
});

/** An access token as the server signs them, valid until `exp` (s). */
const jwt = (sub: string, exp = 4_000_000_000) =>
  `h.${btoa(JSON.stringify({ sub, exp })).replace(/=+$/, '')}.s`;

/** Fake EventSources, and the session storage each opening takes its token from. */
function feed() {
  const sources = fakeEventSources();
  const session = createMemoryStorage({ token: jwt('t1') });
  const deps: ScaleFeedDeps = {
    eventSource: sources.eventSource,
    storage: { local: createMemoryStorage(), session },
    now: () => 0,
  };
  const setToken = (token: string | null) =>
    token === null ? session.removeItem('token') : session.setItem('token', token);
  /** The address each opening had, its token's subject in place of the token. */
  const opened = () =>
    sources.made.map((source) => {
      const token = new URL(source.url, 'http://x').searchParams.get('token')!;
      const { sub } = JSON.parse(atob(token.split('.')[1])) as { sub: string };
      return `${new URL(source.url, 'http://x').pathname} ${sub}`;
    });
  return { sources, deps, setToken, opened };
}

describe(`scaleWeights (opened again ${scaleReopenMs} ms after it closed)`, () => {
  it('holds the figure: 1 s', () => {
    expect(scaleReopenMs).toBe(1_000);
  });

  it(
    'passes the weights of `reading` events and nothing else',
    marbles((m) => {
      const { sources, deps } = feed();
      m.scheduler.schedule(() => sources.latest().emit('reading', frame(a)), 10);
      m.scheduler.schedule(() => sources.latest().emit('heartbeat', { type: 'heartbeat' }), 20);
      m.scheduler.schedule(() => sources.latest().emit('reading', 'not json'), 30);
      m.scheduler.schedule(() => sources.latest().emit('silent', { type: 'silent', scaleId: 's1' }), 40);
      m.scheduler.schedule(() => sources.latest().emit('reading', frame(b)), 50);
      m.expect(scaleWeights(deps, 's1', scaleReopenMs, m.scheduler), '^ 1s !').toBeObservable(
        '10ms a 39ms b',
        { a, b },
      );
    }),
  );

  it(
    'opens the stream again 1 s after it failed or ended, with the token of that moment, and closes it when left',
    marbles((m) => {
      const { sources, deps, setToken, opened } = feed();
      m.scheduler.schedule(() => {
        setToken(jwt('t2'));
        sources.latest().fail(false);
      }, 100);
      m.scheduler.schedule(() => sources.latest().emit('reading', frame(a)), 1_200);
      m.expect(scaleWeights(deps, 's1', scaleReopenMs, m.scheduler), '^ 2s !').toBeObservable('1200ms a', {
        a,
      });
      m.flush();
      expect(opened()).toEqual(['/api/scales/s1/readings t1', '/api/scales/s1/readings t2']);
      // the failed one closed (the browser does not reopen it with the old token), the last one when left
      expect(sources.made.map((source) => source.readyState)).toEqual([2, 2]);
    }),
  );

  it(
    'without a usable token, tries again each second until there is one',
    marbles((m) => {
      const { sources, deps, setToken, opened } = feed();
      setToken(jwt('expired', 0));
      m.scheduler.schedule(() => setToken(null), 1_500);
      m.scheduler.schedule(() => setToken(jwt('t3')), 2_500);
      m.scheduler.schedule(() => sources.latest().emit('reading', frame(b)), 3_100);
      m.expect(scaleWeights(deps, 's1', scaleReopenMs, m.scheduler), '^ 4s !').toBeObservable('3100ms b', {
        b,
      });
      m.flush();
      expect(opened()).toEqual(['/api/scales/s1/readings t3']);
    }),
  );
});

describe('readingOf', () => {
  it('reads weight, stability and time; anything else is no reading', () => {
    expect(readingOf({ data: JSON.stringify(frame(a)) })).toEqual(a);
    for (const data of [
      '',
      '{}',
      'null',
      '[1]',
      JSON.stringify({ ...frame(a), weightKg: '1' }),
      JSON.stringify({ ...frame(a), at: 'x' }),
    ])
      expect(readingOf({ data })).toBeNull();
  });
});
