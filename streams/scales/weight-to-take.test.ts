import { describe, expect, it } from 'vitest';
import { typedWeightAskShare } from '../config';
import type { ScaleWeight } from './stable-weight';
import { type ScaleState, weightToTake } from './weight-to-take';

const reads = (weightKg: number, stable = true): ScaleState => ({
  kind: 'reading',
  reading: { weightKg, stable, at: 0 } satisfies ScaleWeight,
});

describe('weightToTake', () => {
  it('holds the figure: a typed weight 5 % off the scale asks', () => {
    expect(typedWeightAskShare).toBe(0.05);
  });

  it("nothing typed: the scale's stable weight, to 10 g; unsteady, silent or no scale says why not", () => {
    expect(weightToTake(null, reads(512.345))).toEqual({ kind: 'take', kg: 512.35, fromScale: true });
    expect(weightToTake(null, reads(512.3, false))).toEqual({ kind: 'unsteady' });
    expect(weightToTake(null, { kind: 'silent' })).toEqual({ kind: 'no-reading' });
    expect(weightToTake(null, { kind: 'connecting' })).toEqual({ kind: 'no-reading' });
    expect(weightToTake(null, null)).toEqual({ kind: 'type' });
  });

  it('nothing typed: the weight the last pallet took (within 0.05 kg) is not taken again', () => {
    expect(weightToTake(null, reads(512.34), 512.3)).toEqual({ kind: 'taken' });
    expect(weightToTake(null, reads(512.39), 512.34)).toEqual({ kind: 'taken' });
    expect(weightToTake(null, reads(498.1), 512.3)).toEqual({ kind: 'take', kg: 498.1, fromScale: true });
    // a typed weight is the worker's word
    expect(weightToTake(512.3, reads(512.3), 512.3)).toEqual({ kind: 'take', kg: 512.3, fromScale: false });
  });

  it("a typed weight is taken within 5 % of the scale's (stable or not), asked about beyond, taken without a reading", () => {
    expect(weightToTake(500, reads(520))).toEqual({ kind: 'take', kg: 500, fromScale: false });
    expect(weightToTake(540, reads(520, false))).toEqual({ kind: 'take', kg: 540, fromScale: false });
    expect(weightToTake(250, reads(520))).toEqual({ kind: 'ask', typedKg: 250, scaleKg: 520 });
    expect(weightToTake(547, reads(520.004))).toEqual({ kind: 'ask', typedKg: 547, scaleKg: 520 });
    expect(weightToTake(12, reads(0))).toEqual({ kind: 'ask', typedKg: 12, scaleKg: 0 });
    expect(weightToTake(250, { kind: 'silent' })).toEqual({ kind: 'take', kg: 250, fromScale: false });
    expect(weightToTake(250, null)).toEqual({ kind: 'take', kg: 250, fromScale: false });
  });
});
