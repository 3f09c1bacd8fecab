import { camelName } from '../http/case';
import { isLocale, locales } from '../i18n/locales';
import { isScale } from '../scales/scale';
import type { EntityAction, LiveEvent, Order, Pallet, SseMessage, StorageZone } from './types';

type Raw = Record<string, unknown>;

/** SPEC 4's type names, long and short, lower-cased; STORAGE_ZONE_UPDATE, INVENTORY_SETTINGS_UPDATE, PRINTERS_UPDATE and SCALES_UPDATE are ours. */
const typeByName = new Map<string, LiveEvent['type']>([
  ['pallet_update', 'pallet'],
  ['pallet', 'pallet'],
  ['order_update', 'order'],
  ['order', 'order'],
  ['assignment_update', 'assignment'],
  ['assignment', 'assignment'],
  ['storage_position_update', 'storage'],
  ['storage', 'storage'],
  ['pallet_updated', 'palletZone'],
  ['storage_zone_update', 'zone'],
  ['inventory_settings_update', 'settings'],
  ['printers_update', 'printers'],
  ['scales_update', 'scales'],
]);

const entityActions = new Set<string>(['add', 'update', 'delete']);

const isRecord = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Shallow copy with snake_case keys in camelCase (payloads may come either way, SPEC 7). */
function camelKeys(raw: Raw): Raw {
  const out: Raw = {};
  for (const key in raw) out[camelName(key)] = raw[key];
  return out;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The first of two spellings present (palletId / pallet_id …), as text. */
const either = (a: unknown, b: unknown): string | null => text(a) ?? text(b);

const hasId = (raw: Raw): boolean => raw.id !== undefined && raw.id !== null;

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(text).filter((id): id is string => id !== null) : [];

/** A pallet payload (snake_case or camelCase keys) as a pallet, its id as text; null without an id. */
export function readPallet(item: unknown): Pallet | null {
  if (!isRecord(item) || !hasId(item)) return null;
  const pallet = camelKeys(item);
  pallet.id = String(item.id);
  return pallet as Pallet;
}

/** An order payload as an order; its count of assigned pallets defaults to its pallet ids'. */
export function readOrder(item: unknown): Order | null {
  if (!isRecord(item) || !hasId(item)) return null;
  const raw = camelKeys(item);
  const palletIds = ids(raw.palletIds);
  return {
    ...raw,
    id: String(raw.id),
    palletIds,
    assignedPallets: Number(raw.assignedPallets ?? palletIds.length),
  };
}

/** A storage zone document as a zone (the server's per-row pallet lists are left out: pallets say where they stand). */
export function readZone(item: unknown): StorageZone | null {
  if (!isRecord(item) || !hasId(item)) return null;
  const raw = camelKeys(item);
  return {
    id: String(raw.id),
    locationId: text(raw.locationId) ?? '',
    name: text(raw.name) ?? '',
    rows: Number(raw.rows) || 0,
    rowCapacity: Number(raw.rowCapacity) || 0,
    ...(raw.temperature === 'cold' || raw.temperature === 'ambient' ? { temperature: raw.temperature } : {}),
  };
}

/** The entities of a message (a list, or one under the singular name), each read by `read`. */
function entities<T>(plural: unknown, single: unknown, read: (item: unknown) => T | null): T[] | null {
  const list = plural ?? (single === undefined ? undefined : [single]);
  if (!Array.isArray(list)) return null;
  return list.map(read).filter((entity): entity is T => entity !== null);
}

const rowIndexOf = (raw: Raw): number | null => {
  const row = raw.rowIndex ?? raw.row_index;
  return typeof row === 'number' && Number.isInteger(row) ? row : null;
};

/** The location a message belongs to, from the message or its position (SPEC 3 payload fields). */
const locationOf = (raw: Raw): string | null =>
  either(raw.locationId, raw.location_id) ??
  (isRecord(raw.position) ? either(raw.position.locationId, raw.position.location_id) : null);

/** The event of `type` read from `raw`, or null when `raw` lacks what the kind needs. */
function eventOf(type: LiveEvent['type'], raw: Raw, eventId: number | null, at: number): LiveEvent | null {
  const locationId = locationOf(raw);
  const action = typeof raw.action === 'string' ? raw.action : '';
  const entityAction = entityActions.has(action) ? (action as EntityAction) : null;
  switch (type) {
    case 'pallet': {
      const pallets = entities(raw.pallets, raw.pallet, readPallet);
      return pallets && entityAction
        ? { eventId, at, locationId, type, action: entityAction, pallets }
        : null;
    }
    case 'order': {
      const orders = entities(raw.orders, raw.order, readOrder);
      return orders && entityAction ? { eventId, at, locationId, type, action: entityAction, orders } : null;
    }
    case 'zone': {
      const zones = entities(raw.zones, raw.zone, readZone);
      return zones && entityAction ? { eventId, at, locationId, type, action: entityAction, zones } : null;
    }
    case 'assignment': {
      const orderId = either(raw.orderId, raw.order_id);
      if (orderId === null) return null;
      const palletIds = ids(raw.palletIds ?? raw.pallet_ids);
      const assignmentId = either(raw.assignmentId, raw.assignment_id);
      return { eventId, at, locationId, type, orderId, palletIds, assignmentId };
    }
    case 'storage': {
      const position = isRecord(raw.position) ? raw.position : raw;
      const palletId = either(position.palletId, position.pallet_id);
      if (palletId === null) return null;
      const zoneId =
        either(position.zoneId, position.zone_id) ?? either(position.storagePosition, position.storageZone);
      const positionId = either(position.positionId, position.position_id) ?? text(position.id);
      return {
        eventId,
        at,
        locationId,
        type,
        action,
        palletId,
        zoneId,
        rowIndex: rowIndexOf(position),
        positionId,
      };
    }
    case 'settings':
      return isRecord(raw.settings) ? { eventId, at, locationId, type, settings: raw.settings } : null;
    case 'printers': {
      if (!Array.isArray(raw.printers) || !raw.printers.every(isRecord)) return null;
      const printing = {
        locationId,
        printers: raw.printers,
        gs1CompanyPrefix: text(raw.gs1CompanyPrefix),
        labelLocale: isLocale(raw.labelLocale) ? raw.labelLocale : locales[0],
      };
      return { eventId, at, locationId, type, printing };
    }
    case 'scales':
      return Array.isArray(raw.scales) && raw.scales.every(isScale)
        ? { eventId, at, locationId, type, scales: raw.scales }
        : null;
    case 'palletZone': {
      const palletId = either(raw.palletId, raw.pallet_id);
      if (palletId === null) return null;
      const zoneId = either(raw.zoneId, raw.zone_id);
      const storageZone = either(raw.storageZone, raw.storage_zone) ?? zoneId;
      return { eventId, at, locationId, type, action, palletId, zoneId, storageZone };
    }
  }
}

/**
 * One SSE message as a live event, or null when it is not a live update (heartbeats, raw text,
 * unknown types or actions). Types match in long and short forms and in any letter case.
 */
export function normaliseMessage(message: SseMessage, at: number): LiveEvent | null {
  const raw = message.data;
  if (!isRecord(raw) || typeof raw.type !== 'string') return null;
  const type = typeByName.get(raw.type.toLowerCase());
  if (!type) return null;
  const id = message.id === null ? Number.NaN : Number(message.id);
  const eventId = Number.isFinite(id) ? id : null;
  return eventOf(type, raw, eventId, at);
}

/**
 * The newest event id a `connected` or `reset` message reports (`lastEventId` in its body, or
 * its SSE id), null when it names none.
 */
export function reportedLastId(message: SseMessage): number | null {
  const data = isRecord(message.data) ? message.data : {};
  const id = Number(data.lastEventId ?? data.lastId ?? message.id ?? Number.NaN);
  return Number.isFinite(id) ? id : null;
}
