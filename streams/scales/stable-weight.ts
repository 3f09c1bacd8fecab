import { asyncScheduler, map, type OperatorFunction, type SchedulerLike, scan } from 'rxjs';
import { scaleStableMs, scaleStableToleranceKg } from '../config';
import type { ScaleReading } from './scale-line';

/** A reading with its stability decided: the weight a pallet may take when `stable`. */
export interface ScaleWeight {
  weightKg: number;
  stable: boolean;
  at: number;
}

/** Where the weight settled: the first reading of the run within the tolerance, and when it came. */
interface Settled {
  weightKg: number;
  since: number;
}

/** Rounding of binary fractions: 12.39 - 12.34 is a hair above 0.05. */
const epsilonKg = 1e-9;

/**
 * Decides each reading's stability: the scale's own stable flag where it sends one (MT-SICS' S/D,
 * an indicator's ST/US), else stable once every reading since the weight settled stayed within
 * `toleranceKg` of it for `holdMs`. A reading further off starts a new run, unstable.
 */
export function stableWeight(
  toleranceKg = scaleStableToleranceKg,
  holdMs = scaleStableMs,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<ScaleReading, ScaleWeight> {
  return (reading$) =>
    reading$.pipe(
      scan(
        (last: { settled: Settled | null; weight: ScaleWeight | null }, reading) => {
          const now = scheduler.now();
          const settled =
            last.settled && Math.abs(reading.weightKg - last.settled.weightKg) <= toleranceKg + epsilonKg
              ? last.settled
              : { weightKg: reading.weightKg, since: now };
          const stable = reading.stable ?? now - settled.since >= holdMs;
          return { settled, weight: { weightKg: reading.weightKg, stable, at: reading.at } };
        },
        { settled: null, weight: null },
      ),
      map(({ weight }) => weight!),
    );
}
