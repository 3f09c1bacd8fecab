import type { QueuedChange, QueuedRequest } from './types';

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

/**
 * The live messages (SPEC 7's shape, CONTRACT's fields) that show what `request` does once the
 * server has applied it, one per pallet, so the phone can show the change before it is sent;
 * none for a change it cannot foresee (shipping an order, whose pallets only the server lists).
 */
export function liveMessagesOf({ method, path, body }: QueuedRequest): unknown[] {
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
  changes.filter((change) => !change.conflict).flatMap((change) => liveMessagesOf(change.request));
