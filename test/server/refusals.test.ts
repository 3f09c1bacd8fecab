import { describe, expect, it } from 'vitest';
import { errorCodes, errorStatuses } from '../../streams/http/error-codes';
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

type Document = { paths: Record<string, Record<string, { responses: Record<string, DocumentedAnswer> }>> };
type DocumentedAnswer = {
  content: { 'application/json': { schema: { properties: { code: { enum: string[] } } } } };
};

/** The 409 codes the OpenAPI document lists for the operation that answers `method url`. */
function documentedConflicts(method: string, url: string): string[] {
  const { paths } = server.app.swagger() as unknown as Document;
  const pattern = (template: string) =>
    new RegExp(`^${template.replaceAll('.', '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const template = Object.keys(paths).find((t) => pattern(t).test(url.split('?')[0]));
  const answer = template ? paths[template][method.toLowerCase()]?.responses['409'] : undefined;
  return answer?.content['application/json'].schema.properties.code.enum ?? [];
}

/** `call`, holding a 409 to the refusals its operation documents. */
async function send(...args: Parameters<typeof call>) {
  const res = await call(...args);
  if (res.status === 409) expect(documentedConflicts(args[2], args[3])).toContain(res.body.code);
  return res;
}

const place = (palletId: string, zoneId: string, rowIndex: number) =>
  send(server, w.manager, 'POST', '/api/storage/positions', { palletId, zoneId, rowIndex });

describe('refusals answer their code and params', () => {
  it('pallets on orders: on another order, already on this one, processed while on one, left the warehouse', async () => {
    const [a, b] = [
      await createPallet(server, w.manager, w.locationId),
      await createPallet(server, w.manager, w.locationId),
    ];
    const first = await createOrder(server, w.manager, w.locationId);
    const second = await createOrder(server, w.manager, w.locationId);
    expect(
      (await send(server, w.manager, 'POST', `/api/orders/${first.id}/assign`, { palletIds: [a.id] })).status,
    ).toBe(200);

    const other = await expectNothingWritten(server, () =>
      send(server, w.manager, 'POST', `/api/orders/${second.id}/assign`, { palletIds: [a.id] }),
    );
    expect(other).toMatchObject({
      status: 409,
      body: { code: 'PALLET_ON_OTHER_ORDER', params: { palletId: a.id } },
    });
    const again = await send(server, w.manager, 'POST', `/api/orders/${first.id}/assign`, {
      palletIds: [a.id],
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'PALLET_ALREADY_ON_ORDER', params: { palletId: a.id } },
    });
    const processed = await send(server, w.manager, 'POST', `/api/pallets/${a.id}/process`);
    expect(processed).toMatchObject({
      status: 409,
      body: { code: 'PALLET_ON_ORDER', params: { palletId: a.id } },
    });

    expect((await send(server, w.manager, 'POST', `/api/pallets/${b.id}/process`)).status).toBe(200);
    const gone = await send(server, w.manager, 'POST', `/api/orders/${second.id}/assign`, {
      palletIds: [b.id],
    });
    expect(gone).toMatchObject({
      status: 409,
      body: { code: 'PALLET_LEFT_WAREHOUSE', params: { palletId: b.id, status: 'processed' } },
    });
  });

  it('orders: nothing to ship, already shipped, a status that cannot follow, pallets still on it', async () => {
    const empty = await createOrder(server, w.manager, w.locationId);
    expect(await send(server, w.manager, 'POST', `/api/orders/${empty.id}/ship`)).toMatchObject({
      status: 409,
      body: { code: 'ORDER_HAS_NO_PALLETS', message: 'The order has no pallets to ship' },
    });
    const pallet = await createPallet(server, w.manager, w.locationId);
    const order = await createOrder(server, w.manager, w.locationId);
    await send(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] });
    expect((await send(server, w.manager, 'POST', `/api/orders/${order.id}/ship`)).status).toBe(200);
    const late = await createPallet(server, w.manager, w.locationId);
    expect(
      await send(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [late.id] }),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'ORDER_CLOSED',
        params: { status: 'shipped' },
        message: 'The order has already been shipped',
      },
    });
    expect(
      await send(server, w.manager, 'PATCH', `/api/orders/${empty.id}`, { status: 'shipped' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ORDER_STATUS_CHANGE', params: { from: 'open', to: 'shipped' } },
    });
    expect(await send(server, w.manager, 'DELETE', `/api/orders/${order.id}`)).toMatchObject({
      status: 409,
      body: { code: 'ORDER_HAS_PALLETS', params: { count: 1 } },
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
    const c = await createPallet(server, w.manager, w.locationId);
    expect(await place(c.id, zone.id, 1)).toMatchObject({
      status: 409,
      body: { code: 'ROW_FULL', params: { zoneName: zone.name, rowIndex: 1, capacity: 2 } },
    });
    expect(await place(a.id, crypto.randomUUID(), 0)).toMatchObject({
      status: 422,
      body: { fields: { zoneId: { code: 'NO_SUCH_ZONE' } } },
    });
    expect(await send(server, w.manager, 'DELETE', `/api/storage/zones/${zone.id}`)).toMatchObject({
      status: 409,
      body: { code: 'ZONE_NOT_EMPTY', params: { zoneName: zone.name, count: 2 } },
    });
    expect(
      await send(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, { rows: 1 }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ROW_NOT_EMPTY', params: { zoneName: zone.name, rowIndex: 1, count: 2 } },
    });
    expect(
      await send(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, { rowCapacity: 1 }),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'ROW_OVER_CAPACITY',
        params: { zoneName: zone.name, rowIndex: 1, count: 2, capacity: 1 },
      },
    });
    const twin = await send(server, w.manager, 'POST', '/api/storage/zones', {
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
    await send(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    await createPallet(server, w.admin, loc, { tomatoType: 'Cherry' });
    await createPallet(server, w.admin, loc, { tomatoType: 'Cherry' });
    const res = await send(server, w.admin, 'PUT', '/api/catalog', {
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
    const made = await send(server, w.admin, 'POST', '/api/locations', { name });
    expect(await send(server, w.admin, 'POST', '/api/locations', { name })).toMatchObject({
      status: 409,
      body: { code: 'LOCATION_NAME_TAKEN', params: { name } },
    });
    await createZone(server, w.admin, made.body.data.id);
    expect(await send(server, w.admin, 'DELETE', `/api/locations/${made.body.data.id}`)).toMatchObject({
      status: 409,
      body: { code: 'LOCATION_NOT_EMPTY', params: { name, pallets: 0, orders: 0, zones: 1 } },
    });
  });

  it("users: oneself deleted, one's own password wrong or unchanged, a disabled account signing in", async () => {
    const manager = await server.createUser({ permissions: ['manage_users'], locations: [w.locationId] });
    expect(await send(server, manager, 'DELETE', `/api/users/${manager.id}`)).toMatchObject({
      status: 409,
      body: { code: 'CANNOT_DELETE_SELF' },
    });
    const wrong = await send(server, manager, 'POST', '/api/auth/change-password', {
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
    const same = await send(server, manager, 'POST', '/api/auth/change-password', {
      currentPassword: manager.password,
      newPassword: manager.password,
    });
    expect(same).toMatchObject({
      status: 422,
      body: { fields: { newPassword: { code: 'NEW_PASSWORD_UNCHANGED' } } },
    });

    const ann = await server.createUser({ locations: [w.locationId] });
    await send(server, w.admin, 'PATCH', `/api/users/${ann.id}`, { disabled: true });
    const login = await send(server, undefined, 'POST', '/api/auth/login', {
      username: ann.username,
      password: ann.password,
    });
    expect(login).toMatchObject({ status: 403, body: { code: 'ACCOUNT_DISABLED' } });
  });

  it('printers: a port the server may not reach, a taken name, no default printer to print on', async () => {
    const loc = (await server.createLocation()).id;
    await send(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    const pallet = await createPallet(server, w.admin, loc);
    expect(await send(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {})).toMatchObject({
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
    expect(await send(server, w.admin, 'POST', '/api/printers', { ...printer, port: 9200 })).toMatchObject({
      status: 422,
      body: { fields: { port: { code: 'PRINTER_PORT_NOT_ALLOWED', params: { allowedPorts: '9100' } } } },
    });
    expect((await send(server, w.admin, 'POST', '/api/printers', printer)).status).toBe(201);
    expect(await send(server, w.admin, 'POST', '/api/printers', printer)).toMatchObject({
      status: 409,
      body: { code: 'PRINTER_NAME_TAKEN', params: { name: 'Dock 1' } },
    });
  });

  it('a schema failure names each field with a code from the zod issue', async () => {
    const res = await send(server, w.manager, 'POST', '/api/storage/zones', {
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

  it('are each documented on some operation of the OpenAPI document', () => {
    const { paths } = server.app.swagger() as unknown as Document;
    const documented = new Set(
      Object.values(paths).flatMap((operations) =>
        Object.values(operations).flatMap(
          (operation) =>
            operation.responses['409']?.content['application/json'].schema.properties.code.enum ?? [],
        ),
      ),
    );
    expect(errorCodes.filter((code) => errorStatuses[code] === 409 && !documented.has(code))).toEqual([]);
  });
});
