import { beforeAll, expect } from 'vitest';
import type { PermissionFlag } from '../../server/modules/permissions/flags';
import { tablesDigest } from './support/database';
import { setupTestServer, type TestServer, type TestServerOptions, type TestUser } from './support/server';

/** A small catalogue, the one every warehouse test location gets. */
export const testCatalog = {
  palletType: ['Euro', 'Block'],
  boxType: ['Crate 30x40', 'Carton 5 kg'],
  tomatoType: ['Round', 'Vine', 'Cherry'],
  tomatoOption: ['Class I', 'Organic'],
};

/** A valid POST /api/pallets body (without locationId). */
export const palletValues = {
  palletType: 'Euro',
  boxType: 'Crate 30x40',
  tomatoType: 'Round',
  tomatoOption: 'Class I',
  weight: 612.5,
};

/** Every table a warehouse request may write, for "nothing written" checks. */
export const warehouseTables = [
  'pallets',
  'orders',
  'assignments',
  'storage_zones',
  'storage_positions',
  'catalog_values',
  'live_events',
  'analytics_events',
  'idempotency_keys',
];

const manageFlags: PermissionFlag[] = ['manage_pallets', 'manage_orders', 'manage_storage_assignments'];

/** A location with the test catalogue, an admin, a user holding every manage flag, and an outsider. */
export interface Warehouse {
  locationId: string;
  admin: TestUser;
  /** desktop user with manage_pallets, manage_orders and manage_storage_assignments in the location */
  manager: TestUser;
  /** a user of another location, holding every flag there */
  outsider: TestUser;
  /** the outsider's location */
  otherLocationId: string;
}

/** Builds a {@link Warehouse} in `server` (call inside a test or hook). */
export async function createWarehouse(server: TestServer): Promise<Warehouse> {
  const location = await server.createLocation();
  const other = await server.createLocation();
  const admin = await server.createUser({ admin: true });
  const manager = await server.createUser({
    permissions: ['desktop_access', ...manageFlags],
    locations: [location.id],
  });
  const outsider = await server.createUser({ permissions: manageFlags, locations: [other.id] });
  for (const locationId of [location.id, other.id]) {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/catalog',
      headers: admin.headers,
      payload: { locationId, ...testCatalog },
    });
    expect(res.statusCode).toBe(200);
  }
  return { locationId: location.id, admin, manager, outsider, otherLocationId: other.id };
}

/**
 * The set-up of a warehouse test file: a test server ({@link setupTestServer}) with a
 * {@link Warehouse} in it, built before the file's first test (and before the file's own
 * `beforeAll` hooks): `const { server, w } = setupWarehouse();` at the top of the file; `options`
 * as {@link setupTestServer} takes them.
 */
export function setupWarehouse(options?: TestServerOptions): { server: TestServer; w: Warehouse } {
  const server = setupTestServer(options);
  const w = {} as Warehouse;
  beforeAll(async () => {
    Object.assign(w, await createWarehouse(server));
  });
  return { server, w };
}

/** Sends a request and answers status and parsed body. */
export async function call(
  server: TestServer,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await server.app.inject({
    method,
    url,
    headers: { ...(user?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** Creates a pallet through the API; answers its document. */
export async function createPallet(server: TestServer, user: TestUser, locationId: string, values = {}) {
  const res = await call(server, user, 'POST', '/api/pallets', { locationId, ...palletValues, ...values });
  expect(res.status).toBe(201);
  return res.body;
}

/** Creates an order through the API; answers its document. */
export async function createOrder(server: TestServer, user: TestUser, locationId: string, values = {}) {
  const res = await call(server, user, 'POST', '/api/orders', {
    locationId,
    customer: 'Jumbo DC Veghel',
    requestedPallets: 4,
    dueDate: '2026-12-01',
    ...values,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Creates a storage zone through the API; answers its document. */
export async function createZone(server: TestServer, user: TestUser, locationId: string, values = {}) {
  const res = await call(server, user, 'POST', '/api/storage/zones', {
    locationId,
    name: `Zone ${crypto.randomUUID().slice(0, 8)}`,
    rows: 3,
    rowCapacity: 2,
    ...values,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** The live events logged after event `afterId` in `locationId`, oldest first. */
export async function liveEventsAfter(server: TestServer, locationId: string, afterId: number) {
  const rows = await server.db
    .selectFrom('live_events')
    .select(['id', 'type', 'payload'])
    .where('location_id', '=', locationId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    payload: row.payload as Record<string, unknown>,
  }));
}

/** The id of the last live event of `locationId` (0 before any). */
export async function lastEventId(server: TestServer, locationId: string): Promise<number> {
  const row = await server.db
    .selectFrom('location_event_counters')
    .select('last_id')
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  return Number(row?.last_id ?? 0);
}

/** Analytics events of `type` recorded for `locationId`. */
export async function analyticsOf(server: TestServer, locationId: string, type: string) {
  return server.db
    .selectFrom('analytics_events')
    .selectAll()
    .where('location_id', '=', locationId)
    .where('event_type', '=', type)
    .orderBy('created_at')
    .execute();
}

/**
 * Runs `request` and asserts it wrote nothing to any warehouse table, live log, analytics or
 * idempotency key.
 */
export async function expectNothingWritten<T>(server: TestServer, request: () => Promise<T>): Promise<T> {
  const before = await tablesDigest(server.database, warehouseTables);
  const result = await request();
  expect(await tablesDigest(server.database, warehouseTables)).toEqual(before);
  return result;
}
