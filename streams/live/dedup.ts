import { asyncScheduler, defer, filter, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import { liveDedupWindowMs, processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import { sameJson } from './same-json';
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

/** The envelope of an event (id, receipt time): left out to tell a repeat from a newer change. */
const envelope = ['eventId', 'at'];

/**
 * The memory of processed updates (SPEC 5, 9): whether an event is a repeat, an event with the
 * same key and the same body as one seen less than `windowMs` before. A same-key event with a
 * different body is a newer change and passes: dropping it would leave the screen on stale data.
 * It holds at most `cap` keys and is trimmed to the `trimTo` newest when it overflows.
 */
export class DedupMemory {
  private readonly seen = new Map<string, { at: number; event: LiveEvent }>();
  constructor(
    private readonly windowMs = liveDedupWindowMs,
    private readonly cap = processedUpdatesCap,
    private readonly trimTo = processedUpdatesTrimTo,
  ) {}
  /** Whether `event`, arriving at `now`, passes (not a repeat); an event that passes is remembered. */
  admits(event: LiveEvent, now: number): boolean {
    const key = dedupKey(event);
    const { seen } = this;
    const previous = seen.get(key);
    if (previous && now - previous.at < this.windowMs && sameJson(previous.event, event, envelope)) {
      return false;
    }
    if (previous) seen.delete(key); // re-inserted, so the memory stays oldest first
    seen.set(key, { at: now, event });
    if (seen.size > this.cap) {
      let excess = seen.size - this.trimTo;
      for (const oldest of seen.keys()) {
        if (excess-- <= 0) break;
        seen.delete(oldest);
      }
    }
    return true;
  }
}

/** Operator: drops repeats (SPEC 5), as `DedupMemory` tells them. */
export function dedup(
  windowMs = liveDedupWindowMs,
  cap = processedUpdatesCap,
  trimTo = processedUpdatesTrimTo,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<LiveEvent> {
  return (source) =>
    defer(() => {
      const memory = new DedupMemory(windowMs, cap, trimTo);
      return source.pipe(filter((event) => memory.admits(event, scheduler.now())));
    });
}
