import { BehaviorSubject, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../http/client';
import { createFakeFetch, type FakeAnswer, type FakeRequest } from '../http/fake-fetch';
import type { User } from '../session/storage';
import { createPermissions, permissionProviderMessage } from './permissions';
import { adminDefaultFlags, type PermissionState } from './rules';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const bob: User = { id: 'u-2', username: 'bob', desktop_access: true, mobile_access: false };

function setup(answer: (request: FakeRequest) => FakeAnswer, user: User | null = bob) {
  const fetch = createFakeFetch(answer);
  const user$ = new BehaviorSubject<User | null>(user);
  const logged: string[] = [];
  const states: PermissionState[] = [];
  const permissions$: Observable<PermissionState> = createPermissions({
    user$,
    api: createApiClient({ fetch, token: () => 't' }),
    log: (message) => logged.push(message),
  });
  permissions$.subscribe((state) => states.push(state));
  return { fetch, user$, logged, states };
}

const server = (request: FakeRequest): FakeAnswer =>
  request.path.endsWith('/permissions')
    ? { body: [{ name: 'manage_orders' }, { name: 'view_analytics' }] }
    : { body: { data: [{ restriction_key: 'mobile.sorting_console' }] } };

describe('createPermissions', () => {
  it('is loading while the flags are fetched, then merges permissions, user flags and restrictions', async () => {
    const { states, fetch } = setup(server);
    expect(states).toEqual([{ loading: true, admin: false, grantAll: false, flags: {}, error: null }]);
    await settle();
    expect(states.at(-1)).toEqual({
      loading: false,
      admin: false,
      grantAll: false,
      error: null,
      flags: {
        desktop_access: true,
        mobile_access: false,
        manage_orders: true,
        view_analytics: true,
        restrict_sorting_console: true,
      },
    });
    expect(fetch.calls.map((call) => call.path)).toEqual([
      '/api/permissions/users/u-2/permissions',
      '/api/permissions/users/u-2/restrictions',
    ]);
  });

  it('uses the permissions object of the user without calling the permissions endpoint', async () => {
    const { states, fetch } = setup(server, { ...bob, permissions: { manage_pallets: true } });
    await settle();
    expect(states.at(-1)?.flags).toMatchObject({ manage_pallets: true, restrict_sorting_console: true });
    expect(fetch.calls.map((call) => call.path)).toEqual(['/api/permissions/users/u-2/restrictions']);
  });

  it('asks for restrictions only once a first-login user has chosen their password', async () => {
    const newbie = { ...bob, first_login: true, permissions: { manage_pallets: true } };
    const { states, fetch, user$ } = setup(server, newbie);
    await settle();
    expect(states.at(-1)).toMatchObject({ loading: false, flags: { manage_pallets: true } });
    expect(fetch.calls).toEqual([]);
    user$.next({ ...newbie, first_login: false });
    await settle();
    expect(states.at(-1)?.flags).toMatchObject({ manage_pallets: true, restrict_sorting_console: true });
    expect(fetch.calls.map((call) => call.path)).toEqual(['/api/permissions/users/u-2/restrictions']);
  });

  it('gives an administrator without permissions object the default set', async () => {
    const { states } = setup(() => ({ body: [] }), { id: 'a', username: 'root', admin: '1' });
    await settle();
    expect(states.at(-1)).toMatchObject({ admin: true, flags: adminDefaultFlags });
  });

  it('keeps the error and empties the flags when permissions fail to load', async () => {
    const { states } = setup((request) =>
      request.path.endsWith('/permissions') ? { status: 500, body: {} } : { body: [] },
    );
    await settle();
    expect(states.at(-1)).toMatchObject({
      loading: false,
      flags: {},
      error: 'Server error. Please try again later',
    });
  });

  it('falls back to "Failed to load permissions" for an error without message', async () => {
    const states: PermissionState[] = [];
    createPermissions({
      user$: new BehaviorSubject<User | null>(bob),
      api: { get: () => Promise.reject(new Error('')) },
    }).subscribe((state) => states.push(state));
    await settle();
    expect(states.at(-1)?.error).toBe('Failed to load permissions');
  });

  it('only logs a restriction failure', async () => {
    const { states, logged } = setup((request) =>
      request.path.endsWith('/permissions') ? { body: [{ name: 'manage_orders' }] } : 'no-response',
    );
    await settle();
    expect(states.at(-1)).toMatchObject({ error: null, flags: { manage_orders: true } });
    expect(logged).toEqual(['Failed to load permission restrictions']);
  });

  it('grants nothing without a user and reloads for the next user', async () => {
    const { states, user$ } = setup(server, null);
    expect(states).toEqual([{ loading: false, admin: false, grantAll: false, flags: {}, error: null }]);
    user$.next(bob);
    await settle();
    expect(states.at(-1)?.flags.manage_orders).toBe(true);
  });

  it('passes every check in development mode', () => {
    const states: PermissionState[] = [];
    createPermissions({
      user$: new BehaviorSubject<User | null>(null),
      api: { get: <T>() => Promise.resolve([] as T) },
      developmentMode: true,
    }).subscribe((state) => states.push(state));
    expect(states[0].grantAll).toBe(true);
  });

  it('names the provider misuse error of SPEC 8', () => {
    expect(permissionProviderMessage).toBe('usePermission must be used within a PermissionProvider');
  });
});
