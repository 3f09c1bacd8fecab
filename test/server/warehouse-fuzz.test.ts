import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { tablesDigest } from './support/database';
import {
  createOrder,
  createPallet,
  createZone,
  palletValues,
  setupWarehouse,
  testCatalog,
  warehouseTables,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse();
let ids: { pallet: string; order: string; zone: string };

beforeAll(async () => {
  const pallet = await createPallet(server, w.manager, w.locationId);
  const order = await createOrder(server, w.manager, w.locationId);
  const zone = await createZone(server, w.manager, w.locationId);
  ids = { pallet: pallet.id, order: order.id, zone: zone.id };
});

/** A value of any JSON shape, weighted towards the edges validation must catch. */
const junk = fc.oneof(
  fc.constantFrom(
    null,
    '',
    ' ',
    0,
    -1,
    1e308,
    -0,
    0.001,
    10_001,
    true,
    [],
    {},
    '00000000-0000-0000-0000-000000000000',
    // years PostgreSQL's date cannot hold, and a lone surrogate (jsonb refuses it)
    '0000-01-01',
    '9999-12-31',
    '\ud800',
    ['\udfff'],
  ),
  fc.string({ unit: 'binary' }),
  fc.double(),
  fc.integer(),
  fc.uuid(),
  fc.jsonValue(),
);

/** An id for a path or a body: an existing one, a random UUID, or any text. */
const anyId = (existing: () => string) =>
  fc.oneof(fc.constant(0).map(existing), fc.uuid(), fc.string({ unit: 'binary' }));

/** A valid body with some fields replaced by junk, dropped, or extra fields added. */
function mangled(valid: () => Record<string, unknown>) {
  return fc
    .tuple(
      fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 3 }),
      fc.array(fc.nat(), { maxLength: 3 }),
      fc.array(junk, { maxLength: 3 }),
    )
    .map(([extra, drops, replacements]) => {
      const body: Record<string, unknown> = { ...valid(), ...extra };
      const keys = Object.keys(valid());
      for (const drop of drops) delete body[keys[drop % keys.length]];
      replacements.forEach((value, i) => {
        body[keys[(i * 7) % keys.length]] = value;
      });
      return body;
    });
}

/** A request body: mangled valid, any JSON, or text that is not JSON at all. */
const bodyFor = (valid: () => Record<string, unknown>) =>
  fc.oneof(
    mangled(valid).map((body) => ({ payload: JSON.stringify(body) })),
    fc.jsonValue().map((value) => ({ payload: JSON.stringify(value) })),
    fc.string().map((text) => ({ payload: text })),
  );

const routes = () =>
  [
    {
      method: 'POST',
      url: fc.constant('/api/pallets'),
      valid: () => ({ locationId: w.locationId, ...palletValues }),
    },
    {
      method: 'PATCH',
      url: anyId(() => ids.pallet).map((id) => `/api/pallets/${encodeURIComponent(id)}`),
      valid: () => ({ version: 1, weight: 10, tomatoType: 'Vine' }),
    },
    {
      method: 'PUT',
      url: fc.constant('/api/catalog'),
      valid: () => ({ locationId: w.locationId, ...testCatalog }),
    },
    {
      method: 'POST',
      url: fc.constant('/api/orders'),
      valid: () => ({
        locationId: w.locationId,
        customer: 'Sligro',
        requestedPallets: 3,
        dueDate: '2026-12-24',
      }),
    },
    {
      method: 'PATCH',
      url: anyId(() => ids.order).map((id) => `/api/orders/${encodeURIComponent(id)}`),
      valid: () => ({ customer: 'Hanos', status: 'complete', dueDate: '2027-01-01' }),
    },
    {
      method: 'POST',
      url: anyId(() => ids.order).map((id) => `/api/orders/${encodeURIComponent(id)}/assign`),
      valid: () => ({ palletIds: [ids.pallet] }),
    },
    {
      method: 'POST',
      url: anyId(() => ids.order).map((id) => `/api/orders/${encodeURIComponent(id)}/ship`),
      valid: () => ({}),
    },
    {
      method: 'POST',
      url: fc.constant('/api/storage/zones'),
      valid: () => ({ locationId: w.locationId, name: 'Fuzz hall', rows: 2, rowCapacity: 2 }),
    },
    {
      method: 'PATCH',
      url: anyId(() => ids.zone).map((id) => `/api/storage/zones/${encodeURIComponent(id)}`),
      valid: () => ({ name: 'Fuzz zone', rows: 4, rowCapacity: 3 }),
    },
    {
      method: 'POST',
      url: fc.constant('/api/storage/positions'),
      valid: () => ({ palletId: ids.pallet, zoneId: ids.zone, rowIndex: 0 }),
    },
    {
      method: 'POST',
      url: fc.constant('/api/storage/moves'),
      valid: () => ({ palletIds: [ids.pallet], zoneId: ids.zone, rowIndex: 0 }),
    },
    {
      method: 'POST',
      url: fc.constant('/api/storage/take-outs'),
      valid: () => ({ locationId: w.locationId, palletIds: [ids.pallet] }),
    },
    {
      method: 'POST',
      url: fc.constant('/api/pallets/deletions'),
      valid: () => ({ locationId: w.locationId, palletIds: [ids.pallet] }),
    },
  ] as const;

describe('random and malformed requests to every changing warehouse route', () => {
  it('never answer 5xx, and a rejected one never changes a row', async () => {
    const request = fc.oneof(
      ...routes().map((route) =>
        fc.record({ method: fc.constant(route.method), url: route.url, body: bodyFor(route.valid) }),
      ),
    );
    /** The tables' digest while no request has changed them since it was taken. */
    let unchanged: Record<string, string> | undefined;
    await fc.assert(
      fc.asyncProperty(
        request,
        fc.constantFrom('admin', 'manager') as fc.Arbitrary<'admin' | 'manager'>,
        async (req, who) => {
          // nothing else writes between two requests: what the last one left is this one's before
          unchanged ??= await tablesDigest(server.database, warehouseTables);
          const before = unchanged;
          const res = await server.app.inject({
            method: req.method,
            url: req.url,
            headers: { ...w[who].headers, 'content-type': 'application/json' },
            payload: req.body.payload,
          });
          expect(res.statusCode, `${req.method} ${req.url} ${req.body.payload}: ${res.body}`).toBeLessThan(
            500,
          );
          if (res.statusCode >= 400) {
            expect(res.json()).toEqual(
              expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
            );
            expect(await tablesDigest(server.database, warehouseTables)).toEqual(before);
          } else unchanged = undefined;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answer 5xx to random list queries', async () => {
    const query = fc.dictionary(
      fc.constantFrom(
        'locationId',
        'status',
        'limit',
        'cursor',
        'tomatoType',
        'boxType',
        'orderId',
        'palletType',
        'shippedFrom',
        'shippedTo',
        'x',
      ),
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.uuid(),
        fc.constant(w?.locationId ?? ''),
        fc.integer().map(String),
        fc.constantFrom('0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '2026-01-01T00:00:00Z'),
      ),
    );
    const path = fc.constantFrom(
      '/api/pallets',
      '/api/orders',
      '/api/storage/zones',
      '/api/catalog',
      '/api/dashboard/overview',
    );
    await fc.assert(
      fc.asyncProperty(path, query, async (url, params) => {
        const res = await server.app.inject({ method: 'GET', url, query: params, headers: w.admin.headers });
        expect(res.statusCode, `${url} ${JSON.stringify(params)}: ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers 422 for a NUL character in a name, a value or a filter', async () => {
    const nul = 'Round\u0000';
    const order = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: w.admin.headers,
      payload: { locationId: w.locationId, customer: nul, requestedPallets: 1 },
    });
    expect(order.statusCode).toBe(422);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/pallets',
      query: { locationId: w.locationId, tomatoType: nul },
      headers: w.admin.headers,
    });
    expect(list.statusCode).toBe(422);
  });

  it('answers 422 for a due date in year 0000 and a lone surrogate in a catalogue value', async () => {
    const before = await tablesDigest(server.database, warehouseTables);
    const order = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: w.admin.headers,
      payload: { locationId: w.locationId, customer: 'Sligro', requestedPallets: 1, dueDate: '0000-01-01' },
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().details).toEqual({ dueDate: expect.stringContaining('years') });
    const catalog = await server.app.inject({
      method: 'PUT',
      url: '/api/catalog',
      headers: w.admin.headers,
      payload: { locationId: w.locationId, ...testCatalog, tomatoType: ['Round', 'Vine \ud800'] },
    });
    expect(catalog.statusCode).toBe(422);
    expect(catalog.json().details).toEqual({ 'tomatoType.1': expect.stringContaining('surrogate') });
    expect(await tablesDigest(server.database, warehouseTables)).toEqual(before);
  });
});
