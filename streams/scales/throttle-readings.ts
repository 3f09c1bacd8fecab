import { asyncScheduler, type MonoTypeOperatorFunction, type SchedulerLike, throttleTime } from 'rxjs';
import { scaleReadingsPerSecond } from '../config';

/**
 * At most `perSecond` readings to a screen: the first at once, then the latest of each window,
 * so the weight shown is never older than a window and the last one (the settled weight) is
 * never dropped.
 */
export function throttleReadings<T>(
  perSecond = scaleReadingsPerSecond,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<T> {
  return throttleTime(1_000 / perSecond, scheduler, { leading: true, trailing: true });
}
