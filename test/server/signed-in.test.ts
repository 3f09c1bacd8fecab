import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { App } from '../../server/app-type';
import { loadConfig } from '../../server/config';
import { createDatabase, type Database } from '../../server/db/index';
import type { UserRecord } from '../../server/modules/users/repository';
import { SignedInCache } from '../../server/plugins/signed-in';
import { testDbKind } from './support/database';
import type { TestUser } from './support/server';
import { call, createPallet, setupWarehouse } from './warehouse-fixtures';

const ann: UserRecord = {
  id: 'ann',
  username: 'ann',
  admin: false,
  first_login: false,
  force_mobile_mode_enabled: false,
  skip_token_validation: false,
  auto_refresh_tokens: true,
  disabled: false,
  locale: null,
  permissions: ['manage_pallets'],
  restrictions: [],
  locationIds: ['L1'],
};

const listening = () => {
  const cache = new SignedInCache();
  cache.apply({ kind: 'listening' });
  return cache;
};

describe('SignedInCache', () => {
  it('keeps a user read while nothing was heard, and forgets them when they change', () => {
    const cache = listening();
    cache.keepUser(ann, cache.generation);
    expect(cache.user('ann')).toBe(ann);
    // shared by the user's requests: frozen, down to the lists access checks read
    for (const kept of [ann, ann.permissions, ann.locationIds]) expect(Object.isFrozen(kept)).toBe(true);
    cache.apply({ kind: 'user', userId: 'ann' });
    expect(cache.user('ann')).toBeUndefined();
  });

  it('does not keep a read during which a change was heard: the read may predate it', () => {
    const cache = listening();
    const before = cache.generation;
    cache.apply({ kind: 'user', userId: 'bob' });
    cache.keepUser(ann, before);
    expect(cache.user('ann')).toBeUndefined();
    cache.forget('bob');
    cache.keepHead('L1', 4, before);
    expect(cache.head('L1')).toBeUndefined();
  });

  it('keeps nothing until it listens, and forgets everything when the listener is lost', () => {
    const cache = new SignedInCache();
    cache.keepUser(ann, cache.generation);
    cache.keepHead('L1', 3, cache.generation);
    cache.committed('L1', 4);
    expect(cache.user('ann')).toBeUndefined();
    expect(cache.head('L1')).toBeUndefined();

    cache.apply({ kind: 'listening' });
    cache.keepUser(ann, cache.generation);
    cache.apply({ kind: 'live', locationId: 'L1', id: 5 });
    expect(cache.user('ann')).toBe(ann);
    expect(cache.head('L1')).toBe(5);

    const before = cache.generation;
    cache.apply({ kind: 'lost' });
    expect(cache.user('ann')).toBeUndefined();
    expect(cache.head('L1')).toBeUndefined();
    cache.apply({ kind: 'live', locationId: 'L1', id: 6 });
    cache.keepUser(ann, cache.generation);
    expect(cache.head('L1')).toBeUndefined();
    expect(cache.user('ann')).toBeUndefined();

    cache.apply({ kind: 'listening' }); // what was read before the listener came back is not kept
    cache.keepUser(ann, before);
    expect(cache.user('ann')).toBeUndefined();
  });

  it("never lowers a location's last event id: a late read or notification keeps the newest", () => {
    const cache = listening();
    const before = cache.generation;
    cache.committed('L1', 7);
    cache.apply({ kind: 'live', locationId: 'L1', id: 6 });
    cache.keepHead('L1', 5, before);
    expect(cache.head('L1')).toBe(7);
    cache.apply({ kind: 'live', locationId: 'L1', id: 8 });
    expect(cache.head('L1')).toBe(8);
  });
});

describe('signed-in users kept in memory', () => {
  const { server, w } = setupWarehouse();
  /** A second app on the same database, as another process would be, with a listener of its own. */
  let other: App;
  let otherDatabase: Database;

  beforeAll(async () => {
    const config = {
      ...loadConfig({}),
      dataDir: 'memory://',
      databaseUrl: server.database.url,
      demoData: false,
    };
    otherDatabase =
      testDbKind === 'postgres'
        ? await createDatabase({ databaseUrl: server.database.url, dataDir: '' })
        : server.database;
    other = await buildApp(config, { database: otherDatabase, logger: false });
  });
  afterAll(async () => {
    await other?.close();
    if (otherDatabase !== server.database) await otherDatabase?.close();
  });

  const statusOn = async (app: App, user: TestUser, url: string) =>
    (await app.inject({ method: 'GET', url, headers: user.headers })).statusCode;

  it('applies a change made through the API at once in the process that made it', async () => {
    const ann = await server.createUser({ permissions: ['manage_users'], locations: [w.locationId] });
    const pallets = `/api/pallets?locationId=${w.locationId}`;
    expect(await statusOn(server.app, ann, '/api/users')).toBe(200);
    expect(await statusOn(server.app, ann, pallets)).toBe(200);

    const revoked = await call(server, w.admin, 'PUT', `/api/permissions/users/${ann.id}/permissions`, []);
    expect(revoked.status).toBe(200);
    expect(await statusOn(server.app, ann, '/api/users')).toBe(403);

    const moved = await call(server, w.admin, 'PATCH', `/api/users/${ann.id}`, { locationIds: [] });
    expect(moved.status).toBe(200);
    expect(await statusOn(server.app, ann, pallets)).toBe(404);

    expect((await call(server, w.admin, 'DELETE', `/api/users/${ann.id}`)).status).toBe(200);
    expect(await statusOn(server.app, ann, '/api/users')).toBe(401);
  });

  it('applies a change made by hand in SQL in every process, once it hears of it', async () => {
    const ann = await server.createUser({ permissions: ['manage_users'] });
    for (const app of [server.app, other]) expect(await statusOn(app, ann, '/api/users')).toBe(200);
    await server.db.deleteFrom('user_permissions').where('user_id', '=', ann.id).execute();
    for (const app of [server.app, other]) {
      await expect.poll(() => statusOn(app, ann, '/api/users'), { interval: 5 }).toBe(403);
    }
  });

  it('shows a list with the changes of this process at once, without waiting for their notification', async () => {
    const list = async () =>
      (await call(server, w.manager, 'GET', `/api/pallets?locationId=${w.locationId}&limit=1`)).body;
    const before = await list();
    expect(await list()).toEqual(before); // answered from memory
    const pallet = await createPallet(server, w.manager, w.locationId);
    const after = await list();
    expect(after.last_event_id).toBe(before.last_event_id + 1);
    expect(after.data[0].id).toBe(pallet.id);
  });

  it.runIf(testDbKind === 'postgres')('misses no change made while its listener was lost', async () => {
    const ann = await server.createUser({ permissions: ['manage_users'] });
    expect(await statusOn(server.app, ann, '/api/users')).toBe(200);
    const listeners = sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`.execute(server.db);
    await expect.poll(async () => (await listeners.execute(server.db)).rows[0].n, { interval: 5 }).toBe(0);
    await server.db.deleteFrom('user_permissions').where('user_id', '=', ann.id).execute();
    await expect.poll(() => statusOn(server.app, ann, '/api/users'), { interval: 5 }).toBe(403);
    // both processes listen again
    await expect.poll(async () => (await listeners.execute(server.db)).rows[0].n, { timeout: 5_000 }).toBe(2);
  });
});
