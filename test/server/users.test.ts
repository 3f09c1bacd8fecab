import { describe, expect, it } from 'vitest';
import { tablesDigest } from './support/database';
import { setupTestServer, type TestUser } from './support/server';

const server = setupTestServer();
const userTables = ['users', 'user_permissions', 'user_locations'];

function call(
  user: TestUser | { headers: Record<string, string> },
  method: string,
  url: string,
  payload?: object,
) {
  return server.app.inject({ method: method as 'GET', url, headers: user.headers, payload });
}

describe('GET /api/users and /api/users/{id}', () => {
  it('lists users for admins and user managers (a manager never sees an administrator)', async () => {
    const admin = await server.createUser({ admin: true });
    const manager = await server.createUser({ permissions: ['manage_users'] });
    for (const caller of [admin, manager]) {
      const res = await call(caller, 'GET', '/api/users');
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      const names = res.json().data.map((u: { username: string }) => u.username);
      expect(names).toContain(manager.username);
      expect(names.includes(admin.username)).toBe(caller === admin);
    }
  });

  it('answers one user to themselves and to managers, 403 to others, 404 for an unknown id', async () => {
    const ann = await server.createUser();
    const bob = await server.createUser();
    const manager = await server.createUser({ permissions: ['manage_users'] });
    const own = await call(ann, 'GET', `/api/users/${ann.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true, data: { id: ann.id, username: ann.username } });
    expect((await call(manager, 'GET', `/api/users/${ann.id}`)).statusCode).toBe(200);
    const other = await call(bob, 'GET', `/api/users/${ann.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      message: 'You do not have permission to perform this action',
      code: 'FORBIDDEN',
    });
    expect((await call(manager, 'GET', `/api/users/${crypto.randomUUID()}`)).statusCode).toBe(404);

    // a colleague at one of the caller's locations: the name alone, for the board's "Added by"
    const loc = await server.createLocation();
    const [carl, dora] = [
      await server.createUser({ locations: [loc.id] }),
      await server.createUser({ locations: [loc.id] }),
    ];
    const colleague = await call(dora, 'GET', `/api/users/${carl.id}`);
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json()).toEqual({ success: true, data: { id: carl.id, username: carl.username } });
    expect((await call(dora, 'GET', `/api/users/${ann.id}`)).statusCode).toBe(403);
    const badId = await call(manager, 'GET', '/api/users/not-a-uuid');
    expect(badId.statusCode).toBe(422);
    expect(Object.keys(badId.json().details)).toEqual(['id']);
  });

  it('answers 403 to a user without manage_users for the list', async () => {
    const ann = await server.createUser({ permissions: ['manage_permissions', 'manage_pallets'] });
    expect((await call(ann, 'GET', '/api/users')).statusCode).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('creates a user with first_login set, flags and locations; the user can sign in', async () => {
    const loc = await server.createLocation();
    const admin = await server.createUser({ admin: true });
    const res = await call(admin, 'POST', '/api/users', {
      username: 'new.operator',
      password: 'operator-pass',
      mobile_access: true,
      force_mobile_mode_enabled: true,
      permissions: { manage_pallets: true },
      locationIds: [loc.id],
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({
      username: 'new.operator',
      admin: false,
      first_login: true,
      mobile_access: true,
      desktop_access: false,
      force_mobile_mode_enabled: true,
      locationIds: [loc.id],
    });
    expect(user.permissions.manage_pallets).toBe(true);
    expect(user.permissions.mobile_access).toBe(true);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'new.operator', password: 'operator-pass' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.first_login).toBe(true);
  });

  it('answers 409 for a duplicate username (any case), writing nothing', async () => {
    const admin = await server.createUser({ admin: true });
    const ann = await server.createUser();
    const before = await tablesDigest(server.database, userTables);
    const res = await call(admin, 'POST', '/api/users', {
      username: ann.username.toUpperCase(),
      password: 'password1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `Username "${ann.username.toUpperCase()}" is already taken`,
      code: 'USERNAME_TAKEN',
      params: { username: ann.username.toUpperCase() },
    });
    expect(await tablesDigest(server.database, userTables)).toEqual(before);
  });

  it('answers 422 with field details for a bad body', async () => {
    const admin = await server.createUser({ admin: true });
    const res = await call(admin, 'POST', '/api/users', {
      username: 'has space',
      password: 'short',
      permissions: { fly: true },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().details).sort()).toEqual(['password', 'permissions', 'username']);
    const unknownLocation = await call(admin, 'POST', '/api/users', {
      username: 'someone',
      password: 'password1',
      locationIds: [crypto.randomUUID()],
    });
    expect(unknownLocation.statusCode).toBe(422);
    expect(unknownLocation.json().details).toEqual({ 'locationIds.0': 'No such location' });
  });

  it('answers 403 without manage_users, and to a manager setting admin or flags it may not grant; nothing written', async () => {
    const ann = await server.createUser({ permissions: ['manage_pallets'] });
    const manager = await server.createUser({ permissions: ['manage_users', 'desktop_access'] });
    const before = await tablesDigest(server.database, userTables);
    for (const [caller, body] of [
      [ann, { username: 'x1', password: 'password1' }],
      [manager, { username: 'x2', password: 'password1', admin: true }],
      [manager, { username: 'x3', password: 'password1', permissions: { manage_users: true } }],
    ] as const) {
      expect((await call(caller, 'POST', '/api/users', body)).statusCode).toBe(403);
    }
    expect(await tablesDigest(server.database, userTables)).toEqual(before);
    // a manager may still create an ordinary user with access flags
    const ok = await call(manager, 'POST', '/api/users', {
      username: 'x4',
      password: 'password1',
      desktop_access: true,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('answers 401 without a token and with an expired one', async () => {
    const admin = await server.createUser({ admin: true });
    const body = { username: 'nobody', password: 'password1' };
    expect((await call({ headers: {} }, 'POST', '/api/users', body)).statusCode).toBe(401);
    const expired = { headers: { authorization: `Bearer ${await server.tokenFor(admin.id, -5)}` } };
    expect((await call(expired, 'POST', '/api/users', body)).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('updates fields, flags and locations; a password reset ends the user’s sessions', async () => {
    const [a, b] = [await server.createLocation(), await server.createLocation()];
    const admin = await server.createUser({ admin: true });
    const ann = await server.createUser({ permissions: ['desktop_access'], locations: [a.id] });
    const session = await server.signIn(ann);
    const res = await call(admin, 'PATCH', `/api/users/${ann.id}`, {
      desktop_access: false,
      mobile_access: true,
      autoRefreshTokens: false,
      locationIds: [b.id],
      password: 'reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      desktop_access: false,
      mobile_access: true,
      autoRefreshTokens: false,
      locationIds: [b.id],
    });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ann.username, password: 'reset-password' },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers 404 for an unknown user, 409 for a taken username, 403 for a manager touching an admin', async () => {
    const manager = await server.createUser({ permissions: ['manage_users'] });
    const admin = await server.createUser({ admin: true });
    const ann = await server.createUser();
    expect(
      (await call(manager, 'PATCH', `/api/users/${crypto.randomUUID()}`, { first_login: true })).statusCode,
    ).toBe(404);
    expect(
      (await call(manager, 'PATCH', `/api/users/${ann.id}`, { username: manager.username })).statusCode,
    ).toBe(409);
    const before = await tablesDigest(server.database, userTables);
    expect((await call(manager, 'PATCH', `/api/users/${admin.id}`, { first_login: true })).statusCode).toBe(
      403,
    );
    expect((await call(ann, 'PATCH', `/api/users/${ann.id}`, { first_login: true })).statusCode).toBe(403);
    expect(await tablesDigest(server.database, userTables)).toEqual(before);
  });

  it('rejects unknown fields with 422', async () => {
    const admin = await server.createUser({ admin: true });
    const ann = await server.createUser();
    const res = await call(admin, 'PATCH', `/api/users/${ann.id}`, { password_hash: 'x' });
    expect(res.statusCode).toBe(422);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user, whose token then stops working', async () => {
    const manager = await server.createUser({ permissions: ['manage_users'] });
    const ann = await server.createUser();
    const res = await call(manager, 'DELETE', `/api/users/${ann.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call(ann, 'GET', '/api/auth/validate')).statusCode).toBe(401);
    expect((await call(manager, 'DELETE', `/api/users/${ann.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete yourself (409) or an admin as a non-admin (403)', async () => {
    const manager = await server.createUser({ permissions: ['manage_users'] });
    const admin = await server.createUser({ admin: true });
    expect((await call(manager, 'DELETE', `/api/users/${manager.id}`)).statusCode).toBe(409);
    expect((await call(manager, 'DELETE', `/api/users/${admin.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/users/${manager.id}`)).statusCode).toBe(200);
  });
});

describe('a non-admin manages only users within their own locations', () => {
  const routes = (id: string) =>
    [
      ['GET', `/api/users/${id}`],
      ['PATCH', `/api/users/${id}`, { password: 'taken-over-1', locationIds: [] }],
      ['GET', `/api/permissions/users/${id}/permissions`],
      ['PUT', `/api/permissions/users/${id}/permissions`, []],
      ['GET', `/api/permissions/users/${id}/restrictions`],
      ['PUT', `/api/permissions/users/${id}/restrictions`, { data: [] }],
      ['DELETE', `/api/users/${id}`],
    ] as const;

  it('answers 404 for a user of another location, 403 for an administrator, and changes nothing', async () => {
    const [a, b] = [await server.createLocation(), await server.createLocation()];
    const manager = await server.createUser({
      permissions: ['manage_users', 'manage_permissions', 'desktop_access'],
      locations: [a.id],
    });
    const atB = await server.createUser({ permissions: ['desktop_access'], locations: [b.id] });
    const atAandB = await server.createUser({ locations: [a.id, b.id] });
    const admin = await server.createUser({ admin: true, locations: [a.id] });
    const atA = await server.createUser({ locations: [a.id] });

    const listed = (await call(manager, 'GET', '/api/users')).json().data.map((u: { id: string }) => u.id);
    expect(listed).toEqual(expect.arrayContaining([manager.id, atA.id]));
    for (const hidden of [atB, atAandB, admin]) expect(listed).not.toContain(hidden.id);

    const before = await tablesDigest(server.database, [...userTables, 'user_restrictions']);
    for (const [target, status] of [
      [atB, 404],
      [atAandB, 404],
      [admin, 403],
    ] as const) {
      for (const [method, url, body] of routes(target.id)) {
        expect(`${method} ${url}: ${(await call(manager, method, url, body)).statusCode}`).toBe(
          `${method} ${url}: ${status}`,
        );
      }
    }
    expect(await tablesDigest(server.database, [...userTables, 'user_restrictions'])).toEqual(before);

    // the same manager may still grant its own location and manage a user within it
    const grantB = await call(manager, 'PATCH', `/api/users/${atA.id}`, { locationIds: [a.id, b.id] });
    expect(grantB.statusCode).toBe(422);
    expect(grantB.json().details).toEqual({ 'locationIds.1': 'No such location' });
    for (const [method, url, body] of routes(atA.id)) {
      expect(`${method} ${url}: ${(await call(manager, method, url, body)).statusCode}`).toBe(
        `${method} ${url}: 200`,
      );
    }
  });
});
