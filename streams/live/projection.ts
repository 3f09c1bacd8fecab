import { pendingStorageZoneTtlMs } from '../config';
import type { Scale } from '../scales/scale';
import { type Table, type TableEditor, tableOf } from './entities';
import {
  inStock,
  type LiveEvent,
  type LivePrinting,
  type Order,
  type OverviewStats,
  type Pallet,
  type StorageZone,
} from './types';

/** What the REST snapshot of a location gives (SPEC 7). */
export interface LiveSnapshot {
  pallets: Pallet[];
  orders: Order[];
  zones: StorageZone[];
  overview?: OverviewStats;
  /** The newest event the snapshot already includes; later events are applied on top. */
  lastEventId?: number | null;
  /** Only the first of the pallets (the rest are loading): shown, but no event is applied on it. */
  partial?: boolean;
}

/** Where a pallet stands in storage. */
type Place = Pick<Pallet, 'storageZone' | 'zoneId' | 'rowIndex'>;

/** A storage position for a pallet not present yet, applied when it is added (SPEC 4). */
interface PendingZone extends Place {
  at: number;
}

/** The live projection of one location's data. */
export interface Projection {
  pallets: Table<Pallet>;
  orders: Table<Order>;
  zones: Table<StorageZone>;
  overview: OverviewStats;
  /** Storage positions of pallets not present yet, oldest first (SPEC 4, 9: kept 5 minutes). */
  pendingZones: ReadonlyMap<string, PendingZone>;
  /** The newest server event applied; an event with an id at or below it is not applied again. */
  lastEventId: number;
  /**
   * The pallet ids the last change touched, in the order of its changes (an id changed twice is
   * listed twice); null when everything may have changed (a snapshot).
   */
  changedPallets: readonly string[] | null;
  /** The inventory settings of the newest settings event; null before one arrives. */
  inventorySettings: Record<string, unknown> | null;
  /** The printing set-up of the newest printers event; null before one arrives. */
  printing: LivePrinting | null;
  /** The network scales of the newest scales event; null before one arrives. */
  scales: readonly Scale[] | null;
}

/** The projection before anything is known. */
export const emptyProjection: Projection = Object.freeze({
  pallets: tableOf<Pallet>([]),
  orders: tableOf<Order>([]),
  zones: tableOf<StorageZone>([]),
  overview: { totalKgWarehouse: 0, totalKgAssigned: 0, shippedToday: 0 },
  pendingZones: new Map(),
  lastEventId: 0,
  changedPallets: null,
  inventorySettings: null,
  printing: null,
  scales: null,
});

const hasZone = (zone: unknown): boolean => zone !== undefined && zone !== null && zone !== '';
const inWarehouse = (pallet: Pallet | undefined): number =>
  inStock(pallet) ? Number(pallet?.weight) || 0 : 0;
const assigned = (pallet: Pallet | undefined): number => (pallet?.orderId ? inWarehouse(pallet) : 0);

/** Whether `place` differs from where `pallet` stands. */
const moves = (pallet: Pallet, place: Place): boolean =>
  pallet.storageZone !== place.storageZone ||
  pallet.zoneId !== place.zoneId ||
  pallet.rowIndex !== place.rowIndex;

/** Adds, updates or deletes whole entities in a table (SPEC 4: duplicates of an add ignored). */
function applyEntities<T extends { id: string }>(
  table: TableEditor<T>,
  action: string,
  entities: readonly T[],
) {
  if (action === 'add') table.add(entities);
  else if (action === 'update') for (const entity of entities) table.put(entity);
  else for (const entity of entities) table.remove(entity.id);
}

/**
 * The projection after `events`, changed once for them all; `now` dates pending zones. Entities
 * the events leave alone keep their identity, and the projection is `base` itself when nothing
 * changed.
 */
export function applyEvents(base: Projection, events: readonly LiveEvent[], now: number): Projection {
  const pallets = base.pallets.edit();
  const orders = base.orders.edit();
  const zones = base.zones.edit();
  const overview = { ...base.overview };
  // copied on the batch's first change to it
  let pendingZones = base.pendingZones;
  const editPending = () => {
    if (pendingZones === base.pendingZones) pendingZones = new Map(pendingZones);
    return pendingZones as Map<string, PendingZone>;
  };
  let lastEventId = base.lastEventId;
  let inventorySettings = base.inventorySettings;
  let printing = base.printing;
  let scales = base.scales;

  /** Keeps the overview's kilograms current by the difference a pallet's change makes. */
  const count = (next: Pallet | undefined, previous: Pallet | undefined) => {
    overview.totalKgWarehouse += inWarehouse(next) - inWarehouse(previous);
    overview.totalKgAssigned += assigned(next) - assigned(previous);
    if (previous && previous.status !== 'shipped' && next?.status === 'shipped') overview.shippedToday += 1;
  };
  const replace = (next: Pallet, previous: Pallet) => {
    count(next, previous);
    pallets.put(next);
  };
  const place = (previous: Pallet, to: Place) => {
    if (moves(previous, to)) replace({ ...previous, ...to }, previous);
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
          const placed = event.pallets.map((pallet) => {
            const pending = pendingZones.get(pallet.id);
            if (!pending) return pallet;
            const { at: _at, ...to } = pending;
            return { ...pallet, ...to };
          });
          for (const added of pallets.add(placed)) {
            count(added, undefined);
            if (pendingZones.has(added.id)) editPending().delete(added.id);
          }
        } else {
          for (const pallet of event.pallets) {
            const previous = pallets.get(pallet.id);
            if (!previous) continue;
            if (event.action === 'delete') {
              count(undefined, previous);
              pallets.remove(previous.id);
            } else if (hasZone(pallet.storageZone)) replace(pallet, previous);
            else {
              // SPEC 4: an update without a zone keeps where the pallet stands
              const { storageZone, zoneId, rowIndex } = previous;
              replace({ ...pallet, storageZone, zoneId, rowIndex }, previous);
            }
          }
        }
        break;
      case 'order':
        applyEntities(orders, event.action, event.orders);
        break;
      case 'zone':
        applyEntities(zones, event.action, event.zones);
        break;
      case 'assignment': {
        for (const id of event.palletIds) {
          const previous = pallets.get(id);
          if (previous && previous.orderId !== event.orderId)
            replace({ ...previous, orderId: event.orderId }, previous);
        }
        const order = orders.get(event.orderId);
        const fresh = [...new Set(event.palletIds)].filter((id) => !order?.palletIds.includes(id));
        if (order && fresh.length) {
          orders.put({
            ...order,
            palletIds: order.palletIds.concat(fresh),
            assignedPallets: order.assignedPallets + fresh.length,
          });
        }
        break;
      }
      case 'storage': {
        if (event.action !== 'assign_to_zone') break;
        // the zone's name when the zone is known, so the pallet reads as it will once PALLET_UPDATED follows
        const zone = event.zoneId === null ? undefined : zones.get(event.zoneId);
        const to: Place = {
          storageZone: zone?.name ?? event.zoneId,
          zoneId: event.zoneId,
          rowIndex: event.rowIndex,
        };
        const previous = pallets.get(event.palletId);
        if (previous) place(previous, to);
        else {
          editPending().delete(event.palletId); // set again as the newest
          editPending().set(event.palletId, { ...to, at: now });
        }
        break;
      }
      case 'settings':
        inventorySettings = event.settings;
        break;
      case 'printers':
        printing = event.printing;
        break;
      case 'scales':
        scales = event.scales;
        break;
      case 'palletZone': {
        if (event.action !== 'update_storage_zone') break;
        const previous = pallets.get(event.palletId);
        if (!previous) break;
        const { storageZone, zoneId } = event;
        if (!hasZone(storageZone)) place(previous, { storageZone: null, zoneId: null, rowIndex: null });
        // another zone than the one it stands in: its row there is not known yet
        else if (zoneId !== null && zoneId !== previous.zoneId)
          place(previous, { storageZone, zoneId, rowIndex: null });
        else place(previous, { storageZone, zoneId: previous.zoneId, rowIndex: previous.rowIndex });
        break;
      }
    }
  }

  const changed = Object.freeze(pallets.changed);
  const next: Projection = {
    pallets: pallets.finish(),
    orders: orders.finish(),
    zones: zones.finish(),
    overview:
      overview.totalKgWarehouse !== base.overview.totalKgWarehouse ||
      overview.totalKgAssigned !== base.overview.totalKgAssigned ||
      overview.shippedToday !== base.overview.shippedToday
        ? Object.freeze(overview)
        : base.overview,
    pendingZones,
    lastEventId,
    changedPallets: changed.length || base.changedPallets?.length !== 0 ? changed : base.changedPallets,
    inventorySettings,
    printing,
    scales,
  };
  const same = (Object.keys(next) as (keyof Projection)[]).every((key) => next[key] === base[key]);
  return same ? base : Object.freeze(next);
}

/**
 * A snapshot as the projection, with `held` (events that arrived while it loaded) applied on top:
 * those newer than its last event id, or than `watermark` when it names none (SPEC 4: the
 * snapshot joined with the stream without a gap). Pending zones carry over.
 */
export function projectionOf(
  snapshot: LiveSnapshot,
  watermark: number,
  pendingZones: Projection['pendingZones'],
  held: readonly LiveEvent[],
  now: number,
): Projection {
  const pallets = tableOf(snapshot.pallets);
  const all = snapshot.pallets;
  const base: Projection = {
    pallets,
    orders: tableOf(snapshot.orders),
    zones: tableOf(snapshot.zones),
    overview: Object.freeze({
      ...(snapshot.overview ?? {
        totalKgWarehouse: all.reduce((sum, pallet) => sum + inWarehouse(pallet), 0),
        totalKgAssigned: all.reduce((sum, pallet) => sum + assigned(pallet), 0),
        shippedToday: 0,
      }),
    }),
    pendingZones,
    lastEventId: snapshot.lastEventId ?? watermark,
    changedPallets: null,
    // the settings, printers and scales are read over REST beside the snapshot; only later changes come this way
    inventorySettings: null,
    printing: null,
    scales: null,
  };
  return Object.freeze({ ...applyEvents(base, held, now), changedPallets: null });
}

/** The projection as a snapshot again, to keep and read back with `projectionOf`. */
export const snapshotOf = (projection: Projection): LiveSnapshot => ({
  pallets: projection.pallets.ids.map((id) => projection.pallets.get(id) as Pallet),
  orders: projection.orders.ids.map((id) => projection.orders.get(id) as Order),
  zones: projection.zones.ids.map((id) => projection.zones.get(id) as StorageZone),
  overview: projection.overview,
  lastEventId: projection.lastEventId,
});
