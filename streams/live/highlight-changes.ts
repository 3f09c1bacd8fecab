import {
  asyncScheduler,
  concat,
  distinctUntilChanged,
  map,
  type OperatorFunction,
  of,
  pipe,
  type SchedulerLike,
  skip,
  startWith,
  switchMap,
  timer,
} from 'rxjs';
import { rowHighlightMs } from '../config';

/**
 * Operator: whether a row's value was changed by someone just now. The first value is what the row
 * showed when it appeared, no change; each different value after it highlights the row for
 * `ms`, a newer change starting the wait again.
 */
export function highlightChanges<T>(
  ms = rowHighlightMs,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, boolean> {
  return pipe(
    distinctUntilChanged(),
    skip(1),
    switchMap(() => concat(of(true), timer(ms, scheduler).pipe(map(() => false)))),
    startWith(false),
    distinctUntilChanged(),
  );
}
