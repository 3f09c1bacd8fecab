import {
  asyncScheduler,
  concat,
  map,
  type OperatorFunction,
  of,
  type SchedulerLike,
  switchMap,
  timer,
} from 'rxjs';

/**
 * The thing that may still be undone: each value is offered for `windowMs`, then the offer
 * lapses (null). A newer value replaces the offer and starts its own window; a null (undone, or
 * taken back) ends the offer at once.
 */
export function undoable<T>(
  windowMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T | null, T | null> {
  return (source$) =>
    source$.pipe(
      switchMap((value) =>
        value === null ? of(null) : concat(of(value), timer(windowMs, scheduler).pipe(map(() => null))),
      ),
    );
}
