import type { QueuedChange } from './types';

const makePath = /^\/api\/pallets$/;
const deletionsPath = /^\/api\/pallets\/deletions$/;
const movePath = /^\/api\/storage\/moves$/;
const takeOutsPath = /^\/api\/storage\/take-outs$/;
const assignPath = /^\/api\/orders\/([^/]+)\/assign$/;
// a phone's app before the batch endpoints queued one pallet per change: such changes may still
// wait on a phone that updated, and are shown and sent as they are
const storePath = /^\/api\/storage\/positions$/;
const takeOutPath = /^\/api\/storage\/positions\/([^/]+)$/;

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

const palletIdsOf = (body: unknown): unknown[] => {
  const ids = field(body, 'palletIds');
  return Array.isArray(ids) ? ids : [];
};

const stored = (palletId: unknown, body: unknown) => ({
  type: 'STORAGE_POSITION_UPDATE',
  action: 'assign_to_zone',
  position: { palletId, zoneId: field(body, 'zoneId'), rowIndex: field(body, 'rowIndex') },
});

const takenOut = (palletId: unknown) => ({
  type: 'PALLET_UPDATED',
  action: 'update_storage_zone',
  palletId,
  zoneId: null,
  storageZone: null,
});

/** What a queued change's messages are foreseen from: its call, who made it and when. */
type ForeseenChange = Pick<QueuedChange, 'request' | 'userId' | 'queuedAt'>;

/**
 * The pallet a making with the phone's `id` adds, as the server will answer it: made by its
 * user when it was queued, on no order and in no row.
 */
function made(body: unknown, userId: string, queuedAt: number) {
  const id = field(body, 'id');
  const at = new Date(queuedAt).toISOString();
  const pallet = {
    id,
    location_id: field(body, 'locationId'),
    pallet_type: field(body, 'palletType'),
    box_type: field(body, 'boxType'),
    tomato_type: field(body, 'tomatoType'),
    tomato_option: field(body, 'tomatoOption'),
    weight: field(body, 'weight'),
    status: 'active',
    version: 1,
    qr_code: JSON.stringify({ id }),
    order_id: null,
    assignment_id: null,
    storage_zone: null,
    zone_id: null,
    row_index: null,
    added_by: userId,
    created_at: at,
    updated_at: at,
    shipped_at: null,
    processed_at: null,
  };
  return { type: 'PALLET_UPDATE', action: 'add', locationId: pallet.location_id, pallets: [pallet] };
}

/**
 * The live messages (SPEC 7's shape, CONTRACT's fields) that show what a queued change does once
 * the server has applied it, one per pallet, so the phone can show the change before it is sent;
 * none for a change it cannot foresee (shipping an order, whose pallets only the server lists; a
 * pallet made without the phone's id, which only the server names).
 */
export function liveMessagesOf({ request, userId, queuedAt }: ForeseenChange): unknown[] {
  const { method, path, body } = request;
  if (method === 'POST' && makePath.test(path))
    return typeof field(body, 'id') === 'string' ? [made(body, userId, queuedAt)] : [];
  if (method === 'POST' && deletionsPath.test(path))
    return [
      {
        type: 'PALLET_UPDATE',
        action: 'delete',
        locationId: field(body, 'locationId'),
        pallets: palletIdsOf(body).map((id) => ({ id })),
      },
    ];
  if (method === 'POST' && movePath.test(path)) return palletIdsOf(body).map((id) => stored(id, body));
  if (method === 'POST' && takeOutsPath.test(path)) return palletIdsOf(body).map(takenOut);
  if (method === 'POST' && storePath.test(path)) return [stored(field(body, 'palletId'), body)];
  const takeOut = method === 'DELETE' ? takeOutPath.exec(path) : null;
  if (takeOut) return [takenOut(decodeURIComponent(takeOut[1]))];
  const assign = method === 'POST' ? assignPath.exec(path) : null;
  if (assign)
    return [
      {
        type: 'ASSIGNMENT_UPDATE',
        orderId: decodeURIComponent(assign[1]),
        palletIds: field(body, 'palletIds'),
      },
    ];
  return [];
}

/** The live messages of the changes still waiting (not refused), in the order they will be sent. */
export const waitingMessages = (changes: readonly QueuedChange[]): unknown[] =>
  changes.filter((change) => !change.conflict).flatMap(liveMessagesOf);
