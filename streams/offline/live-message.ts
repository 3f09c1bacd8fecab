import type { QueuedChange, QueuedRequest } from './types';

const storePath = /^\/api\/storage\/positions$/;
const takeOutPath = /^\/api\/storage\/positions\/([^/]+)$/;
const assignPath = /^\/api\/orders\/([^/]+)\/assign$/;

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/**
 * The live message (SPEC 7's shape, CONTRACT's fields) the server sends once it has applied
 * `request`, so the phone can show the change before it is sent; null for a change it cannot
 * foresee (shipping an order, whose pallets only the server lists).
 */
export function liveMessageOf({ method, path, body }: QueuedRequest): unknown | null {
  if (method === 'POST' && storePath.test(path))
    return {
      type: 'STORAGE_POSITION_UPDATE',
      action: 'assign_to_zone',
      position: {
        palletId: field(body, 'palletId'),
        zoneId: field(body, 'zoneId'),
        rowIndex: field(body, 'rowIndex'),
      },
    };
  const takeOut = method === 'DELETE' ? takeOutPath.exec(path) : null;
  if (takeOut)
    return {
      type: 'PALLET_UPDATED',
      action: 'update_storage_zone',
      palletId: decodeURIComponent(takeOut[1]),
      zoneId: null,
      storageZone: null,
    };
  const assign = method === 'POST' ? assignPath.exec(path) : null;
  if (assign)
    return {
      type: 'ASSIGNMENT_UPDATE',
      orderId: decodeURIComponent(assign[1]),
      palletIds: field(body, 'palletIds'),
    };
  return null;
}

/** The live messages of the changes still waiting (not refused), in the order they will be sent. */
export const waitingMessages = (changes: readonly QueuedChange[]): unknown[] =>
  changes
    .filter((change) => !change.conflict)
    .map((change) => liveMessageOf(change.request))
    .filter((message) => message !== null);
