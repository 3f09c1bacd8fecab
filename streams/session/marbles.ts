import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';

/** A TestScheduler asserting with vitest's deep equality, as RxJS's own specs do with chai. */
export const testScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

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
