import { describe, expect, it } from 'vitest';
import {
  call,
  createOrder,
  createPallet,
  createZone,
  expectNothingWritten,
  setupWarehouse,
  testCatalog,
} from './warehouse-fixtures';

// Each refusal a screen can trigger answers its catalogue code and the params a sentence in any
// language needs, beside the English message it always had.
const { server, w } = setupWarehouse();

const place = (palletId: string, zoneId: string, rowIndex: number) =>
  call(server, w.manager, 'POST', '/api/storage/positions', { palletId, zoneId, rowIndex });

describe('refusals answer their code and params', () => {
  it('pallets on orders: on another order, already on this one, processed while on one, left the warehouse', async () => {
    const [a, b] = [
      await createPallet(server, w.manager, w.locationId),
      await createPallet(server, w.manager, w.locationId),
    ];
    const first = await createOrder(server, w.manager, w.locationId);
    const second = await createOrder(server, w.manager, w.locationId);
    expect(
      (await call(server, w.manager, 'POST', `/api/orders/${first.id}/assign`, { palletIds: [a.id] })).status,
    ).toBe(200);

    const other = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/orders/${second.id}/assign`, { palletIds: [a.id] }),
    );
    expect(other).toMatchObject({
      status: 409,
      body: { code: 'PALLET_ON_OTHER_ORDER', params: { palletId: a.id } },
    });
    const again = await call(server, w.manager, 'POST', `/api/orders/${first.id}/assign`, {
      palletIds: [a.id],
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'PALLET_ALREADY_ON_ORDER', params: { palletId: a.id } },
    });
    const processed = await call(server, w.manager, 'POST', `/api/pallets/${a.id}/process`);
    expect(processed).toMatchObject({
      status: 409,
      body: { code: 'PALLET_ON_ORDER', params: { palletId: a.id } },
    });

    expect((await call(server, w.manager, 'POST', `/api/pallets/${b.id}/process`)).status).toBe(200);
    const gone = await call(server, w.manager, 'POST', `/api/orders/${second.id}/assign`, {
      palletIds: [b.id],
    });
    expect(gone).toMatchObject({
      status: 409,
      body: { code: 'PALLET_LEFT_WAREHOUSE', params: { palletId: b.id, status: 'processed' } },
    });
  });

  it('orders: nothing to ship, already shipped, a status that cannot follow', async () => {
    const empty = await createOrder(server, w.manager, w.locationId);
    expect(await call(server, w.manager, 'POST', `/api/orders/${empty.id}/ship`)).toMatchObject({
      status: 409,
      body: { code: 'ORDER_HAS_NO_PALLETS', message: 'The order has no pallets to ship' },
    });
    const pallet = await createPallet(server, w.manager, w.locationId);
    const order = await createOrder(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] });
    expect((await call(server, w.manager, 'POST', `/api/orders/${order.id}/ship`)).status).toBe(200);
    const late = await createPallet(server, w.manager, w.locationId);
    expect(
      await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [late.id] }),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'ORDER_CLOSED',
        params: { status: 'shipped' },
        message: 'The order has already been shipped',
      },
    });
    expect(
      await call(server, w.manager, 'PATCH', `/api/orders/${empty.id}`, { status: 'complete' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ORDER_STATUS_CHANGE', params: { from: 'open', to: 'complete' } },
    });
  });

  it('storage: a row past the zone, a zone with pallets, rows or capacity cut below its pallets, a taken name', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 2, rowCapacity: 2 });
    const [a, b] = [
      await createPallet(server, w.manager, w.locationId),
      await createPallet(server, w.manager, w.locationId),
    ];
    expect((await place(a.id, zone.id, 1)).status).toBe(200);
    expect((await place(b.id, zone.id, 1)).status).toBe(200);

    expect(await place(a.id, zone.id, 2)).toMatchObject({
      status: 422,
      body: {
        details: { rowIndex: `must be below 2, the number of rows of zone ${zone.name}` },
        fields: { rowIndex: { code: 'ROW_OUT_OF_RANGE', params: { zoneName: zone.name, rows: 2 } } },
      },
    });
    expect(await place(a.id, crypto.randomUUID(), 0)).toMatchObject({
      status: 422,
      body: { fields: { zoneId: { code: 'NO_SUCH_ZONE' } } },
    });
    expect(await call(server, w.manager, 'DELETE', `/api/storage/zones/${zone.id}`)).toMatchObject({
      status: 409,
      body: { code: 'ZONE_NOT_EMPTY', params: { zoneName: zone.name, count: 2 } },
    });
    expect(
      await call(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, { rows: 1 }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ROW_NOT_EMPTY', params: { zoneName: zone.name, rowIndex: 1, count: 2 } },
    });
    expect(
      await call(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, { rowCapacity: 1 }),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'ROW_OVER_CAPACITY',
        params: { zoneName: zone.name, rowIndex: 1, count: 2, capacity: 1 },
      },
    });
    const twin = await call(server, w.manager, 'POST', '/api/storage/zones', {
      locationId: w.locationId,
      name: zone.name,
      rows: 1,
      rowCapacity: 1,
    });
    expect(twin).toMatchObject({
      status: 409,
      body: { code: 'ZONE_NAME_TAKEN', params: { name: zone.name } },
    });
  });

  it('the catalogue: a removed value still on pallets, with how many', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    await createPallet(server, w.admin, loc, { tomatoType: 'Cherry' });
    await createPallet(server, w.admin, loc, { tomatoType: 'Cherry' });
    const res = await call(server, w.admin, 'PUT', '/api/catalog', {
      locationId: loc,
      ...testCatalog,
      tomatoType: testCatalog.tomatoType.filter((value) => value !== 'Cherry'),
    });
    expect(res).toMatchObject({
      status: 409,
      body: {
        code: 'CATALOG_VALUE_IN_USE',
        params: { values: [{ attribute: 'tomatoType', value: 'Cherry', count: 2 }] },
      },
    });
  });

  it('locations: a location that still holds something, a taken name', async () => {
    const name = `Maasland ${crypto.randomUUID().slice(0, 6)}`;
    const made = await call(server, w.admin, 'POST', '/api/locations', { name });
    expect(await call(server, w.admin, 'POST', '/api/locations', { name })).toMatchObject({
      status: 409,
      body: { code: 'LOCATION_NAME_TAKEN', params: { name } },
    });
    await createZone(server, w.admin, made.body.data.id);
    expect(await call(server, w.admin, 'DELETE', `/api/locations/${made.body.data.id}`)).toMatchObject({
      status: 409,
      body: { code: 'LOCATION_NOT_EMPTY', params: { name, pallets: 0, orders: 0, zones: 1 } },
    });
  });

  it("users: oneself deleted, one's own password wrong or unchanged, a disabled account signing in", async () => {
    const manager = await server.createUser({ permissions: ['manage_users'], locations: [w.locationId] });
    expect(await call(server, manager, 'DELETE', `/api/users/${manager.id}`)).toMatchObject({
      status: 409,
      body: { code: 'CANNOT_DELETE_SELF' },
    });
    const wrong = await call(server, manager, 'POST', '/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'another-password',
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: {
        details: { currentPassword: 'Current password is incorrect' },
        fields: { currentPassword: { code: 'CURRENT_PASSWORD_INCORRECT' } },
      },
    });
    const same = await call(server, manager, 'POST', '/api/auth/change-password', {
      currentPassword: manager.password,
      newPassword: manager.password,
    });
    expect(same).toMatchObject({
      status: 422,
      body: { fields: { newPassword: { code: 'NEW_PASSWORD_UNCHANGED' } } },
    });

    const ann = await server.createUser({ locations: [w.locationId] });
    await call(server, w.admin, 'PATCH', `/api/users/${ann.id}`, { disabled: true });
    const login = await call(server, undefined, 'POST', '/api/auth/login', {
      username: ann.username,
      password: ann.password,
    });
    expect(login).toMatchObject({ status: 403, body: { code: 'ACCOUNT_DISABLED' } });
  });

  it('printers: a port the server may not reach, a taken name, no default printer to print on', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    const pallet = await createPallet(server, w.admin, loc);
    expect(await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {})).toMatchObject({
      status: 409,
      body: { code: 'NO_DEFAULT_PRINTER' },
    });
    const printer = {
      locationId: loc,
      name: 'Dock 1',
      host: '127.0.0.1',
      dpi: 203,
      labelWidthMm: 100,
      labelHeightMm: 150,
    };
    expect(await call(server, w.admin, 'POST', '/api/printers', { ...printer, port: 9200 })).toMatchObject({
      status: 422,
      body: { fields: { port: { code: 'PRINTER_PORT_NOT_ALLOWED', params: { allowedPorts: '9100' } } } },
    });
    expect((await call(server, w.admin, 'POST', '/api/printers', printer)).status).toBe(201);
    expect(await call(server, w.admin, 'POST', '/api/printers', printer)).toMatchObject({
      status: 409,
      body: { code: 'PRINTER_NAME_TAKEN', params: { name: 'Dock 1' } },
    });
  });

  it('a schema failure names each field with a code from the zod issue', async () => {
    const res = await call(server, w.manager, 'POST', '/api/storage/zones', {
      locationId: w.locationId,
      name: '',
      rows: 0,
      rowCapacity: 'many',
    });
    expect(res).toMatchObject({
      status: 422,
      body: {
        code: 'VALIDATION_FAILED',
        fields: {
          name: { code: 'TOO_SMALL', params: { minimum: 1 } },
          rows: { code: 'TOO_SMALL', params: { minimum: 1 } },
          rowCapacity: { code: 'INVALID_TYPE', params: { expected: 'number' } },
        },
      },
    });
  });
});
