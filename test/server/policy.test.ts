import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerApiPolicy, requireAuth } from '../../server/plugins/auth';
import { apiPolicy } from '../../streams/permissions/policy';
import { setupTestServer } from './support/server';

const server = setupTestServer();

describe("the API's policy", () => {
  it('names every operation of the API document, as the document says', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const described: Record<string, unknown> = {};
    for (const [path, operations] of Object.entries<Record<string, { 'x-permission': unknown }>>(doc.paths))
      for (const [method, operation] of Object.entries(operations))
        described[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`] = operation['x-permission'];
    expect(described).toEqual(apiPolicy);
  });

  it('tells the document which operations need no bearer token', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/sse/location/{locationId}'].get.security).toEqual([]);
    expect(doc.paths['/api/pallets'].get.security).toBeUndefined();
  });

  it('keeps a server from starting with an API route it does not name', async () => {
    const app = Fastify();
    registerApiPolicy(app);
    app.get('/api/health', async () => 'ok');
    expect(() => app.get('/api/forgotten', async () => 'no')).toThrow(
      "GET /api/forgotten is not in the API's policy",
    );
    await app.close();
  });

  it('keeps a route from guarding itself beside the policy', async () => {
    const app = Fastify();
    registerApiPolicy(app);
    expect(() => app.get('/api/pallets', { preHandler: requireAuth }, async () => 'no')).toThrow(
      'GET /api/pallets guards itself',
    );
    await app.close();
  });

  it('guards each route as the policy says: a sign-in, an administrator, a flag', async () => {
    const location = await server.createLocation();
    const worker = await server.createUser({ locations: [location.id] });
    const signedOut = await server.app.inject({
      method: 'GET',
      url: `/api/pallets?locationId=${location.id}`,
    });
    expect(signedOut.statusCode).toBe(401);
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/pallets?locationId=${location.id}`,
      headers: worker.headers,
    });
    expect(read.statusCode).toBe(200);
    const newLocation = await server.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: worker.headers,
      payload: { name: 'Honselersdijk' },
    });
    expect(newLocation.statusCode).toBe(403);
    const order = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: worker.headers,
      payload: { locationId: location.id, customer: 'Jansen', requestedPallets: 4 },
    });
    expect(order.statusCode).toBe(403);
    const orders = await server.createUser({ locations: [location.id], permissions: ['manage_orders'] });
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: orders.headers,
      payload: { locationId: location.id, customer: 'Jansen', requestedPallets: 4 },
    });
    expect(made.statusCode).toBe(201);
  });
});
