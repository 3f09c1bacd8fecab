import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { asyncScheduler, firstValueFrom, map, of, takeWhile, toArray } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshReuseGraceS } from '../../server/modules/auth/repository';
import { signAccessToken } from '../../server/plugins/auth';
import { createAnalytics } from '../../streams/analytics';
import {
  canAccessAdminTab,
  canAccessConsole,
  canUseMobile,
  createPermissions,
  hasPermission,
} from '../../streams/permissions';
import {
  createMemoryStorage,
  createSession,
  type Session,
  type SessionStorages,
  storageKeys,
  type User,
} from '../../streams/session';
import { ageRotations, setupTestServer, type TestUser, type UserSpec } from './support/server';
import { createPallet, createWarehouse, palletValues, type Warehouse } from './warehouse-fixtures';

// The streams core wired as the browser wires it (src/deps.ts) minus the DOM: Node's fetch over a
// real socket, memory storages, asyncScheduler and Math.random, against the real server.
const requests: string[] = [];
const server = setupTestServer({
  routes: (app) =>
    app.addHook('onRequest', async (request) => {
      requests.push(`${request.method} ${request.url.split('?')[0]}`);
    }),
});
let baseUrl = '';
let w: Warehouse;

beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  w = await createWarehouse(server);
});

const open: Session[] = [];
afterEach(() => {
  for (const session of open.splice(0)) session.dispose();
});

const memoryStorages = () => ({ local: createMemoryStorage(), session: createMemoryStorage() });

/** A browser tab: a session over its own (or the given) storages, recording where it navigates. */
function tab(storage = memoryStorages()) {
  const session = createSession({
    fetch,
    baseUrl,
    storage,
    online$: of(true),
    scheduler: asyncScheduler,
    random: Math.random,
    currentPath: () => '/dashboard',
  });
  open.push(session);
  const navigations: string[] = [];
  session.navigation$.subscribe((path) => navigations.push(path));
  return { session, storage, navigations, state: () => firstValueFrom(session.state$) };
}

/** A new user of the warehouse location, signed in through a new tab. */
async function signIn({ rememberMe = false, ...spec }: UserSpec & { rememberMe?: boolean } = {}) {
  const user = await server.createUser({ locations: [w.locationId], ...spec });
  const opened = tab();
  const signed = await opened.session.login({ username: user.username, password: user.password, rememberMe });
  return { ...opened, user, signed };
}

/** A list answer: ids under data. */
type Page = { data: Array<{ id: string }> };
/** How many requests `call` ("METHOD /path") got since `mark` (an index into `requests`). */
const countSince = (mark: number, call: string) => requests.slice(mark).filter((r) => r === call).length;
const refreshCall = 'POST /api/auth/refresh-token';
const authKeys = [storageKeys.token, storageKeys.refreshToken, storageKeys.userData];
const storedAuth = ({ local, session }: SessionStorages) =>
  authKeys.flatMap((key) => [local.getItem(key), session.getItem(key)]).filter((v) => v !== null);
const refreshWith = (refreshToken: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
/** The user the server sees behind the session's stored token. */
const validated = async (session: Session) =>
  (await session.api.get<{ data: { user: User } }>('/api/auth/validate')).data.user;
/** The user's refresh tokens as the server keeps them. */
const refreshTokensOf = (userId: string) =>
  server.db
    .selectFrom('refresh_tokens')
    .select(['remember_me', 'revoked_at'])
    .where('user_id', '=', userId)
    .execute();

describe('login', () => {
  it.each([false, true])('rememberMe %s: SPEC 3 keys in the storage it names', async (rememberMe) => {
    const permissions: UserSpec['permissions'] = ['desktop_access', 'manage_pallets'];
    const { session, storage, user, signed, state } = await signIn({ permissions, rememberMe });
    expect(signed).toMatchObject({
      id: user.id,
      username: user.username,
      admin: false,
      first_login: false,
      desktop_access: true,
      mobile_access: false,
      force_mobile_mode_enabled: false,
      permissions: expect.objectContaining({ manage_pallets: true, manage_orders: false }),
    });
    expect(await state()).toMatchObject({ name: 'AUTHENTICATED', user: signed, failures: 0 });
    const [kept, other] = rememberMe ? [storage.local, storage.session] : [storage.session, storage.local];
    expect(kept.dump()).toMatchObject({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.any(String),
      userData: JSON.stringify(signed),
      rememberMe: String(rememberMe),
      skipTokenValidation: 'false',
      autoRefreshTokens: 'true',
    });
    for (const key of authKeys) expect(other.getItem(key)).toBeNull();
    expect(await refreshTokensOf(user.id)).toEqual([{ remember_me: rememberMe, revoked_at: null }]);
    expect((await validated(session)).id).toBe(user.id); // the stored token is the one sent
  });

  it("with bad credentials shows the server's message and clears what was stored", async () => {
    const { session, storage, user, state } = await signIn();
    await expect(session.login({ username: user.username, password: 'not the password' })).rejects.toThrow(
      /^Invalid username or password$/,
    );
    expect(await state()).toMatchObject({ name: 'FAILED', recoverable: false });
    expect(storedAuth(storage)).toEqual([]);
  });
});

describe('smart 401 recovery', () => {
  it('a reloaded tab starts AUTHENTICATED from storage and recovers a valid token by validation alone', async () => {
    const { storage, signed } = await signIn();
    const reloaded = tab(storage);
    expect(await reloaded.state()).toMatchObject({ name: 'AUTHENTICATED', user: signed });
    const mark = requests.length;
    expect(await firstValueFrom(reloaded.session.recover$())).toBe(
      storage.session.getItem(storageKeys.token),
    );
    expect(countSince(mark, 'GET /api/auth/validate')).toBe(1);
    expect(countSince(mark, refreshCall)).toBe(0);
  });

  it.each([
    ['an expired', true, (user: TestUser) => server.tokenFor(user.id, -60)],
    ['a garbage', false, async () => 'garbage.token.here'],
  ])('10 concurrent calls with %s token (rememberMe %s) share one refresh', async (_, rememberMe, bad) => {
    const { session, storage, user } = await signIn({ rememberMe });
    const kept = rememberMe ? storage.local : storage.session;
    const before = kept.getItem(storageKeys.refreshToken);
    kept.setItem(storageKeys.token, await bad(user));
    const names: string[] = [];
    session.state$.subscribe((s) => names.push(s.name));
    const mark = requests.length;
    const call = () => session.api.get<Page>('/api/user-locations');
    const answers = await Promise.all(Array.from({ length: 10 }, call));
    for (const answer of answers) expect(answer.data.map((l) => l.id)).toEqual([w.locationId]);
    expect(countSince(mark, refreshCall)).toBe(1);
    expect(countSince(mark, 'GET /api/user-locations')).toBe(20);
    expect(names.slice(0, 3)).toEqual(['AUTHENTICATED', 'REFRESHING', 'AUTHENTICATED']);
    expect(names).not.toContain('FAILED');
    expect(kept.getItem(storageKeys.refreshToken)).not.toBe(before);
    expect(storedAuth(storage)).toHaveLength(authKeys.length); // in one storage only, as before
    expect((await validated(session)).id).toBe(user.id);
  });

  it('a refresh token reused after the grace window revokes its family, clears auth and navigates to /login?expired=1', async () => {
    const { session, storage, navigations, state, user } = await signIn();
    const first = storage.session.getItem(storageKeys.refreshToken)!;
    storage.session.setItem(storageKeys.token, 'garbage');
    await session.api.get('/api/user-locations'); // rotates: first → second
    const second = storage.session.getItem(storageKeys.refreshToken)!;
    expect(second).not.toBe(first);
    await ageRotations(server.db, user.id, refreshReuseGraceS + 1);
    storage.session.setItem(storageKeys.token, 'garbage');
    storage.session.setItem(storageKeys.refreshToken, first); // a stale copy presented again
    await expect(session.api.get('/api/user-locations')).rejects.toMatchObject({
      status: 401,
      message: 'Session expired. Please login again.',
    });
    expect(await state()).toMatchObject({ name: 'FAILED', recoverable: false });
    expect(storedAuth(storage)).toEqual([]);
    expect(navigations).toEqual(['/login?expired=1&redirect=%2Fdashboard']);
    expect((await refreshWith(second)).statusCode).toBe(401);
  });
});

describe('permissions from the real endpoints', () => {
  /** The states of `createPermissions` over the session, up to the first loaded one. */
  const load = (session: Session, strip: boolean) => {
    const user$ = session.user$.pipe(map((user) => (user && strip ? { ...user, permissions: null } : user)));
    const states$ = createPermissions({ user$, api: session.api });
    return firstValueFrom(
      states$.pipe(
        takeWhile((s) => s.loading, true),
        toArray(),
      ),
    );
  };

  it.each([
    ['the user object', false],
    ['the permissions endpoint', true],
  ])('a non-admin gets flags from %s with restrictions mapped and merged', async (_, strip) => {
    const permissions: UserSpec['permissions'] = ['mobile_access', 'sorting_access', 'view_storage_map'];
    const { session, user } = await signIn({ permissions });
    const keys = ['mobile.sorting_console', 'mobile.storage_map', 'restrict_admin_tab', 'mobile_access'];
    await server.db
      .insertInto('user_restrictions')
      .values(keys.map((restriction_key) => ({ user_id: user.id, restriction_key })))
      .execute();
    const mark = requests.length;
    const states = await load(session, strip);
    expect(states.map((s) => s.loading)).toEqual([true, false]);
    expect(hasPermission(states[0], 'view_storage_map')).toBe(false);
    const loaded = states[1];
    expect(loaded).toMatchObject({ admin: false, error: null });
    const granted = Object.entries(loaded.flags).filter(([, on]) => on);
    expect(Object.fromEntries(granted)).toEqual({
      mobile_access: true,
      sorting_access: true,
      view_storage_map: true,
      restrict_sorting_console: true,
      restrict_storage_console: true,
      restrict_admin_tab: true,
      restrict_mobile_access: true,
    });
    expect(countSince(mark, `GET /api/permissions/users/${user.id}/permissions`)).toBe(strip ? 1 : 0);
    expect(countSince(mark, `GET /api/permissions/users/${user.id}/restrictions`)).toBe(1);
    expect(canUseMobile(loaded)).toBe(false);
    expect(canAccessConsole(loaded, 'sorting')).toBe(false);
    expect(canAccessConsole(loaded, 'storage')).toBe(false);
    expect(canAccessConsole(loaded, 'logistics')).toBe(true);
    expect(canAccessAdminTab(loaded)).toBe(false);
  });
});

describe('API client against real statuses', () => {
  it('maps 404, 403 and 422 to the SPEC 8 messages without any recovery', async () => {
    const { session, user, state } = await signIn();
    const mark = requests.length;
    await expect(session.api.get(`/api/pallets/${randomUUID()}`)).rejects.toMatchObject({
      status: 404,
      message: 'The requested resource was not found',
    });
    await expect(session.api.get('/api/users')).rejects.toMatchObject({
      status: 403,
      message: 'You do not have permission to perform this action',
    });
    const wrong = { currentPassword: 'wrong one', newPassword: 'long enough' };
    await expect(session.api.post('/api/auth/change-password', wrong)).rejects.toMatchObject({
      status: 422,
      message: 'Invalid data provided',
      serverMessage: 'Invalid data provided',
      details: { currentPassword: 'Current password is incorrect' },
    });
    expect(countSince(mark, refreshCall) + countSince(mark, 'GET /api/auth/validate')).toBe(0);
    expect(await state()).toMatchObject({ name: 'AUTHENTICATED', user: { id: user.id } });
  });

  it('answers pallet paths in camelCase', async () => {
    const { session } = await signIn({ permissions: ['manage_pallets'] });
    const query = { locationId: w.locationId };
    const created = await session.api.post<{ id: string }>('/api/pallets', { ...query, ...palletValues });
    expect(created).toMatchObject({ ...query, palletType: 'Euro', qrCode: `{"id":"${created.id}"}` });
    const page = await session.api.get<Page>('/api/pallets', { query });
    expect(page).toMatchObject({ nextCursor: null, lastEventId: expect.any(Number) });
    expect(page.data.find((p) => p.id === created.id)).toEqual(created);
    expect(JSON.stringify(page)).not.toMatch(/"\w+_\w+":/);
  });
});

describe('analytics through the session', () => {
  it('drops an invalid event without a call, sends a valid one and reads it back through /api/insights', async () => {
    const { session, user } = await signIn({ permissions: ['view_analytics'] });
    const pallet = await createPallet(server, w.manager, w.locationId);
    const analytics = createAnalytics({ api: session.api, log: () => undefined });
    const mark = requests.length;
    const event = { event_type: 'qr_scanned', pallet_id: pallet.id, location_id: w.locationId };
    expect(await analytics.track({ ...event, user_id: 'not-a-uuid' })).toBe('invalid');
    expect(countSince(mark, 'POST /api/analytics/events')).toBe(0);
    expect(await analytics.track({ ...event, user_id: user.id, scan_device_id: 'gun-7' })).toBe('sent');
    const read = await firstValueFrom(analytics.palletEvents(pallet.id));
    expect(read).toMatchObject({ source: '/api/insights', advice: null });
    expect(read.data).toContainEqual(
      expect.objectContaining({
        eventType: 'pallet_scanned',
        userId: user.id,
        locationId: w.locationId,
        notes: 'Pallet scanned by operator',
        scanType: 'qr',
        scanDeviceId: 'gun-7',
      }),
    );
    expect(countSince(mark, 'POST /api/analytics/events')).toBe(1);
  });
});

describe('account commands', () => {
  it('change-password clears first_login in the session, in storage and on the server', async () => {
    const { session, storage, user, state } = await signIn({ firstLogin: true });
    expect(await state()).toMatchObject({ name: 'AUTHENTICATED', user: { first_login: true } });
    await session.changePassword({ currentPassword: user.password, newPassword: 'a brand new password' });
    expect(await state()).toMatchObject({ name: 'AUTHENTICATED', user: { first_login: false } });
    expect(JSON.parse(storage.session.getItem(storageKeys.userData)!)).toMatchObject({ first_login: false });
    expect((await validated(session)).first_login).toBe(false);
    const relogin = (password: string) => tab().session.login({ username: user.username, password });
    await expect(relogin(user.password)).rejects.toThrow('Invalid username or password');
    expect(await relogin('a brand new password')).toMatchObject({ first_login: false });
  });

  it.each([
    ['a live', 60],
    ['an expired', -60],
  ])('logout with %s access token revokes its refresh family and goes to /login', async (_, ttl) => {
    const { session, storage, user, navigations, state } = await signIn();
    const { fid } = decodeJwt(storage.session.getItem(storageKeys.token)!);
    const access = await signAccessToken(server.app.jwtKey, user.id, fid as string, ttl);
    storage.session.setItem(storageKeys.token, access);
    const refreshToken = storage.session.getItem(storageKeys.refreshToken)!;
    await session.logout();
    expect(navigations).toEqual(['/login']);
    expect(await state()).toMatchObject({ name: 'FAILED', recoverable: false });
    expect(storedAuth(storage)).toEqual([]);
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
    const family = await refreshTokensOf(user.id);
    expect(family.filter((row) => row.revoked_at === null)).toEqual([]);
  });
});
