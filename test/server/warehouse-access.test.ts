import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOrder,
  createPallet,
  createZone,
  expectNothingWritten,
  palletValues,
  setupWarehouse,
  testCatalog,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse();
const moves = ['/api/storage/positions', '/api/storage/moves'];
let routes: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown][];

beforeAll(async () => {
  const pallet = await createPallet(server, w.manager, w.locationId);
  const order = await createOrder(server, w.manager, w.locationId);
  const zone = await createZone(server, w.manager, w.locationId);
  const loc = `locationId=${w.locationId}`;
  routes = [
    ['GET', `/api/pallets?${loc}`],
    ['POST', '/api/pallets', { locationId: w.locationId, ...palletValues }],
    ['GET', `/api/pallets/${pallet.id}`],
    ['PATCH', `/api/pallets/${pallet.id}`, { version: 1, weight: 10 }],
    ['DELETE', `/api/pallets/${pallet.id}`],
    ['GET', `/api/catalog?${loc}`],
    ['PUT', '/api/catalog', { locationId: w.locationId, ...testCatalog }],
    ['GET', `/api/orders?${loc}`],
    ['POST', '/api/orders', { locationId: w.locationId, customer: 'Plus Retail', requestedPallets: 2 }],
    ['GET', `/api/orders/${order.id}`],
    ['PATCH', `/api/orders/${order.id}`, { customer: 'Coop' }],
    ['DELETE', `/api/orders/${order.id}`],
    ['POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] }],
    ['DELETE', `/api/orders/${order.id}/pallets/${pallet.id}`],
    ['POST', `/api/orders/${order.id}/ship`],
    ['GET', `/api/storage/zones?${loc}`],
    ['POST', '/api/storage/zones', { locationId: w.locationId, name: 'Hall 9', rows: 1, rowCapacity: 1 }],
    ['PATCH', `/api/storage/zones/${zone.id}`, { rows: 5 }],
    ['DELETE', `/api/storage/zones/${zone.id}`],
    ['POST', '/api/storage/positions', { palletId: pallet.id, zoneId: zone.id, rowIndex: 0 }],
    ['DELETE', `/api/storage/positions/${pallet.id}`],
    ['POST', '/api/storage/moves', { palletIds: [pallet.id], zoneId: zone.id, rowIndex: 0 }],
    ['POST', '/api/storage/take-outs', { locationId: w.locationId, palletIds: [pallet.id] }],
    ['POST', '/api/pallets/deletions', { locationId: w.locationId, palletIds: [pallet.id] }],
    ['GET', `/api/dashboard/overview?${loc}`],
  ];
});

describe('every warehouse route', () => {
  it('answers 401 without a token, with an expired one and with a forged one, writing nothing', async () => {
    const expired = { authorization: `Bearer ${await server.tokenFor(w.manager.id, -60)}` };
    const forged = { authorization: `Bearer ${w.manager.token.slice(0, -4)}AAAA` };
    for (const [method, url, body] of routes) {
      for (const headers of [{}, expired, forged]) {
        const res = await expectNothingWritten(server, () =>
          call(server, undefined, method, url, body, headers),
        );
        expect({ method, url, status: res.status, body: res.body }).toEqual({
          method,
          url,
          status: 401,
          body: { message: 'Session expired. Please login again.', code: 'UNAUTHORIZED' },
        });
      }
    }
  });

  it('answers 404 with CONTRACT body to a user of another location, writing nothing', async () => {
    for (const [method, url, body] of routes) {
      const res = await expectNothingWritten(server, () => call(server, w.outsider, method, url, body));
      if (method === 'PUT') {
        expect(res.status).toBe(403); // the catalogue is for admins only
        continue;
      }
      expect({ method, url, status: res.status, body: res.body }).toEqual({
        method,
        url,
        // a move names a zone in its body: one the caller cannot see is no such zone
        status: method === 'POST' && moves.includes(url) ? 422 : 404,
        body: moves.includes(url)
          ? expect.objectContaining({ code: 'VALIDATION_FAILED' })
          : { message: 'The requested resource was not found', code: 'NOT_FOUND' },
      });
    }
  });

  it('answers 403 to a read-only user of the location for every change, writing nothing', async () => {
    const viewer = await server.createUser({
      permissions: ['desktop_access', 'view_storage_map'],
      locations: [w.locationId],
    });
    for (const [method, url, body] of routes) {
      const res = await expectNothingWritten(server, () => call(server, viewer, method, url, body));
      expect({ method, url, status: res.status }).toEqual({
        method,
        url,
        status: method === 'GET' ? 200 : 403,
      });
      if (method !== 'GET') {
        expect(res.body).toEqual({
          message: 'You do not have permission to perform this action',
          code: 'FORBIDDEN',
        });
      }
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [method, url] of routes) {
      const path = url
        .split('?')[0]
        .replace(/[0-9a-f-]{36}/g, '{id}')
        .replace(/\{id\}\/pallets\/\{id\}/, '{id}/pallets/{palletId}')
        .replace(/positions\/\{id\}/, 'positions/{palletId}');
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });
});
