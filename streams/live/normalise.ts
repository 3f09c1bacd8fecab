import { palletOf } from './pallet-shape';
import type { EntityAction, LiveEvent, Order, Pallet, SseMessage } from './types';

type Raw = Record<string, unknown>;

const typeByName = new Map<string, LiveEvent['type']>([
  ['PALLET_UPDATE', 'pallet'],
  ['ORDER_UPDATE', 'order'],
  ['ASSIGNMENT_UPDATE', 'assignment'],
  ['STORAGE_POSITION_UPDATE', 'storage'],
  ['PALLET_UPDATED', 'palletZone'],
  ['pallet_update', 'pallet'],
  ['pallet', 'pallet'],
  ['order_update', 'order'],
  ['order', 'order'],
  ['assignment_update', 'assignment'],
  ['assignment', 'assignment'],
  ['storage_position_update', 'storage'],
  ['storage', 'storage'],
  ['pallet_updated', 'palletZone'],
]);

const entityActions = new Set<string>(['add', 'update', 'delete']);

const isRecord = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// Payloads repeat the same few keys: each conversion is worked out once.
const camelNames = new Map<string, string>();
const camel = (key: string): string => {
  if (!key.includes('_')) return key;
  let name = camelNames.get(key);
  if (name === undefined) {
    name = key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    if (camelNames.size < 10_000) camelNames.set(key, name);
  }
  return name;
};

/** Shallow copy with snake_case keys in camelCase (pallet payloads may come either way, SPEC 7). */
const camelKeys = (raw: Raw): Raw => {
  const out: Raw = {};
  for (const key in raw) out[camel(key)] = raw[key];
  return out;
};

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The first of two spellings present (palletId / pallet_id …), as text. */
const either = (a: unknown, b: unknown): string | null => text(a) ?? text(b);

/**
 * The items of `list` that `read` makes something of, in a list of their exact length (a list
 * grown by push holds room for 16 from its first item: most messages carry one).
 */
function readAll<T>(list: readonly unknown[], read: (item: unknown) => T | null): T[] {
  const out = new Array<T>(list.length);
  let count = 0;
  for (const item of list) {
    const value = read(item);
    if (value !== null) out[count++] = value;
  }
  if (count < out.length) out.length = count; // setting the length costs even when it does not change
  return out;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? readAll(value, text) : []);

/** The entities of a message (a list, or one under the singular name), each read by `read`. */
function entities<T>(plural: unknown, single: unknown, read: (item: unknown) => T | null): T[] | null {
  const list = plural ?? (single === undefined ? undefined : [single]);
  return Array.isArray(list) ? readAll(list, read) : null;
}

const pallet = (item: unknown): Pallet | null => (isRecord(item) ? palletOf(item, camel) : null);

const order = (item: unknown): Order | null => {
  if (!isRecord(item)) return null;
  const raw = camelKeys(item);
  if (raw.id === undefined || raw.id === null) return null;
  const palletIds = ids(raw.palletIds);
  return {
    ...raw,
    id: String(raw.id),
    palletIds,
    assignedPallets: Number(raw.assignedPallets ?? palletIds.length),
  };
};

/**
 * The event of `type` read from `raw` with its envelope fields first, or null when `raw` lacks
 * what the kind needs. Events come in four shapes (storage positions and zone moves share one):
 * a read site tells up to four apart, where a fifth would make every read of an event's type,
 * location or ids one generic lookup. Each spelling is read by name where it is used, as a
 * helper taking the key would make those reads generic too.
 */
function eventOf(type: LiveEvent['type'], raw: Raw, eventId: number | null, at: number): LiveEvent | null {
  const locationId = locationOf(raw);
  const action = typeof raw.action === 'string' ? raw.action : '';
  switch (type) {
    case 'pallet': {
      const pallets = entities(raw.pallets, raw.pallet, pallet);
      if (!pallets || !entityActions.has(action)) return null;
      return { eventId, at, locationId, type, action: action as EntityAction, pallets };
    }
    case 'order': {
      const orders = entities(raw.orders, raw.order, order);
      if (!orders || !entityActions.has(action)) return null;
      return { eventId, at, locationId, type, action: action as EntityAction, orders };
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
      return { eventId, at, locationId, type, action, palletId, zoneId, positionId, storageZone: undefined };
    }
    case 'palletZone': {
      const palletId = either(raw.palletId, raw.pallet_id);
      if (palletId === null) return null;
      const storageZone = either(raw.storageZone, raw.storage_zone) ?? either(raw.zoneId, raw.zone_id);
      return {
        eventId,
        at,
        locationId,
        type,
        action,
        palletId,
        zoneId: undefined,
        positionId: undefined,
        storageZone,
      };
    }
  }
}

/** The location a message belongs to, from the message or its position (SPEC 3 payload fields). */
const locationOf = (raw: Raw): string | null =>
  either(raw.locationId, raw.location_id) ??
  (isRecord(raw.position) ? either(raw.position.locationId, raw.position.location_id) : null);

/**
 * One SSE message as a live event, or null when it is not a live update (heartbeats, raw text,
 * unknown types or actions). Types match in long and short forms and in any letter case.
 */
export function normaliseMessage(message: SseMessage, at: number): LiveEvent | null {
  const raw = message.data;
  if (!isRecord(raw) || typeof raw.type !== 'string') return null;
  const type = typeByName.get(raw.type) ?? typeByName.get(raw.type.toLowerCase());
  if (!type) return null;
  const id = message.id === null ? Number.NaN : Number(message.id);
  return eventOf(type, raw, Number.isFinite(id) ? id : null, at);
}

/**
 * The newest event id a `connected` or `reset` message reports (CONTRACT: `lastEventId` in its
 * body, or its SSE id), null when it names none.
 */
export function reportedLastId(message: SseMessage): number | null {
  const data = message.data as Record<string, unknown> | null;
  const named = typeof data === 'object' && data ? (data.lastEventId ?? data.lastId) : undefined;
  const id = Number(named ?? message.id ?? Number.NaN);
  return Number.isFinite(id) ? id : null;
}
