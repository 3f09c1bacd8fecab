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

// The server side of the admin area (issue 22): disabling accounts, restrictions on the user
// object, and the refusals of changes that would orphan data, each with a sentence.

const { server, w } = setupWarehouse();

const login = (username: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('disabling a user', () => {
  it('ends their sessions and refuses their sign-in with a sentence, until enabled again', async () => {
    const ann = await server.createUser({ permissions: ['desktop_access'], locations: [w.locationId] });
    const session = (await login(ann.username, ann.password)).json();
    const disabled = await call(server, w.admin, 'PATCH', `/api/users/${ann.id}`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabled).toBe(true);
    const validate = (token: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/auth/validate',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await validate(session.token)).statusCode).toBe(401);
    expect((await validate(ann.token)).statusCode).toBe(401);
    const refused = await login(ann.username, ann.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is disabled. Ask an administrator to enable it.');
    // a wrong password says nothing about the account
    expect((await login(ann.username, 'wrong-password')).statusCode).toBe(401);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    await call(server, w.admin, 'PATCH', `/api/users/${ann.id}`, { disabled: false });
    expect((await login(ann.username, ann.password)).statusCode).toBe(200);
  });

  it('is refused on oneself', async () => {
    const manager = await server.createUser({ permissions: ['manage_users'], locations: [w.locationId] });
    const own = await call(server, manager, 'PATCH', `/api/users/${manager.id}`, { disabled: true });
    expect(own).toEqual({
      status: 409,
      body: { code: 'CANNOT_DISABLE_SELF', message: 'You cannot disable your own account' },
    });
  });
});

describe('the user object', () => {
  it('carries the restriction keys, so a validation shows a changed restriction', async () => {
    const ann = await server.createUser({ permissions: ['desktop_access'], locations: [w.locationId] });
    const keys = {
      data: [{ restriction_key: 'restrict_admin_tab' }, { restriction_key: 'mobile.storage_map' }],
    };
    expect(
      (await call(server, w.admin, 'PUT', `/api/permissions/users/${ann.id}/restrictions`, keys)).status,
    ).toBe(200);
    const validated = await call(server, ann, 'GET', '/api/auth/validate');
    expect(validated.body.data.user.restrictions).toEqual(['mobile.storage_map', 'restrict_admin_tab']);
  });
});

describe('refusals of changes that would orphan data', () => {
  it('keeps a catalogue value while pallets in the warehouse carry it, naming them', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    await createPallet(server, w.admin, loc, { tomatoType: 'Cherry' });
    await createPallet(server, w.admin, loc, { tomatoType: 'Cherry' });
    const without = { locationId: loc, ...testCatalog, tomatoType: ['Round', 'Vine'] };
    const refused = await expectNothingWritten(server, () =>
      call(server, w.admin, 'PUT', '/api/catalog', without),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Tomato type "Cherry" is still on 2 pallets. Change or ship those pallets before removing it.',
    );
    // a value no pallet carries goes; adding and reordering are free
    const fine = { ...without, tomatoType: ['Cherry', 'Round'], boxType: ['Crate 30x40', 'Punnet'] };
    expect((await call(server, w.admin, 'PUT', '/api/catalog', fine)).status).toBe(200);
  });

  it('deletes only an empty location and renames any, admin only', async () => {
    const full = await server.createLocation();
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: full.id, ...testCatalog });
    await createPallet(server, w.admin, full.id);
    await createOrder(server, w.admin, full.id);
    await createZone(server, w.admin, full.id);
    const refused = await call(server, w.admin, 'DELETE', `/api/locations/${full.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${full.name} still holds 1 pallet, 1 order and 1 storage zone: delete or move them before deleting the location`,
    );
    const renamed = await call(server, w.admin, 'PATCH', `/api/locations/${full.id}`, {
      name: 'Renamed site',
    });
    expect(renamed).toEqual({ status: 200, body: { data: { id: full.id, name: 'Renamed site' } } });
    expect((await call(server, w.manager, 'PATCH', `/api/locations/${full.id}`, { name: 'x' })).status).toBe(
      403,
    );

    const empty = await server.createLocation();
    expect((await call(server, w.manager, 'DELETE', `/api/locations/${empty.id}`)).status).toBe(403);
    expect((await call(server, w.admin, 'DELETE', `/api/locations/${empty.id}`)).status).toBe(200);
    expect((await call(server, w.admin, 'DELETE', `/api/locations/${empty.id}`)).status).toBe(404);
  });
});
