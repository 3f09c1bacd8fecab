import { asyncScheduler, defer, filter, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import { liveDedupWindowMs, processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import type { LiveEvent } from './types';

/**
 * SPEC 5's dedup key: the type and action plus the pallet, order, zone, assignment or position
 * ids the event names.
 */
export function dedupKey(event: LiveEvent): string {
  switch (event.type) {
    case 'pallet':
      return JSON.stringify([event.type, event.action, ...event.pallets.map((p) => p.id)]);
    case 'order':
      return JSON.stringify([event.type, event.action, ...event.orders.map((o) => o.id)]);
    case 'zone':
      return JSON.stringify([event.type, event.action, ...event.zones.map((z) => z.id)]);
    case 'assignment':
      return JSON.stringify([event.type, event.assignmentId, event.orderId, ...event.palletIds]);
    case 'storage':
      return JSON.stringify([event.type, event.action, event.positionId, event.palletId]);
    case 'palletZone':
      return JSON.stringify([event.type, event.action, event.palletId]);
    case 'settings':
      return JSON.stringify([event.type, event.settings]);
    case 'printers':
      return JSON.stringify([event.type, event.printing]);
    case 'scales':
      return JSON.stringify([event.type, event.scales]);
  }
}

/** An event's body: all of it but its envelope (server id, receipt time), as JSON. */
function bodyOf(event: LiveEvent): string {
  const { eventId: _id, at: _at, ...body } = event;
  return JSON.stringify(body);
}

interface Seen {
  event: LiveEvent;
  at: number;
}

/**
 * Operator: drops repeats (SPEC 5): an event with the same key and the same body as one that
 * passed less than `windowMs` before. The product's reading of SPEC 5: the key is read together
 * with the body, so a same-key event with a different body (a genuine second change within the
 * window) passes; dropping it would leave the screen on stale data.
 *
 * The memory of processed updates (SPEC 9) is a map from key to the last event that passed with
 * it, oldest first; past `processedUpdatesCap` keys it is trimmed to the newest
 * `processedUpdatesTrimTo`.
 */
export function dedupRepeats(
  windowMs = liveDedupWindowMs,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<LiveEvent> {
  return (source) =>
    defer(() => {
      const memory = new Map<string, Seen>();
      return source.pipe(
        filter((event) => {
          const now = scheduler.now();
          const key = dedupKey(event);
          const last = memory.get(key);
          if (last && now - last.at < windowMs && bodyOf(last.event) === bodyOf(event)) return false;
          memory.delete(key); // set again below, as the newest
          memory.set(key, { event, at: now });
          if (memory.size > processedUpdatesCap) {
            for (const oldest of [...memory.keys()].slice(0, memory.size - processedUpdatesTrimTo))
              memory.delete(oldest);
          }
          return true;
        }),
      );
    });
}
