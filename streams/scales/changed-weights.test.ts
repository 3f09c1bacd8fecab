import { describe, expect, it } from 'vitest';
import { scaleRepeatMs } from '../config';
import { marbles } from '../session/marbles';
import { changedWeights } from './changed-weights';
import type { ScaleWeight } from './stable-weight';

const weights: Record<string, ScaleWeight> = {
  a: { weightKg: 512.3, stable: true, at: 0 },
  b: { weightKg: 640, stable: false, at: 0 },
  c: { weightKg: 640, stable: true, at: 0 },
};

describe(`changedWeights (a steady weight again every ${scaleRepeatMs} ms)`, () => {
  it('holds the figure: 1 s', () => {
    expect(scaleRepeatMs).toBe(1_000);
  });

  it(
    'passes a changed weight or stability at once, the same weight again only a second after it last passed',
    marbles((m) => {
      // a scale sending every 100 ms: steady, then a pallet put on it, settling, then steady again
      const scale = m.hot('a 99ms a 99ms a 799ms a 99ms a 99ms b 99ms b 99ms c 99ms c', weights);
      //                   0      100    200    1000    1100   1200   1300   1400   1500
      m.expect(scale.pipe(changedWeights(scaleRepeatMs, m.scheduler))).toBeObservable(
        'a 999ms a 199ms b 199ms c',
        weights,
      );
    }),
  );

  it(
    'a weight that keeps changing passes every reading: the throttle after it keeps the pace',
    marbles((m) => {
      const scale = m.hot('a 19ms b 19ms a 19ms b', weights);
      m.expect(scale.pipe(changedWeights(scaleRepeatMs, m.scheduler))).toBeObservable(
        'a 19ms b 19ms a 19ms b',
        weights,
      );
    }),
  );
});
