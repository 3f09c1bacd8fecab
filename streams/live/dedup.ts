import { asyncScheduler, defer, filter, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import { liveDedupWindowMs, processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import type { LiveEvent } from './types';

/** The ids joined by commas (a loop: no array of ids made for every event). */
const joined = (ids: readonly string[] | readonly { id: string }[]): string => {
  let out = '';
  for (let i = 0; i < ids.length; i++) {
    const item = ids[i];
    out += (i ? ',' : '') + (typeof item === 'string' ? item : item.id);
  }
  return out;
};

/** The dedup key of SPEC 5: type and action plus the pallet, order, assignment or position ids. */
export function dedupKey(event: LiveEvent): string {
  switch (event.type) {
    case 'pallet':
      return `pallet|${event.action}|${joined(event.pallets)}`;
    case 'order':
      return `order|${event.action}|${joined(event.orders)}`;
    case 'assignment':
      return `assignment|${event.assignmentId ?? ''}|${event.orderId}|${joined(event.palletIds)}`;
    case 'storage':
      return `storage|${event.action}|${event.positionId ?? ''}|${event.palletId}`;
    case 'palletZone':
      return `palletZone|${event.action}|${event.palletId}`;
  }
}

/** The event without its envelope (id, receipt time), to tell a repeat from a newer change. */
const bodyText = ({ eventId: _id, at: _at, ...rest }: LiveEvent): string => JSON.stringify(rest);

/**
 * Operator: drops a repeat, an event with the same key and the same body as one seen less than
 * `windowMs` before (SPEC 5). A same-key event with a different body is a newer change and passes:
 * dropping it would leave the screen on stale data. The memory of processed keys holds at most
 * `cap` entries and is trimmed to the `trimTo` newest when it overflows (SPEC 9).
 */
export function dedup(
  windowMs = liveDedupWindowMs,
  cap = processedUpdatesCap,
  trimTo = processedUpdatesTrimTo,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<LiveEvent> {
  return (source) =>
    defer(() => {
      const seen = new Map<string, { at: number; event: LiveEvent }>();
      return source.pipe(
        filter((event) => {
          const key = dedupKey(event);
          const now = scheduler.now();
          const previous = seen.get(key);
          if (previous && now - previous.at < windowMs && bodyText(previous.event) === bodyText(event)) {
            return false;
          }
          if (previous) seen.delete(key); // re-inserted, so the memory stays oldest first
          seen.set(key, { at: now, event });
          if (seen.size > cap) {
            let excess = seen.size - trimTo;
            for (const oldest of seen.keys()) {
              if (excess-- <= 0) break;
              seen.delete(oldest);
            }
          }
          return true;
        }),
      );
    });
}
