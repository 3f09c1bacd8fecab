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

/** Pallet and order actions are add, update or delete (the normaliser drops others): each scope is made once. */
const entityScopes = {
  pallet: { add: 'pallet|add', update: 'pallet|update', delete: 'pallet|delete' },
  order: { add: 'order|add', update: 'order|update', delete: 'order|delete' },
};

/**
 * The first part of the dedup key: type and action for pallets and orders, whose actions hold no
 * `|`, so that the rest is their ids alone; the type alone for the others, whose fields may.
 */
const scopeOf = (event: LiveEvent): string =>
  event.type === 'pallet' || event.type === 'order' ? entityScopes[event.type][event.action] : event.type;

/** The rest of the dedup key: the ids named (a lone id is the string itself, no new one made). */
function restOf(event: LiveEvent): string {
  switch (event.type) {
    case 'pallet':
      return joined(event.pallets);
    case 'order':
      return joined(event.orders);
    case 'assignment':
      return `${event.assignmentId ?? ''}|${event.orderId}|${joined(event.palletIds)}`;
    case 'storage':
      return `${event.action}|${event.positionId ?? ''}|${event.palletId}`;
    case 'palletZone':
      return `${event.action}|${event.palletId}`;
  }
}

/** The dedup key of SPEC 5: type and action plus the pallet, order, assignment or position ids. */
export const dedupKey = (event: LiveEvent): string => `${scopeOf(event)}|${restOf(event)}`;

/** An event the memory holds, in a list from the oldest to the newest. */
interface Remembered {
  at: number;
  event: LiveEvent;
  /** Its scope's map, and its key there. */
  within: Map<string, Remembered>;
  rest: string;
  older: Remembered | null;
  newer: Remembered | null;
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
  /** By scope, then by the rest of the key: `scopeOf` and `restOf` split the key so nothing is joined. */
  private readonly scopes = new Map<string, Map<string, Remembered>>();
  private oldest: Remembered | null = null;
  private newest: Remembered | null = null;
  private size = 0;
  constructor(
    private readonly windowMs = liveDedupWindowMs,
    private readonly cap = processedUpdatesCap,
    private readonly trimTo = processedUpdatesTrimTo,
  ) {}
  /** Whether `event`, arriving at `now`, passes (not a repeat); an event that passes is remembered. */
  admits(event: LiveEvent, now: number): boolean {
    const scope = scopeOf(event);
    let within = this.scopes.get(scope);
    if (!within) {
      within = new Map();
      this.scopes.set(scope, within);
    }
    const rest = restOf(event);
    const previous = within.get(rest);
    if (previous && now - previous.at < this.windowMs && sameJson(previous.event, event, envelope)) {
      return false;
    }
    if (previous) {
      // remembered again as the newest, so the memory stays oldest first
      this.unlink(previous);
      previous.at = now;
      previous.event = event;
      this.append(previous);
      return true;
    }
    const entry: Remembered = { at: now, event, within, rest, older: null, newer: null };
    within.set(rest, entry);
    this.append(entry);
    this.size++;
    if (this.size > this.cap) {
      while (this.size > this.trimTo && this.oldest) {
        const oldest = this.oldest;
        oldest.within.delete(oldest.rest);
        this.unlink(oldest);
        this.size--;
      }
    }
    return true;
  }
  private append(entry: Remembered): void {
    entry.older = this.newest;
    entry.newer = null;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }
  private unlink(entry: Remembered): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
  }
}
