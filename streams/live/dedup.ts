import { liveDedupWindowMs, processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import { hashText } from './hash';
import { sameJson } from './same-json';
import type { LiveEvent } from './types';

type Named = string | { id: string };

/** The id a list item names: itself, or its `id`. */
const idOf = (item: Named): string => (typeof item === 'string' ? item : item.id);

/** Whether two lists name the same ids in the same order. */
function sameIds(a: readonly Named[], b: readonly Named[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (idOf(a[i]) !== idOf(b[i])) return false;
  return true;
}

/** Hashes the ids of a list onto `hash`. */
function hashIds(hash: number, ids: readonly Named[]): number {
  for (let i = 0; i < ids.length; i++) hash = hashText(hash, idOf(ids[i]));
  return hash;
}

/**
 * The dedup key of SPEC 5 is the type and action plus the pallet, order, assignment or position
 * ids. Two events have the same key when this says so; `keyHash` hashes the ids alone (events of
 * one id under different actions share a hash, and `sameKey` tells them apart).
 */
export function sameKey(a: LiveEvent, b: LiveEvent): boolean {
  switch (a.type) {
    case 'pallet':
      return b.type === 'pallet' && a.action === b.action && sameIds(a.pallets, b.pallets);
    case 'order':
      return b.type === 'order' && a.action === b.action && sameIds(a.orders, b.orders);
    case 'assignment':
      return (
        b.type === 'assignment' &&
        a.assignmentId === b.assignmentId &&
        a.orderId === b.orderId &&
        sameIds(a.palletIds, b.palletIds)
      );
    case 'storage':
      return (
        b.type === 'storage' &&
        a.action === b.action &&
        a.positionId === b.positionId &&
        a.palletId === b.palletId
      );
    case 'palletZone':
      return b.type === 'palletZone' && a.action === b.action && a.palletId === b.palletId;
  }
}

/** The hash of an event's key: its ids, from a start of its own per type. */
export function keyHash(event: LiveEvent): number {
  switch (event.type) {
    case 'pallet':
      return hashIds(1, event.pallets);
    case 'order':
      return hashIds(2, event.orders);
    case 'assignment':
      return hashIds(hashText(3, event.orderId), event.palletIds);
    case 'storage':
      return hashText(4, event.palletId);
    case 'palletZone':
      return hashText(5, event.palletId);
  }
}

/** The envelope of an event (id, receipt time): left out to tell a repeat from a newer change. */
const envelope = ['eventId', 'at'];

/**
 * The memory of processed updates (SPEC 5, 9): whether an event is a repeat, an event with the
 * same key and the same body as one seen less than `windowMs` before. A same-key event with a
 * different body is a newer change and passes: dropping it would leave the screen on stale data.
 * It holds at most `cap` keys and is trimmed to the `trimTo` newest when it overflows.
 *
 * The events are kept in arrival order in fixed arrays; an event remembered again is written
 * anew at the end and its earlier place emptied. An open-addressing index of key hashes points
 * at each key's place. Nothing is deleted from the index: a trim, or the arrays filling up,
 * moves the kept events to the front and builds the index afresh, so no key is ever made
 * as a string and no map shrinks and grows again at every trim.
 */
export class DedupMemory {
  /** Remembered events, oldest first; null where the key was remembered again later. */
  private readonly events: (LiveEvent | null)[];
  private readonly ats: Float64Array;
  private readonly hashes: Int32Array;
  /** Places used in the arrays, and how many hold an event. */
  private used = 0;
  private size = 0;
  /** By key hash: 1 + the place of the key's event, 0 for none. */
  private readonly index: Int32Array;
  constructor(
    private readonly windowMs = liveDedupWindowMs,
    private readonly cap = processedUpdatesCap,
    private readonly trimTo = processedUpdatesTrimTo,
  ) {
    const places = 2 * (cap + 1);
    this.events = new Array<LiveEvent | null>(places).fill(null);
    this.ats = new Float64Array(places);
    this.hashes = new Int32Array(places);
    this.index = new Int32Array(2 ** Math.ceil(Math.log2(places)));
  }
  /** Whether `event`, arriving at `now`, passes (not a repeat); an event that passes is remembered. */
  admits(event: LiveEvent, now: number): boolean {
    if (this.used === this.events.length) this.keepNewest(this.size);
    const hash = keyHash(event);
    const mask = this.index.length - 1;
    let slot = hash & mask;
    for (let place = this.index[slot] - 1; place >= 0; place = this.index[slot] - 1) {
      const previous = this.events[place] as LiveEvent;
      if (this.hashes[place] === hash && sameKey(previous, event)) {
        if (now - this.ats[place] < this.windowMs && sameJson(previous, event, envelope)) return false;
        // remembered again as the newest, so the memory stays oldest first
        this.events[place] = null;
        this.index[slot] = this.append(event, hash, now) + 1;
        return true;
      }
      slot = (slot + 1) & mask;
    }
    this.index[slot] = this.append(event, hash, now) + 1;
    this.size++;
    if (this.size > this.cap) this.keepNewest(this.trimTo);
    return true;
  }
  private append(event: LiveEvent, hash: number, now: number): number {
    const place = this.used++;
    this.events[place] = event;
    this.ats[place] = now;
    this.hashes[place] = hash;
    return place;
  }
  /** Keeps the `count` newest events, moved to the front in their order, and indexes them afresh. */
  private keepNewest(count: number): void {
    let from = this.used;
    for (let kept = 0; kept < count; ) if (this.events[--from]) kept++;
    const mask = this.index.length - 1;
    this.index.fill(0);
    let to = 0;
    for (let place = from; place < this.used; place++) {
      const event = this.events[place];
      if (!event) continue;
      this.events[to] = event;
      this.ats[to] = this.ats[place];
      this.hashes[to] = this.hashes[place];
      let slot = this.hashes[to] & mask;
      while (this.index[slot]) slot = (slot + 1) & mask;
      this.index[slot] = ++to;
    }
    this.events.fill(null, to, this.used);
    this.used = to;
    this.size = to;
  }
}
