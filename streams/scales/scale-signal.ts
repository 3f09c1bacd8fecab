import {
  asyncScheduler,
  concat,
  map,
  type OperatorFunction,
  of,
  type SchedulerLike,
  startWith,
  switchMap,
  timer,
} from 'rxjs';
import { scaleSilentMs } from '../config';
import type { ScaleWeight } from './stable-weight';

/** What a screen hears of a scale: a weight, or that the scale went silent. */
export type ScaleSignal = { kind: 'reading'; reading: ScaleWeight } | { kind: 'silent' };

const silent: ScaleSignal = { kind: 'silent' };

/**
 * A scale's weights as signals, with `silent` once `silentMs` pass without one (also when none
 * came since subscribing), so a screen never shows a weight from a scale that stopped talking as
 * if it were current. The next weight ends the silence.
 */
export function scaleSignal(
  silentMs = scaleSilentMs,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<ScaleWeight, ScaleSignal> {
  const silence = () => timer(silentMs, scheduler).pipe(map(() => silent));
  return (weight$) =>
    weight$.pipe(
      startWith(null),
      switchMap((reading) =>
        reading === null ? silence() : concat(of<ScaleSignal>({ kind: 'reading', reading }), silence()),
      ),
    );
}
