import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../http/client';
import { createFakeFetch } from '../http/fake-fetch';
import { restPalletsLoader, restSnapshotLoader } from './snapshot';

describe('restSnapshotLoader (CONTRACT "Warehouse data")', () => {
  it('reads every page of pallets, orders and zones plus the overview, with the oldest last event id, the first page ahead of the others', async () => {
    const fetch = createFakeFetch(({ path, query }) => {
      expect(query.get('locationId')).toBe('L1');
      if (path === '/api/pallets') {
        return query.get('cursor')
          ? { body: { data: [{ id: 'p2', storage_zone: 'A' }], next_cursor: null, last_event_id: 12 } }
          : { body: { data: [{ id: 'p1', box_type: 'crate' }], next_cursor: 'p1', last_event_id: 10 } };
      }
      if (path === '/api/orders')
        return { body: { data: [{ id: 'o1', palletIds: [] }], nextCursor: null, lastEventId: 11 } };
      if (path === '/api/storage/zones') {
        const zone = {
          id: 'z1',
          locationId: 'L1',
          name: 'Cold store',
          rows: 2,
          rowCapacity: 4,
          rowPallets: [['p2'], []],
        };
        return { body: { data: [zone], lastEventId: 9 } };
      }
      return { body: { totalKgWarehouse: 5, totalKgAssigned: 0, shippedToday: 1 } };
    });
    const load = restSnapshotLoader(createApiClient({ fetch, token: () => 't' }));
    const rest = {
      orders: [{ id: 'o1', palletIds: [], assignedPallets: 0 }],
      zones: [{ id: 'z1', locationId: 'L1', name: 'Cold store', rows: 2, rowCapacity: 4 }],
      overview: { totalKgWarehouse: 5, totalKgAssigned: 0, shippedToday: 1 },
      lastEventId: 9,
    };
    expect(await firstValueFrom(load('L1').pipe(toArray()))).toEqual([
      { pallets: [{ id: 'p1', boxType: 'crate' }], ...rest, partial: true },
      {
        pallets: [
          { id: 'p1', boxType: 'crate' },
          { id: 'p2', storageZone: 'A' },
        ],
        ...rest,
      },
    ]);
    expect(fetch.calls.filter((c) => c.path === '/api/pallets').map((c) => c.query.get('limit'))).toEqual([
      '1000',
      '1000',
    ]);
  });
  it('gives one snapshot, not partial, when the pallets fit in one page', async () => {
    const fetch = createFakeFetch(({ path }) =>
      path === '/api/dashboard/overview'
        ? { body: { totalKgWarehouse: 0, totalKgAssigned: 0, shippedToday: 0 } }
        : { body: { data: [], nextCursor: null, lastEventId: 3 } },
    );
    const load = restSnapshotLoader(createApiClient({ fetch, token: () => 't' }));
    const snapshots = await firstValueFrom(load('L1').pipe(toArray()));
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).not.toHaveProperty('partial');
  });
});

describe('restPalletsLoader (GET /api/pallets with a status)', () => {
  it('reads every page of the status asked for, telling after each how many have come', async () => {
    const fetch = createFakeFetch(({ query }) => {
      expect(query.get('locationId')).toBe('L1');
      expect(query.get('status')).toBe('shipped');
      return query.get('cursor')
        ? { body: { data: [{ id: 'p2', status: 'shipped' }], next_cursor: null, last_event_id: 12 } }
        : { body: { data: [{ id: 'p1', status: 'shipped' }], next_cursor: 'p1', last_event_id: 10 } };
    });
    const load = restPalletsLoader(createApiClient({ fetch, token: () => 't' }));
    expect(await firstValueFrom(load('L1', 'shipped').pipe(toArray()))).toEqual([
      { pallets: [{ id: 'p1', status: 'shipped' }], lastEventId: 10, done: false },
      {
        pallets: [
          { id: 'p1', status: 'shipped' },
          { id: 'p2', status: 'shipped' },
        ],
        lastEventId: 10,
        done: true,
      },
    ]);
    expect(fetch.calls.map((c) => c.query.get('cursor'))).toEqual([null, 'p1']);
  });
});
