import { describe, expect, it } from 'vitest';
import { tablesDigest } from './support/database';
import { setupTestServer, type TestUser } from './support/server';

const server = setupTestServer();
const tables = ['user_permissions', 'user_restrictions'];

function call(user: TestUser, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return server.app.inject({ method, url, headers: user.headers, payload: payload as object });
}

describe('permissions of a user', () => {
  it('GET answers [{name}] to the user themselves and to managers; 403 to others; 404 unknown', async () => {
    const ann = await server.createUser({ permissions: ['manage_pallets', 'desktop_access'] });
    const bob = await server.createUser();
    const manager = await server.createUser({ permissions: ['manage_permissions'] });
    const url = `/api/permissions/users/${ann.id}/permissions`;
    for (const caller of [ann, manager]) {
      const res = await call(caller, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ name: 'desktop_access' }, { name: 'manage_pallets' }]);
    }
    expect((await call(bob, 'GET', url)).statusCode).toBe(403);
    expect(
      (await call(manager, 'GET', `/api/permissions/users/${crypto.randomUUID()}/permissions`)).statusCode,
    ).toBe(404);
  });

  it('PUT replaces the flags (manage_permissions), and the user object reflects them at once', async () => {
    const ann = await server.createUser({ permissions: ['manage_pallets'] });
    const manager = await server.createUser({
      permissions: ['manage_permissions', 'manage_orders', 'view_analytics'],
    });
    const res = await call(manager, 'PUT', `/api/permissions/users/${ann.id}/permissions`, [
      { name: 'manage_orders' },
      { name: 'view_analytics' },
      { name: 'manage_orders' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ name: 'manage_orders' }, { name: 'view_analytics' }]);
    const me = (await call(ann, 'GET', '/api/auth/validate')).json().data.user;
    expect(me.permissions).toMatchObject({
      manage_orders: true,
      view_analytics: true,
      manage_pallets: false,
    });
  });

  it('PUT answers 403 without manage_permissions (even for oneself) and for a non-admin editing an admin; nothing written', async () => {
    const ann = await server.createUser({ permissions: ['manage_users'] });
    const admin = await server.createUser({ admin: true });
    const manager = await server.createUser({ permissions: ['manage_permissions'] });
    const before = await tablesDigest(server.database, tables);
    expect(
      (
        await call(ann, 'PUT', `/api/permissions/users/${ann.id}/permissions`, [
          { name: 'manage_permissions' },
        ])
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(manager, 'PUT', `/api/permissions/users/${admin.id}/permissions`, [])).statusCode,
    ).toBe(403);
    expect(await tablesDigest(server.database, tables)).toEqual(before);
  });

  it('PUT answers 422 for an unknown flag, with the field named', async () => {
    const ann = await server.createUser();
    const manager = await server.createUser({ permissions: ['manage_permissions'] });
    const res = await call(manager, 'PUT', `/api/permissions/users/${ann.id}/permissions`, [{ name: 'fly' }]);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().details)).toEqual(['0.name']);
  });
});

describe('restrictions of a user', () => {
  it('GET answers {data: [{restriction_key}]}; PUT replaces them (manage_permissions)', async () => {
    const ann = await server.createUser();
    const manager = await server.createUser({ permissions: ['manage_permissions'] });
    const url = `/api/permissions/users/${ann.id}/restrictions`;
    expect((await call(ann, 'GET', url)).json()).toEqual({ data: [] });
    const put = await call(manager, 'PUT', url, {
      data: [{ restriction_key: 'mobile.logistics_console' }, { restriction_key: 'restrict_admin_tab' }],
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      data: [{ restriction_key: 'mobile.logistics_console' }, { restriction_key: 'restrict_admin_tab' }],
    };
    expect(put.json()).toEqual(expected);
    expect((await call(ann, 'GET', url)).json()).toEqual(expected);
  });

  it('PUT answers 403 without manage_permissions and 422 for a bad key; nothing written', async () => {
    const ann = await server.createUser({ permissions: ['manage_users'] });
    const manager = await server.createUser({ permissions: ['manage_permissions'] });
    const url = `/api/permissions/users/${ann.id}/restrictions`;
    const before = await tablesDigest(server.database, tables);
    expect((await call(ann, 'PUT', url, { data: [] })).statusCode).toBe(403);
    const bad = await call(manager, 'PUT', url, { data: [{ restriction_key: 'DROP TABLE' }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().details)).toEqual(['data.0.restriction_key']);
    expect(await tablesDigest(server.database, tables)).toEqual(before);
  });

  it('answers 401 with an expired token', async () => {
    const ann = await server.createUser();
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/permissions/users/${ann.id}/restrictions`,
      headers: { authorization: `Bearer ${await server.tokenFor(ann.id, -1)}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('no self-escalation', () => {
  it('a non-admin changes neither their own flags nor restrictions, and grants only flags they hold', async () => {
    const manager = await server.createUser({
      permissions: ['manage_users', 'manage_permissions', 'manage_pallets', 'desktop_access'],
    });
    const ann = await server.createUser({ permissions: ['view_analytics'] });
    const before = await tablesDigest(server.database, [...tables, 'users']);
    for (const [method, url, body] of [
      [
        'PUT',
        `/api/permissions/users/${manager.id}/permissions`,
        [{ name: 'manage_users' }, { name: 'admin_tab' }],
      ],
      ['PUT', `/api/permissions/users/${manager.id}/restrictions`, { data: [] }],
      ['PATCH', `/api/users/${manager.id}`, { permissions: { manage_orders: true } }],
      ['PATCH', `/api/users/${manager.id}`, { mobile_access: true }],
      [
        'PUT',
        `/api/permissions/users/${ann.id}/permissions`,
        [{ name: 'view_analytics' }, { name: 'manage_orders' }],
      ],
      ['PATCH', `/api/users/${ann.id}`, { permissions: { manage_orders: true } }],
      [
        'POST',
        '/api/users',
        { username: 'escalated', password: 'password1', permissions: { admin_tab: true } },
      ],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: manager.headers, payload: body as object });
      expect(`${method} ${url} ${JSON.stringify(body)}: ${res.statusCode}`).toBe(
        `${method} ${url} ${JSON.stringify(body)}: 403`,
      );
    }
    expect(await tablesDigest(server.database, [...tables, 'users'])).toEqual(before);
    // flags the manager holds may be granted, and a flag the user already has may stay or go
    const granted = await call(manager, 'PUT', `/api/permissions/users/${ann.id}/permissions`, [
      { name: 'view_analytics' },
      { name: 'manage_pallets' },
    ]);
    expect(granted.statusCode).toBe(200);
    expect((await call(manager, 'PUT', `/api/permissions/users/${ann.id}/permissions`, [])).statusCode).toBe(
      200,
    );
  });
});

describe('concurrent replaces', () => {
  it('each answers 200 and the last one wins: permissions, restrictions, locations and the catalogue', async () => {
    const [a, b] = [await server.createLocation(), await server.createLocation()];
    const admin = await server.createUser({ admin: true });
    const ann = await server.createUser();
    const tenTimes = async (method: 'PUT' | 'PATCH', url: string, payload: (i: number) => unknown) => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          server.app.inject({ method, url, headers: admin.headers, payload: payload(i) as object }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    };
    await tenTimes('PUT', `/api/permissions/users/${ann.id}/permissions`, () => [{ name: 'manage_orders' }]);
    await tenTimes('PUT', `/api/permissions/users/${ann.id}/restrictions`, () => ({
      data: [{ restriction_key: 'restrict_admin_tab' }],
    }));
    await tenTimes('PATCH', `/api/users/${ann.id}`, () => ({ locationIds: [a.id, b.id] }));
    const catalog = {
      palletType: ['euro'],
      boxType: ['crate'],
      tomatoType: ['round'],
      tomatoOption: ['loose'],
    };
    await tenTimes('PUT', '/api/catalog', () => ({ locationId: a.id, ...catalog }));
    expect((await call(admin, 'GET', `/api/permissions/users/${ann.id}/permissions`)).json()).toEqual([
      { name: 'manage_orders' },
    ]);
    const user = (await call(admin, 'GET', `/api/users/${ann.id}`)).json().data;
    expect([...user.locationIds].sort()).toEqual([a.id, b.id].sort());
  });
});
