import { describe, expect, it } from 'vitest';
import { normaliseMessage } from '../live';
import { liveMessageOf, waitingMessages } from './live-message';
import type { QueuedChange, QueuedRequest } from './types';

const read = (request: QueuedRequest) =>
  normaliseMessage({ event: 'update', id: null, data: liveMessageOf(request) }, 0);

describe('the live message of a queued change', () => {
  it('foresees what the server will send for a store, a take-out and an assignment, read as the live events are', () => {
    expect(
      read({
        method: 'POST',
        path: '/api/storage/positions',
        body: { palletId: 'p', zoneId: 'z', rowIndex: 2 },
      }),
    ).toMatchObject({ type: 'storage', action: 'assign_to_zone', palletId: 'p', zoneId: 'z', rowIndex: 2 });
    expect(read({ method: 'DELETE', path: '/api/storage/positions/p%2F1' })).toMatchObject({
      type: 'palletZone',
      action: 'update_storage_zone',
      palletId: 'p/1',
      zoneId: null,
      storageZone: null,
    });
    expect(read({ method: 'POST', path: '/api/orders/o/assign', body: { palletIds: ['p'] } })).toMatchObject({
      type: 'assignment',
      orderId: 'o',
      palletIds: ['p'],
    });
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
    const takeOut = (id: string): QueuedRequest => ({
      method: 'DELETE',
      path: `/api/storage/positions/${id}`,
    });
    expect(liveMessageOf({ method: 'POST', path: '/api/orders/o/ship' })).toBeNull();
    const messages = waitingMessages([
      change('a', takeOut('a')),
      change('b', takeOut('b'), 'Not found'),
      change('s', { method: 'POST', path: '/api/orders/o/ship' }),
      change('c', takeOut('c')),
    ]);
    expect(messages.map((m) => (m as { palletId: string }).palletId)).toEqual(['a', 'c']);
  });
});
