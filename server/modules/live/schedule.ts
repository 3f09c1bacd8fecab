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
import { sseHeartbeatTurnMs } from '../../../streams/config';

/** How many slots the heartbeat clock of `intervalMs` has: one turn every `sseHeartbeatTurnMs`. */
export function heartbeatSlots(intervalMs: number): number {
  return Math.max(1, Math.round(intervalMs / sseHeartbeatTurnMs));
}

/** One turn of the heartbeat clock: the slot whose streams get a heartbeat now, and the time. */
export interface HeartbeatTurn {
  slot: number;
  at: number;
}

/**
 * The process-wide heartbeat clock: `slots` turns spread evenly over `intervalMs`, so each slot
 * comes round every `intervalMs`. Streams are dealt into slots, and a heartbeat never has to be
 * written to every stream at once (10,000 socket writes hold the event loop for about 200 ms).
 */
export function heartbeatTicks(
  intervalMs: number,
  slots: number,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<HeartbeatTurn> {
  return interval(intervalMs / slots, scheduler).pipe(
    map((turn) => ({ slot: turn % slots, at: scheduler.now() })),
  );
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
