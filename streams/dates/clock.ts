import { asyncScheduler, defer, interval, map, type Observable, type SchedulerLike, startWith } from 'rxjs';

/** The scheduler's time at once (as each subscriber starts), then again every `everyMs`. */
export function clock$(everyMs: number, scheduler: SchedulerLike = asyncScheduler): Observable<number> {
  return defer(() =>
    interval(everyMs, scheduler).pipe(
      map(() => scheduler.now()),
      startWith(scheduler.now()),
    ),
  );
}
