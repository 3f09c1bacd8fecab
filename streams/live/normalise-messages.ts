import { asyncScheduler, filter, map, type OperatorFunction, pipe, type SchedulerLike } from 'rxjs';
import { normaliseMessage } from './normalise';
import type { LiveEvent, SseMessage } from './types';

/**
 * Operator: SSE messages as live events in one shape, whatever spelling the server used
 * (`normaliseMessage`); heartbeats, raw text and unknown types or actions are dropped. Each event
 * is stamped with the scheduler's time of its arrival.
 */
export function normaliseMessages(
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<SseMessage, LiveEvent> {
  return pipe(
    map((message) => normaliseMessage(message, scheduler.now())),
    filter((event): event is LiveEvent => event !== null),
  );
}
