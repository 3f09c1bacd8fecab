import { asyncScheduler, Observable, type OperatorFunction, pipe, type SchedulerLike } from 'rxjs';
import {
  assignmentUpdateThrottleMs,
  liveDedupWindowMs,
  orderUpdateThrottleMs,
  palletUpdateThrottleMs,
  processedUpdatesCap,
  processedUpdatesTrimTo,
  storageUpdateThrottleMs,
} from '../config';
import { DedupMemory } from './dedup';
import { isForLocation } from './for-location';
import { normaliseMessage } from './normalise';
import { type Pace, throttleBatch } from './throttle-batch';
import type { LiveEvent, LiveEventType, SseMessage } from './types';

/** The tunable timing of the live pipeline (SPEC 9), in ms. */
export interface LiveTiming {
  palletMs: number;
  orderMs: number;
  assignmentMs: number;
  storageMs: number;
  dedupMs: number;
}

/** SPEC 9's timing. */
export const defaultLiveTiming: LiveTiming = {
  palletMs: palletUpdateThrottleMs,
  orderMs: orderUpdateThrottleMs,
  assignmentMs: assignmentUpdateThrottleMs,
  storageMs: storageUpdateThrottleMs,
  dedupMs: liveDedupWindowMs,
};

/** How each event type is paced: pallets, orders and assignments batched, storage positions not (SPEC 9). */
export const livePaces = (timing: LiveTiming): Record<LiveEventType, Pace> => ({
  pallet: { windowMs: timing.palletMs, batched: true },
  palletZone: { windowMs: timing.palletMs, batched: true },
  order: { windowMs: timing.orderMs, batched: true },
  assignment: { windowMs: timing.assignmentMs, batched: true },
  storage: { windowMs: timing.storageMs, batched: false },
});

/**
 * Operator: `normalise`, `forLocation` and `dedup` in one step, by the same rules
 * (`normaliseMessage`, `isForLocation`, `DedupMemory`): one subscriber per message instead of three.
 */
function admitted(
  locationId: string,
  dedupMs: number,
  scheduler: SchedulerLike,
): OperatorFunction<SseMessage, LiveEvent> {
  return (source) =>
    new Observable<LiveEvent>((subscriber) => {
      const memory = new DedupMemory(dedupMs, processedUpdatesCap, processedUpdatesTrimTo);
      return source.subscribe({
        next: (message) => {
          const now = scheduler.now();
          const event = normaliseMessage(message, now);
          if (event && isForLocation(event, locationId) && memory.admits(event, now)) subscriber.next(event);
        },
        error: (err) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}

/** A delivery's events in arrival order, as one list (`Array.prototype.flat` costs about 15 times as much). */
export function eventsOf(delivery: readonly (readonly LiveEvent[])[]): LiveEvent[] {
  let count = 0;
  for (const batch of delivery) count += batch.length;
  const events = new Array<LiveEvent>(count);
  let at = 0;
  for (const batch of delivery) for (let i = 0; i < batch.length; i++) events[at++] = batch[i];
  return events;
}

/**
 * Operator: the live pipeline of SPEC 4: normalise, location filter, dedup, throttle and batch.
 * Emits deliveries: the batches due at one instant, in arrival order.
 */
export function livePipeline(
  locationId: string,
  timing: LiveTiming = defaultLiveTiming,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<SseMessage, LiveEvent[][]> {
  return pipe(
    admitted(locationId, timing.dedupMs, scheduler),
    throttleBatch((event: LiveEvent) => event.type, livePaces(timing), scheduler),
  );
}
