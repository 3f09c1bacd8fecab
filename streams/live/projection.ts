import { pendingStorageZoneTtlMs } from '../config';
import { type Entities, entityOf, TableWriter, tableOf } from './entities';
import { palletWith } from './pallet-shape';
import type { LiveEvent, Order, OverviewStats, Pallet } from './types';

/** What the REST snapshot of a location gives (SPEC 7, CONTRACT "Warehouse data"). */
export interface LiveSnapshot {
  pallets: Pallet[];
  orders: Order[];
  overview?: OverviewStats;
  /** The newest event the snapshot already includes; later events are applied on top. */
  lastEventId?: number | null;
}

/** The live projection of one location. */
export interface LiveState {
  /** waiting: no snapshot asked for yet; loading: snapshot on its way (events are held); ready. */
  status: 'waiting' | 'loading' | 'ready';
  pallets: Entities<Pallet>;
  orders: Entities<Order>;
  overview: OverviewStats;
  /** Storage zones for pallets not present yet, applied when the pallet is added (SPEC 4). */
  pendingZones: ReadonlyMap<string, { zone: string | null; at: number }>;
  /** The newest server event applied; an event with an id at or below it is not applied again. */
  lastEventId: number;
  /** Events that arrived while the snapshot was loading. */
  held: LiveEvent[];
  /**
   * The pallet ids the last change touched, in the order of its changes (an id changed twice is
   * listed twice); null when everything may have changed (a snapshot).
   */
  changedPallets: readonly string[] | null;
}

/** The state before anything is known. */
export const initialLiveState: LiveState = {
  status: 'waiting',
  pallets: tableOf<Pallet>([]),
  orders: tableOf<Order>([]),
  overview: { totalKgWarehouse: 0, totalKgAssigned: 0, shippedToday: 0 },
  pendingZones: new Map(),
  lastEventId: 0,
  held: [],
  changedPallets: null,
};

const hasZone = (zone: unknown): boolean => zone !== undefined && zone !== null && zone !== '';
const inWarehouse = (pallet: Pallet | undefined): number =>
  pallet && pallet.status !== 'shipped' ? Number(pallet.weight) || 0 : 0;
const assigned = (pallet: Pallet | undefined): number => (pallet?.orderId ? inWarehouse(pallet) : 0);

/**
 * The state after `events`; `now` dates pending zones. Shared by batches and the snapshot join.
 *
 * No immer here (DESIGN 6 asks for one `produce` per batch): every field a batch changes is
 * replaced whole: the tables by their writers, which copy on write and keep the identity of every
 * entity they do not change, the rest by fresh values. A draft would only add proxy traps around
 * that. The state and what it newly holds are frozen, as `produce` would freeze them (the pending
 * zones, a Map, only by their read-only type), and the state is `base` itself when nothing changed.
 */
function applyEvents(base: LiveState, events: readonly LiveEvent[], now: number): LiveState {
  const pallets = new TableWriter(base.pallets);
  const orders = new TableWriter(base.orders);
  const overview = { ...base.overview };
  let lastEventId = base.lastEventId;
  const count = (next: Pallet | undefined, previous: Pallet | undefined) => {
    overview.totalKgWarehouse += inWarehouse(next) - inWarehouse(previous);
    overview.totalKgAssigned += assigned(next) - assigned(previous);
    if (previous && previous.status !== 'shipped' && next?.status === 'shipped') overview.shippedToday += 1;
  };
  const setPallet = (next: Pallet | undefined, previous: Pallet) => {
    count(next, previous);
    if (next) pallets.put(next);
    else pallets.remove(previous.id);
  };
  // Pending zones are copied only when this batch changes them; they are kept oldest first, so
  // expiry stops at the first one still fresh.
  let pendingZones = base.pendingZones;
  let pendingChanged = false;
  const editPending = () => {
    if (!pendingChanged) pendingZones = new Map(pendingZones);
    pendingChanged = true;
    return pendingZones as Map<string, { zone: string | null; at: number }>;
  };
  for (const [palletId, pending] of pendingZones) {
    if (now - pending.at < pendingStorageZoneTtlMs) break;
    editPending().delete(palletId);
  }
  for (const event of events) {
    if (event.eventId !== null) {
      if (event.eventId <= lastEventId) continue;
      lastEventId = event.eventId;
    }
    switch (event.type) {
      case 'pallet':
        if (event.action === 'add') {
          const withZones = event.pallets.map((p) => {
            const pending = pendingZones.get(p.id);
            return pending ? palletWith(p, pending.zone, p.orderId) : p;
          });
          for (const added of pallets.add(withZones)) {
            count(added, undefined);
            if (pendingZones.has(added.id)) editPending().delete(added.id);
          }
          break;
        }
        for (const pallet of event.pallets) {
          const previous = pallets.get(pallet.id);
          if (previous && event.action === 'update') {
            setPallet(
              hasZone(pallet.storageZone) ? pallet : palletWith(pallet, previous.storageZone, pallet.orderId),
              previous,
            );
          } else if (previous) {
            setPallet(undefined, previous);
          }
        }
        break;
      case 'order':
        if (event.action === 'add') {
          orders.add(event.orders);
          break;
        }
        for (const order of event.orders) {
          if (!orders.get(order.id)) continue;
          else if (event.action === 'update') orders.put(order);
          else orders.remove(order.id);
        }
        break;
      case 'assignment': {
        for (const id of event.palletIds) {
          const previous = pallets.get(id);
          if (previous && previous.orderId !== event.orderId)
            setPallet(palletWith(previous, previous.storageZone, event.orderId), previous);
        }
        const order = orders.get(event.orderId);
        if (order) {
          const fresh = event.palletIds.filter(
            (id, i, all) => !order.palletIds.includes(id) && all.indexOf(id) === i,
          );
          if (fresh.length) {
            orders.put({
              ...order,
              palletIds: order.palletIds.concat(fresh),
              assignedPallets: order.assignedPallets + fresh.length,
            });
          }
        }
        break;
      }
      case 'storage':
      case 'palletZone': {
        if (event.action !== (event.type === 'storage' ? 'assign_to_zone' : 'update_storage_zone')) break;
        const zone = event.type === 'storage' ? event.zoneId : event.storageZone;
        const previous = pallets.get(event.palletId);
        if (previous) {
          if (previous.storageZone !== zone)
            setPallet(palletWith(previous, zone, previous.orderId), previous);
        } else if (event.type === 'storage') {
          const edit = editPending();
          edit.delete(event.palletId);
          edit.set(event.palletId, { zone, at: now });
        }
        break;
      }
    }
  }
  const { totalKgWarehouse, totalKgAssigned, shippedToday } = overview;
  const changed = pallets.changed();
  const next: LiveState = {
    ...base,
    pallets: pallets.finish() ?? base.pallets,
    orders: orders.finish() ?? base.orders,
    overview:
      totalKgWarehouse !== base.overview.totalKgWarehouse ||
      totalKgAssigned !== base.overview.totalKgAssigned ||
      shippedToday !== base.overview.shippedToday
        ? Object.freeze(overview)
        : base.overview,
    lastEventId,
    changedPallets:
      changed.length || base.changedPallets?.length !== 0 ? Object.freeze(changed) : base.changedPallets,
    pendingZones,
  };
  const same = (Object.keys(next) as (keyof LiveState)[]).every((key) => next[key] === base[key]);
  return same ? base : Object.freeze(next);
}

/** Applies one batch of live events: unchanged pallets keep their identity. */
export function applyBatch(state: LiveState, events: readonly LiveEvent[], now: number): LiveState {
  if (state.status !== 'ready') return { ...state, held: state.held.concat(events) };
  return applyEvents(state, events, now);
}

/** A snapshot is on its way: hold live events until it lands. */
export const startLoading = (state: LiveState): LiveState => ({ ...state, status: 'loading' });

/**
 * The snapshot joined with the stream without a gap: the snapshot replaces the state, then the
 * held events newer than its last event id (`watermark`) are applied on top (SPEC 4, CONTRACT).
 */
export function applySnapshot(
  state: LiveState,
  snapshot: LiveSnapshot,
  watermark: number,
  now: number,
): LiveState {
  const pallets = tableOf(snapshot.pallets);
  const overview = snapshot.overview ?? {
    totalKgWarehouse: pallets.ids.reduce((sum, id) => sum + inWarehouse(entityOf(pallets, id)), 0),
    totalKgAssigned: pallets.ids.reduce((sum, id) => sum + assigned(entityOf(pallets, id)), 0),
    shippedToday: 0,
  };
  const base: LiveState = {
    status: 'ready',
    pallets,
    orders: tableOf(snapshot.orders),
    overview: { ...overview },
    pendingZones: state.pendingZones,
    lastEventId: snapshot.lastEventId ?? watermark,
    held: [],
    changedPallets: null,
  };
  return { ...applyEvents(base, state.held, now), changedPallets: null };
}
