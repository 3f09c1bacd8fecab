import { asyncScheduler, filter, type MonoTypeOperatorFunction, map, type SchedulerLike, scan } from 'rxjs';
import { scaleRepeatMs } from '../config';
import type { ScaleWeight } from './stable-weight';

/** The last weight passed on, when, and whether the latest reading was passed. */
interface Passed {
  weight: ScaleWeight;
  at: number;
  fresh: boolean;
}

/**
 * The weights a screen needs of a scale that sends all the time: one whose weight or stability
 * differs from the last passed on, or the same again once `repeatMs` passed since, so a steady
 * scale still says it talks. With the steady readings left out, the throttle after it has no
 * window open when a pallet is put on the scale, and its first weight goes out at once.
 */
export function changedWeights(
  repeatMs = scaleRepeatMs,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<ScaleWeight> {
  return (weight$) =>
    weight$.pipe(
      scan((last: Passed | null, weight): Passed => {
        const now = scheduler.now();
        const same =
          last !== null &&
          last.weight.weightKg === weight.weightKg &&
          last.weight.stable === weight.stable &&
          now - last.at < repeatMs;
        return same ? { ...last, fresh: false } : { weight, at: now, fresh: true };
      }, null),
      filter((passed): passed is Passed => passed?.fresh === true),
      map((passed) => passed.weight),
    );
}
