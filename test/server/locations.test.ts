import { describe, expect, it } from 'vitest';
import { tablesDigest } from './support/database';
import { setupTestServer } from './support/server';

const server = setupTestServer();

describe('locations', () => {
  it('GET /api/locations lists every location; /api/user-locations only the caller’s (admin: all)', async () => {
    const [a, b] = [await server.createLocation('Naaldwijk'), await server.createLocation('Westland')];
    const ann = await server.createUser({ locations: [a.id] });
    const admin = await server.createUser({ admin: true });
    const all = await server.app.inject({ method: 'GET', url: '/api/locations', headers: ann.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual(expect.arrayContaining([a, b]));
    const own = await server.app.inject({ method: 'GET', url: '/api/user-locations', headers: ann.headers });
    expect(own.json()).toEqual({ data: [a] });
    const adminOwn = await server.app.inject({
      method: 'GET',
      url: '/api/user-locations',
      headers: admin.headers,
    });
    expect(adminOwn.json().data).toEqual(expect.arrayContaining([a, b]));
  });

  it('POST /api/locations creates one (admin only), 409 on a duplicate name, 422 on an empty one', async () => {
    const admin = await server.createUser({ admin: true });
    const manager = await server.createUser({ permissions: ['manage_users', 'manage_permissions'] });
    const post = (headers: Record<string, string>, name: unknown) =>
      server.app.inject({ method: 'POST', url: '/api/locations', headers, payload: { name } });
    const res = await post(admin.headers, 'Maasland');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ id: expect.any(String), name: 'Maasland' });
    const before = await tablesDigest(server.database, ['locations']);
    expect((await post(admin.headers, 'Maasland')).statusCode).toBe(409);
    expect((await post(manager.headers, 'Elsewhere')).statusCode).toBe(403);
    const empty = await post(admin.headers, '  ');
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().details)).toEqual(['name']);
    expect((await post({}, 'Nowhere')).statusCode).toBe(401);
    expect(await tablesDigest(server.database, ['locations'])).toEqual(before);
  });

  it.each([
    ['NUL', 'Nul\u0000land'],
    ['a line break', 'Two\nlines'],
    ['a tab', 'Tab\tland'],
  ])('POST /api/locations answers 422 naming name for %s in it, writing nothing', async (_, name) => {
    const admin = await server.createUser({ admin: true });
    const before = await tablesDigest(server.database, ['locations']);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: admin.headers,
      payload: { name },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual({ name: 'must not contain control characters' });
    expect(await tablesDigest(server.database, ['locations'])).toEqual(before);
  });

  it('answers 401 with an expired token', async () => {
    const ann = await server.createUser();
    const headers = { authorization: `Bearer ${await server.tokenFor(ann.id, -1)}` };
    expect((await server.app.inject({ method: 'GET', url: '/api/user-locations', headers })).statusCode).toBe(
      401,
    );
  });
});
