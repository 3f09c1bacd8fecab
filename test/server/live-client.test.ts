import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import { of, type Subscription } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionState, createConnection, type EventSourceLike } from '../../streams/connection';
import { createApiClient } from '../../streams/http';
import {
  createLiveStore,
  type LiveSnapshot,
  type LiveStoreState,
  restSnapshotLoader,
} from '../../streams/live';
import { createMemoryStorage } from '../../streams/session';
import { liveConfig, until } from './live-helpers';
import { setupTestServer } from './support/server';
import {
  call,
  createOrder,
  createPallet,
  createWarehouse,
  createZone,
  type Warehouse,
} from './warehouse-fixtures';

// The streams core's live half against the real server: the `eventsource` package's EventSource
// over a real socket, the connection state machine, the REST snapshot and the live store.
const server = setupTestServer({ config: liveConfig({ heartbeatMs: 200 }) });
let baseUrl = '';
let w: Warehouse;
const subscriptions: Subscription[] = [];

beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  w = await createWarehouse(server);
});
afterEach(() => {
  for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
});

/** The connection and store of `locationId` as the app wires them, with every URL opened and state seen. */
function live(token: string, locationId = w.locationId) {
  const urls: string[] = [];
  const states: ConnectionState[] = [];
  const connection = createConnection({
    eventSource: (url) => {
      urls.push(url);
      return new EventSource(url) as unknown as EventSourceLike;
    },
    storage: { local: createMemoryStorage({ token }), session: createMemoryStorage() },
    user$: of({ id: 'me' }),
    location$: of({ id: locationId }),
    path$: of('/dashboard'),
    visibility$: of(true),
    random: Math.random,
    baseUrl,
  });
  const api = createApiClient({ fetch, baseUrl, token: () => token });
  let snapshots = 0;
  const load = restSnapshotLoader(api);
  const store = createLiveStore({
    messages$: connection.messagesOf(locationId),
    locationId,
    loadSnapshot: (id) => {
      snapshots++;
      return load(id);
    },
    random: Math.random,
  });
  let state: LiveStoreState | undefined;
  subscriptions.push(
    connection.state$.subscribe((s) => states.push(s)),
    store.state$.subscribe((s) => {
      state = s;
    }),
  );
  return { connection, urls, states, snapshots: () => snapshots, state: () => state as LiveStoreState, api };
}

const pallet = (state: LiveStoreState, id: string) => state.pallets.get(id);

describe('live client against the real server', () => {
  it('loads the snapshot, then follows every change live: pallets, assignments, storage, deletes', async () => {
    const before = await createPallet(server, w.manager, w.locationId);
    const client = live(w.manager.token);
    await until(() => client.state()?.status === 'ready', 10_000, 'snapshot');
    expect(client.states.at(-1)?.name).toBe('CONNECTED');
    expect(pallet(client.state(), before.id)).toMatchObject({ id: before.id, boxType: before.box_type });

    const added = await createPallet(server, w.manager, w.locationId, { weight: 612.5 });
    await until(() => pallet(client.state(), added.id) !== undefined, 5_000, 'the new pallet');
    expect(client.state().pallets.ids[0]).toBe(added.id);

    const order = await createOrder(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [added.id] });
    await until(() => pallet(client.state(), added.id)?.orderId === order.id, 5_000, 'the assignment');
    expect(client.state().orders.get(order.id)?.palletIds).toEqual([added.id]);

    const zone = await createZone(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: before.id,
      zoneId: zone.id,
      rowIndex: 0,
    });
    await until(
      () => pallet(client.state(), before.id)?.storageZone === zone.name,
      5_000,
      'the storage zone',
    );

    await call(server, w.manager, 'DELETE', `/api/pallets/${before.id}`);
    await until(() => pallet(client.state(), before.id) === undefined, 5_000, 'the delete');

    // what the stream built equals what the server now answers
    const fresh = (await new Promise<LiveSnapshot>((resolve) =>
      restSnapshotLoader(client.api)(w.locationId).subscribe(resolve),
    )) as LiveSnapshot;
    const view = (p: Record<string, unknown>) => ({
      id: p.id,
      weight: p.weight,
      orderId: p.orderId ?? null,
      storageZone: p.storageZone ?? null,
    });
    expect(client.state().pallets.ids.map((id) => view(pallet(client.state(), id) ?? {}))).toEqual(
      fresh.pallets.map(view),
    );
    expect(client.snapshots()).toBe(1);
  });

  it('reconnects with the last event id it saw and gets what happened meanwhile, without a new snapshot', async () => {
    const client = live(w.manager.token);
    await until(() => client.state()?.status === 'ready', 10_000, 'snapshot');
    const seen = client.state().lastEventId;
    client.connection.setScanningMode(true); // the stream is suspended
    await until(() => client.states.at(-1)?.name === 'DISCONNECTED', 5_000, 'suspended');
    const missed = await createPallet(server, w.manager, w.locationId);
    client.connection.setScanningMode(false);
    await until(() => pallet(client.state(), missed.id) !== undefined, 5_000, 'the pallet made while away');
    expect(client.urls.at(-1)).toContain(`lastEventId=${seen}`);
    expect(client.snapshots()).toBe(1);
  });

  it('is refused for a location the user may not see: the stream closes, DISCONNECTED after the grace, then retries', async () => {
    const client = live(w.outsider.token, w.locationId);
    await until(() => client.urls.length >= 2, 10_000, 'a second attempt');
    expect(client.states.map((s) => `${s.name} ${s.reason ?? ''}`.trim())).toEqual([
      'DISCONNECTED',
      'CONNECTING',
      'DISCONNECTED Failed to establish connection',
      'CONNECTING',
    ]);
    expect(client.state().status).toBe('loading');
  });
});
