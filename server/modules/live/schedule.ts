import {
  asyncScheduler,
  filter,
  interval,
  map,
  type Observable,
  type SchedulerLike,
  take,
  timer,
} from 'rxjs';

/** A tick every `intervalMs`, carrying the time of the tick: the process-wide heartbeat clock. */
export function heartbeatTicks(
  intervalMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<number> {
  return interval(intervalMs, scheduler).pipe(map(() => scheduler.now()));
}

/**
 * How many of `count` streams to close at each step of a drain: slices spread evenly over
 * `drainMs` (the last one exactly then), a step every `stepMs`, so clients do not all reconnect
 * in one burst.
 */
export function drainSlices(
  count: number,
  drainMs: number,
  stepMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<number> {
  const steps = Math.floor(drainMs / stepMs) + 1;
  const closedAfter = (step: number) => Math.floor((step * count) / steps);
  return timer(0, stepMs, scheduler).pipe(
    take(count > 0 ? steps : 0),
    map((i) => closedAfter(i + 1) - closedAfter(i)),
    filter((n) => n > 0),
  );
}
