import { describe, expect, it } from 'vitest';
import { scaleStableMs, scaleStableToleranceKg } from '../config';
import { marbles } from '../session/marbles';
import type { ScaleReading } from './scale-line';
import { type ScaleWeight, stableWeight } from './stable-weight';

const reading = (weightKg: number, stable?: boolean): ScaleReading => ({ weightKg, stable, at: 0 });
const weight = (weightKg: number, stable: boolean): ScaleWeight => ({ weightKg, stable, at: 0 });

describe(`stableWeight (±${scaleStableToleranceKg} kg for ${scaleStableMs} ms without the scale's flag)`, () => {
  it('holds the figures: 0.05 kg, 1 s', () => {
    expect([scaleStableToleranceKg, scaleStableMs]).toEqual([0.05, 1_000]);
  });

  it(
    "takes the scale's own flag where it sends one, however the weight moves",
    marbles((m) => {
      const scale = m.cold('d 99ms s 99ms S', {
        d: reading(12.3, false),
        s: reading(12.34, true),
        S: reading(20, true),
      });
      m.expect(scale.pipe(stableWeight(scaleStableToleranceKg, scaleStableMs, m.scheduler))).toBeObservable(
        'd 99ms s 99ms S',
        { d: weight(12.3, false), s: weight(12.34, true), S: weight(20, true) },
      );
    }),
  );

  it(
    'without a flag, is stable once the weight stayed within 0.05 kg for 1 s, not a moment before',
    marbles((m) => {
      const values = { a: reading(12.34), b: reading(12.39), c: reading(12.29) };
      //                   |----------------- 1 s -----------------|
      const scale = m.cold('a 199ms b 199ms c 199ms a 199ms b 198ms c a', values);
      m.expect(scale.pipe(stableWeight(scaleStableToleranceKg, scaleStableMs, m.scheduler))).toBeObservable(
        'a 199ms b 199ms c 199ms a 199ms b 198ms c s',
        { a: weight(12.34, false), b: weight(12.39, false), c: weight(12.29, false), s: weight(12.34, true) },
      );
    }),
  );

  it(
    'a weight further off starts again: unstable for another second',
    marbles((m) => {
      const values = { a: reading(12.34), b: reading(12.4), d: reading(12.0) };
      const scale = m.cold('a 999ms a 99ms b 899ms b 99ms b 499ms d', values);
      m.expect(scale.pipe(stableWeight(scaleStableToleranceKg, scaleStableMs, m.scheduler))).toBeObservable(
        'a 999ms A 99ms b 899ms b 99ms B 499ms d',
        {
          a: weight(12.34, false),
          A: weight(12.34, true),
          b: weight(12.4, false),
          B: weight(12.4, true),
          d: weight(12.0, false),
        },
      );
    }),
  );
});
