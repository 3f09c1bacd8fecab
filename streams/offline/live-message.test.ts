import { describe, expect, it } from 'vitest';
import { normaliseMessage } from '../live';
import { liveMessagesOf, waitingMessages } from './live-message';
import type { QueuedChange, QueuedRequest } from './types';

const read = (request: QueuedRequest) =>
  liveMessagesOf(request).map((data) => normaliseMessage({ event: 'update', id: null, data }, 0));

describe('the live messages of a queued change', () => {
  it('foresees what the server will send for a move, a take-out and an assignment, one per pallet, read as the live events are', () => {
    expect(
      read({
        method: 'POST',
        path: '/api/storage/moves',
        body: { palletIds: ['p', 'q'], zoneId: 'z', rowIndex: 2 },
      }),
    ).toEqual([
      expect.objectContaining({
        type: 'storage',
        action: 'assign_to_zone',
        palletId: 'p',
        zoneId: 'z',
        rowIndex: 2,
      }),
      expect.objectContaining({
        type: 'storage',
        action: 'assign_to_zone',
        palletId: 'q',
        zoneId: 'z',
        rowIndex: 2,
      }),
    ]);
    expect(
      read({ method: 'POST', path: '/api/storage/take-outs', body: { locationId: 'l', palletIds: ['p'] } }),
    ).toEqual([
      expect.objectContaining({
        type: 'palletZone',
        action: 'update_storage_zone',
        palletId: 'p',
        zoneId: null,
        storageZone: null,
      }),
    ]);
    expect(read({ method: 'POST', path: '/api/orders/o/assign', body: { palletIds: ['p'] } })).toEqual([
      expect.objectContaining({ type: 'assignment', orderId: 'o', palletIds: ['p'] }),
    ]);
  });

  it("reads a store and a take-out queued by the app before the batch endpoints as the new ones' messages", () => {
    expect(
      read({
        method: 'POST',
        path: '/api/storage/positions',
        body: { palletId: 'p', zoneId: 'z', rowIndex: 2 },
      }),
    ).toEqual(
      read({
        method: 'POST',
        path: '/api/storage/moves',
        body: { palletIds: ['p'], zoneId: 'z', rowIndex: 2 },
      }),
    );
    expect(read({ method: 'DELETE', path: '/api/storage/positions/p%2F1' })).toEqual(
      read({ method: 'POST', path: '/api/storage/take-outs', body: { locationId: 'l', palletIds: ['p/1'] } }),
    );
  });

  it('foresees nothing for a shipment, and lists only the changes not refused, in order', () => {
    const change = (
      key: string,
      request: QueuedRequest,
      conflict?: QueuedChange['conflict'],
    ): QueuedChange => ({
      key,
      seq: 0,
      userId: 'u',
      request,
      label: key,
      queuedAt: 0,
      conflict,
    });
    const takeOut = (...palletIds: string[]): QueuedRequest => ({
      method: 'POST',
      path: '/api/storage/take-outs',
      body: { locationId: 'l', palletIds },
    });
    expect(liveMessagesOf({ method: 'POST', path: '/api/orders/o/ship' })).toEqual([]);
    const messages = waitingMessages([
      change('a', takeOut('a')),
      change('b', takeOut('b'), 'Not found'),
      change('s', { method: 'POST', path: '/api/orders/o/ship' }),
      change('c', { method: 'DELETE', path: '/api/storage/positions/c' }),
      change('d', takeOut('d', 'e')),
    ]);
    expect(messages.map((m) => (m as { palletId: string }).palletId)).toEqual(['a', 'c', 'd', 'e']);
  });
});
