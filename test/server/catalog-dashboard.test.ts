import { describe, expect, it } from 'vitest';
import {
  analyticsOf,
  call,
  createOrder,
  createPallet,
  expectNothingWritten,
  lastEventId,
  liveEventsAfter,
  setupWarehouse,
  testCatalog,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse();

describe('GET/PUT /api/catalog', () => {
  it('answers the catalogue of a location in its order', async () => {
    const res = await call(server, w.manager, 'GET', `/api/catalog?locationId=${w.locationId}`);
    expect(res).toEqual({ status: 200, body: { locationId: w.locationId, ...testCatalog } });
    const empty = await server.createLocation();
    const fresh = await call(server, w.admin, 'GET', `/api/catalog?locationId=${empty.id}`);
    expect(fresh.body).toEqual({
      locationId: empty.id,
      palletType: [],
      boxType: [],
      tomatoType: [],
      tomatoOption: [],
    });
    expect((await call(server, w.outsider, 'GET', `/api/catalog?locationId=${w.locationId}`)).status).toBe(
      404,
    );
  });

  it('lets an admin replace it (live CATALOG_UPDATE, system_update); new values apply at once', async () => {
    const loc = (await server.createLocation()).id;
    const catalog = {
      palletType: ['Euro'],
      boxType: ['Carton 6 kg'],
      tomatoType: ['Plum', 'Beef'],
      tomatoOption: ['Organic'],
    };
    const before = await lastEventId(server, loc);
    const res = await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...catalog });
    expect(res).toEqual({ status: 200, body: { locationId: loc, ...catalog } });
    expect((await liveEventsAfter(server, loc, before)).map((e) => e.payload)).toEqual([
      { type: 'CATALOG_UPDATE', catalog: { locationId: loc, ...catalog }, locationId: loc },
    ]);
    expect(await analyticsOf(server, loc, 'system_update')).toHaveLength(1);
    const pallet = await createPallet(server, w.admin, loc, {
      palletType: 'Euro',
      boxType: 'Carton 6 kg',
      tomatoType: 'Beef',
      tomatoOption: 'Organic',
    });
    expect(pallet.tomato_type).toBe('Beef');
  });

  it('answers 403 to a non-admin, even with every manage flag, and 422 for repeated or blank values', async () => {
    const body = { locationId: w.locationId, ...testCatalog, tomatoType: ['Round'] };
    const denied = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PUT', '/api/catalog', body),
    );
    expect(denied.status).toBe(403);
    const bad = await expectNothingWritten(server, () =>
      call(server, w.admin, 'PUT', '/api/catalog', {
        ...body,
        tomatoType: ['Round', 'Round'],
        boxType: [' '],
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['boxType.0', 'tomatoType']);
    const nowhere = await expectNothingWritten(server, () =>
      call(server, w.admin, 'PUT', '/api/catalog', { ...body, locationId: crypto.randomUUID() }),
    );
    expect(nowhere.status).toBe(404);
  });
});

describe('GET /api/dashboard/overview', () => {
  it('sums the kg in the warehouse, the kg on orders, and counts pallets shipped today', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    const overview = () => call(server, w.admin, 'GET', `/api/dashboard/overview?locationId=${loc}`);
    expect((await overview()).body).toEqual({ totalKgWarehouse: 0, totalKgAssigned: 0, shippedToday: 0 });
    const a = await createPallet(server, w.admin, loc, { weight: 500.25 });
    const b = await createPallet(server, w.admin, loc, { weight: 400 });
    const c = await createPallet(server, w.admin, loc, { weight: 300 });
    const assigned = await createOrder(server, w.admin, loc);
    await call(server, w.admin, 'POST', `/api/orders/${assigned.id}/assign`, { palletIds: [a.id] });
    const shipped = await createOrder(server, w.admin, loc);
    await call(server, w.admin, 'POST', `/api/orders/${shipped.id}/assign`, { palletIds: [c.id] });
    await call(server, w.admin, 'POST', `/api/orders/${shipped.id}/ship`);
    expect(await overview()).toEqual({
      status: 200,
      body: { totalKgWarehouse: 900.25, totalKgAssigned: 500.25, shippedToday: 1 },
    });
    expect(b.weight).toBe(400);
    expect((await call(server, w.outsider, 'GET', `/api/dashboard/overview?locationId=${loc}`)).status).toBe(
      404,
    );
    expect((await call(server, w.admin, 'GET', '/api/dashboard/overview?locationId=1')).status).toBe(422);

    // the client's selected day: shipments counted between its local midnights
    const day = (from: number, to: number) =>
      call(
        server,
        w.admin,
        'GET',
        `/api/dashboard/overview?locationId=${loc}&shippedFrom=${new Date(from).toISOString()}&shippedTo=${new Date(to).toISOString()}`,
      );
    const hour = 3_600_000;
    expect((await day(Date.now() - hour, Date.now() + hour)).body).toMatchObject({ shippedToday: 1 });
    expect((await day(Date.now() - 25 * hour, Date.now() - hour)).body).toMatchObject({ shippedToday: 0 });
    const half = await call(
      server,
      w.admin,
      'GET',
      `/api/dashboard/overview?locationId=${loc}&shippedFrom=2026-11-24T00:00:00Z`,
    );
    expect(half.status).toBe(422);
    const ancient = await call(
      server,
      w.admin,
      'GET',
      `/api/dashboard/overview?locationId=${loc}&shippedFrom=0000-01-01T00:00:00Z&shippedTo=9999-12-31T00:00:00Z`,
    );
    expect(ancient.status).toBe(422);
  });
});
