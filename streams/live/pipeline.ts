import { asyncScheduler, type OperatorFunction, pipe, type SchedulerLike } from 'rxjs';
import {
  assignmentUpdateThrottleMs,
  liveDedupWindowMs,
  orderUpdateThrottleMs,
  palletUpdateThrottleMs,
  storageUpdateThrottleMs,
} from '../config';
import { dedupRepeats } from './dedup-repeats';
import { forLocation } from './for-location';
import { normaliseMessages } from './normalise-messages';
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

/**
 * How each event type is paced (SPEC 9): pallets (zone moves too), orders and assignments
 * batched, storage positions not; zone changes (ours, not SPEC's) like storage positions.
 */
export const livePaces = (timing: LiveTiming): Record<LiveEventType, Pace> => ({
  pallet: { windowMs: timing.palletMs, batched: true },
  palletZone: { windowMs: timing.palletMs, batched: true },
  order: { windowMs: timing.orderMs, batched: true },
  assignment: { windowMs: timing.assignmentMs, batched: true },
  storage: { windowMs: timing.storageMs, batched: false },
  zone: { windowMs: timing.storageMs, batched: false },
  settings: { windowMs: timing.storageMs, batched: false },
  printers: { windowMs: timing.storageMs, batched: false },
  scales: { windowMs: timing.storageMs, batched: false },
});

/**
 * Operator: the live pipeline of SPEC 4: normalise, keep this location's events, drop repeats,
 * throttle and batch. Emits deliveries: the batches due at one instant, in arrival order.
 */
export function livePipeline(
  locationId: string,
  timing: LiveTiming = defaultLiveTiming,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<SseMessage, LiveEvent[][]> {
  return pipe(
    normaliseMessages(scheduler),
    forLocation(locationId),
    dedupRepeats(timing.dedupMs, scheduler),
    throttleBatch((event: LiveEvent) => event.type, livePaces(timing), scheduler),
  );
}
