import { describe, expect, it } from 'vitest';
import { normaliseMessage } from '../live';
import { liveMessagesOf, waitingMessages } from './live-message';
import type { QueuedChange, QueuedRequest } from './types';

const foreseen = (request: QueuedRequest) => ({ request, userId: 'u', queuedAt: 0 });
const read = (request: QueuedRequest) =>
  liveMessagesOf(foreseen(request)).map((data) => normaliseMessage({ event: 'update', id: null, data }, 0));

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

  it("foresees a pallet made with the phone's id as the server will answer it, made by its user when it was queued", () => {
    const making = {
      method: 'POST' as const,
      path: '/api/pallets',
      body: {
        id: 'p1',
        locationId: 'l',
        palletType: 'Euro',
        boxType: 'Crate',
        tomatoType: 'Round',
        tomatoOption: 'Class I',
        weight: 612.5,
      },
    };
    const [event] = liveMessagesOf({
      request: making,
      userId: 'u1',
      queuedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    }).map((data) => normaliseMessage({ event: 'update', id: null, data }, 0));
    expect(event).toMatchObject({ type: 'pallet', action: 'add', locationId: 'l' });
    expect(event?.type === 'pallet' && event.pallets).toEqual([
      {
        id: 'p1',
        locationId: 'l',
        palletType: 'Euro',
        boxType: 'Crate',
        tomatoType: 'Round',
        tomatoOption: 'Class I',
        weight: 612.5,
        status: 'active',
        version: 1,
        qrCode: '{"id":"p1"}',
        orderId: null,
        assignmentId: null,
        storageZone: null,
        zoneId: null,
        rowIndex: null,
        addedBy: 'u1',
        createdAt: '2026-01-02T03:04:05.000Z',
        updatedAt: '2026-01-02T03:04:05.000Z',
        shippedAt: null,
        processedAt: null,
      },
    ]);
    // its undo (a deletion) takes it away again
    expect(
      read({ method: 'POST', path: '/api/pallets/deletions', body: { locationId: 'l', palletIds: ['p1'] } }),
    ).toEqual([expect.objectContaining({ type: 'pallet', action: 'delete', pallets: [{ id: 'p1' }] })]);
    // without the phone's id only the server names the pallet: nothing to show before it answers
    const { id: _id, ...withoutId } = making.body;
    expect(read({ ...making, body: withoutId })).toEqual([]);
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
    expect(liveMessagesOf(foreseen({ method: 'POST', path: '/api/orders/o/ship' }))).toEqual([]);
    const messages = waitingMessages([
      change('a', takeOut('a')),
      change('b', takeOut('b'), 'Not found'),
      change('s', { method: 'POST', path: '/api/orders/o/ship' }),
      change('c', { method: 'DELETE', path: '/api/storage/positions/c' }),
      change('d', takeOut('d', 'e')),
    ]);
    expect(messages.map((m) => (m as { palletId: string }).palletId)).toEqual(['a', 'c', 'd', 'e']);
    // a pallet made offline, then stored: added before it is placed, as the server will apply them
    const made = waitingMessages([
      change('m', { method: 'POST', path: '/api/pallets', body: { id: 'n', locationId: 'l' } }),
      change('s', {
        method: 'POST',
        path: '/api/storage/moves',
        body: { palletIds: ['n'], zoneId: 'z', rowIndex: 0 },
      }),
    ]);
    expect(made.map((m) => (m as { type: string }).type)).toEqual([
      'PALLET_UPDATE',
      'STORAGE_POSITION_UPDATE',
    ]);
  });
});
