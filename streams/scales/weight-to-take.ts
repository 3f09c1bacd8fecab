import { scaleStableToleranceKg, typedWeightAskShare } from '../config';
import type { ScaleSignal } from './scale-signal';

/** What a console hears of its chosen scale: nothing yet while its stream opens, then its signals. */
export type ScaleState = ScaleSignal | { kind: 'connecting' };

/** What making a pallet does with the weight field and the chosen scale. */
export type WeightChoice =
  /** Make it with this weight. */
  | { kind: 'take'; kg: number; fromScale: boolean }
  /** The typed weight is far from the scale's: ask the worker which is right first. */
  | { kind: 'ask'; typedKg: number; scaleKg: number }
  /** Nothing typed and the scale's weight still moves: wait for it. */
  | { kind: 'unsteady' }
  /** Nothing typed and the scale still shows the weight the last pallet took: the next is not on it yet. */
  | { kind: 'taken' }
  /** Nothing typed and no weight from the scale (silent, or not heard yet). */
  | { kind: 'no-reading' }
  /** Nothing typed and no scale chosen: the field's own "type a weight". */
  | { kind: 'type' };

/** A scale's weight as a pallet takes it: to 10 g, as a weight is typed. */
const toPalletKg = (kg: number) => Math.round(kg * 100) / 100;

/** Whether a scale's weight is still the one taken: within the tolerance that counts as one weight. */
export const sameWeight = (a: number, b: number) => Math.abs(a - b) <= scaleStableToleranceKg + 1e-9;

/**
 * The weight "Make pallet" takes: a typed one (`typedKg`, null when the field is empty), unless the
 * scale reads one more than `askShare` apart, which asks first; else the scale's, once stable and
 * unless it is still the weight the last pallet took (`takenKg`), so a second Enter does not make
 * the same pallet twice.
 */
export function weightToTake(
  typedKg: number | null,
  scale: ScaleState | null,
  takenKg: number | null = null,
  askShare = typedWeightAskShare,
): WeightChoice {
  const reading = scale?.kind === 'reading' ? scale.reading : null;
  if (typedKg !== null) {
    const far =
      reading !== null && Math.abs(typedKg - reading.weightKg) > askShare * Math.abs(reading.weightKg);
    return far
      ? { kind: 'ask', typedKg, scaleKg: toPalletKg(reading.weightKg) }
      : { kind: 'take', kg: typedKg, fromScale: false };
  }
  if (scale === null) return { kind: 'type' };
  if (reading === null) return { kind: 'no-reading' };
  if (!reading.stable) return { kind: 'unsteady' };
  if (takenKg !== null && sameWeight(reading.weightKg, takenKg)) return { kind: 'taken' };
  return { kind: 'take', kg: toPalletKg(reading.weightKg), fromScale: true };
}
