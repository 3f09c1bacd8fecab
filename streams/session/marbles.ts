import { VirtualTimeScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { configure } from 'rxjs-marbles';
import { expect } from 'vitest';

/** A TestScheduler asserting with vitest's deep equality, as RxJS's own specs do with chai. */
export const testScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/**
 * rxjs-marbles in run mode (time progression such as `150ms` draws a window of any length), its
 * failures shown as vitest's diffs: `it('…', marbles((m) => { … }))`.
 */
export const { marbles } = configure({ assertDeepEqual: (a, e) => expect(a).toEqual(e) });

/** A virtual-time scheduler for timeline tests: `schedule(work, ms)` as often as needed, then `flush()`. */
export const virtualScheduler = () => new VirtualTimeScheduler();

/** A seeded pseudo-random source in [0, 1) (mulberry32), so jitter is repeatable in tests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
