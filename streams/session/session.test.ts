import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  expiredStorageCleanupIntervalMs,
  onlineRecoveryDelayMs,
  redirectThrottleMs,
  tokenValidationIntervalMs,
} from '../config';
import { unwrapAuth } from './auth-calls';
import { createSession, loginMessages } from './session';
import type { SessionState } from './state';
import { createMemoryStorage, storageKeys } from './storage';
import { alice, createAuthServer, createDeps, settle, startSession } from './test-kit';

const current = (session: { state$: import('rxjs').Observable<SessionState> }) => {
  let value: SessionState | undefined;
  session.state$
    .subscribe((state) => {
      value = state;
    })
    .unsubscribe();
  return value!;
};

const signedIn = (token = 'login-1') => ({
  local: createMemoryStorage({ token, userData: JSON.stringify(alice), refreshToken: 'r-0' }),
  session: createMemoryStorage(),
});

describe('session start (SPEC 4)', () => {
  it('is FAILED without stored auth, counting no failure', () => {
    const { session, states } = startSession();
    expect(states).toEqual(['FAILED']);
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      failures: 0,
      recoverable: false,
      retryInMs: null,
    });
  });

  it('is AUTHENTICATED with a stored token and complete user data', async () => {
    const { session } = startSession({ storage: signedIn() });
    expect(current(session)).toMatchObject({ name: 'AUTHENTICATED', user: alice, failures: 0 });
    expect(await firstValueFrom(session.user$)).toEqual(alice);
  });

  it.each([
    ['malformed', '{nope'],
    ['without username', JSON.stringify({ id: 'u-1' })],
    ['without id', JSON.stringify({ username: 'alice' })],
    ['not an object', '"alice"'],
  ])('clears stored auth when user data is %s', (_, userData) => {
    const local = createMemoryStorage({ token: 't', userData, refreshToken: 'r', locationId: 'L1' });
    const { session } = startSession({ storage: { local, session: createMemoryStorage() } });
    expect(current(session).name).toBe('FAILED');
    expect(local.dump()).toEqual({ locationId: 'L1' });
  });

  it('clears user data left without a token and stays FAILED', () => {
    const local = createMemoryStorage({ userData: JSON.stringify(alice) });
    const { session } = startSession({ storage: { local, session: createMemoryStorage() } });
    expect(current(session).name).toBe('FAILED');
    expect(local.getItem('userData')).toBe(JSON.stringify(alice));
  });

  it('clears the redirect counter on start but keeps the failure record', () => {
    const record = {
      failureCount: 2,
      lastFailureTime: 5,
      circuitBreakerOpen: false,
      redirectCount: 3,
      lastRedirectTime: 9,
    };
    const sessionStorage = createMemoryStorage({ sessionState: JSON.stringify(record) });
    const { session, deps } = startSession({
      storage: { local: createMemoryStorage(), session: sessionStorage },
    });
    expect(current(session)).toMatchObject({ failures: 2, lastFailureAt: 5 });
    expect(JSON.parse(deps.storage.session.getItem('sessionState')!)).toMatchObject({
      redirectCount: 0,
      lastRedirectTime: null,
    });
  });

  it('restores an open breaker from the stored record', () => {
    const record = {
      failureCount: 3,
      lastFailureTime: 0,
      circuitBreakerOpen: true,
      circuitBreakerOpenedAt: 0,
    };
    const sessionStorage = createMemoryStorage({ sessionState: JSON.stringify(record) });
    const { session } = startSession({ storage: { local: createMemoryStorage(), session: sessionStorage } });
    expect(current(session).breaker).toEqual({ state: 'OPEN', openedAt: 0, closesAt: 5 * 60_000 });
  });

  it('ignores an unreadable stored record', () => {
    const sessionStorage = createMemoryStorage({ sessionState: '{bad' });
    const { session } = startSession({ storage: { local: createMemoryStorage(), session: sessionStorage } });
    expect(current(session)).toMatchObject({ failures: 0, breaker: { state: 'CLOSED' } });
  });
});

describe('login', () => {
  it('requires both username and password', async () => {
    const { session, deps } = startSession();
    await expect(session.login({ username: ' ', password: 'x' })).rejects.toThrow(
      'Please enter both username and password',
    );
    await expect(session.login({ username: 'alice', password: '' })).rejects.toThrow(
      loginMessages.missingFields,
    );
    expect((deps.fetch as unknown as { calls: unknown[] }).calls).toHaveLength(0);
  });

  it('posts the credentials and keeps a session_only login in session storage', async () => {
    const { session, deps, states } = startSession();
    expect(await session.login({ username: 'alice', password: 'secret' })).toEqual(alice);
    const { calls } = deps.fetch as unknown as { calls: { body: unknown }[] };
    expect(calls[0].body).toEqual({ username: 'alice', password: 'secret', rememberMe: false });
    expect(states).toEqual(['FAILED', 'AUTHENTICATED']);
    expect(deps.storage.local.getItem('token')).toBeNull();
    expect(deps.storage.session.getItem('token')).toBe('login-1');
    expect(JSON.parse(deps.storage.session.getItem('userData')!)).toEqual(alice);
    expect(deps.storage.session.getItem('rememberMe')).toBe('false');
    expect(deps.storage.session.getItem('skipTokenValidation')).toBe('false');
    expect(deps.storage.session.getItem('autoRefreshTokens')).toBe('true');
  });

  it('keeps a remember-me login in local storage without expiry', async () => {
    const { session, deps } = startSession();
    await session.login({ username: 'alice', password: 'secret', rememberMe: true });
    expect(deps.storage.local.getItem('token')).toBe('login-1');
    expect(deps.storage.local.getItem('refreshToken')).toBe('r-0');
    expect(deps.storage.local.getItem('rememberMe')).toBe('true');
    expect(deps.storage.local.getItem('sessionExpiry')).toBeNull();
  });

  it('keeps a persistent login for one year', async () => {
    const { session, deps, clock } = startSession();
    clock.advance(1234);
    await session.login({ username: 'alice', password: 'secret', persistence: 'persistent' });
    expect(deps.storage.local.getItem('persistentSession')).toBe('true');
    expect(Number(deps.storage.local.getItem('sessionExpiry'))).toBe(1234 + 31_536_000_000);
  });

  it('stores the per-user settings of the user', async () => {
    const user = { ...alice, skipTokenValidation: true, autoRefreshTokens: false };
    const fetch = createAuthServer((request) =>
      request.path === '/api/auth/login' ? { body: { token: 't', user } } : undefined,
    ).fetch;
    const { session, deps } = startSession({ fetch });
    await session.login({ username: 'alice', password: 'secret' });
    expect(deps.storage.session.getItem(storageKeys.skipTokenValidation)).toBe('true');
    expect(deps.storage.session.getItem(storageKeys.autoRefreshTokens)).toBe('false');
  });

  it('shows the server message on refusal and clears stored auth', async () => {
    const { session, deps } = startSession({ storage: signedIn() });
    await expect(session.login({ username: 'alice', password: 'wrong' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(deps.storage.local.getItem('token')).toBeNull();
    expect(current(session).name).toBe('FAILED');
  });

  it('shows the catalogue message when the server is unreachable', async () => {
    const { session } = startSession({ fetch: createAuthServer(() => 'no-response').fetch });
    await expect(session.login({ username: 'a', password: 'b' })).rejects.toThrow(
      'No response received from server. Please check your connection.',
    );
  });

  it('shows "An error occurred during login." when the answer has no token', async () => {
    const { session } = startSession({ fetch: createAuthServer(() => ({ body: { user: alice } })).fetch });
    await expect(session.login({ username: 'a', password: 'b' })).rejects.toThrow(
      'An error occurred during login.',
    );
  });

  it('reads auth answers wrapped in data or not', () => {
    expect(unwrapAuth({ data: { token: 't', refreshToken: 'r', user: alice } })).toEqual({
      token: 't',
      refreshToken: 'r',
      user: alice,
    });
    expect(unwrapAuth({ token: 't', user: { id: 'x' } })).toEqual({
      token: 't',
      refreshToken: null,
      user: undefined,
    });
    expect(unwrapAuth(null)).toEqual({ token: undefined, refreshToken: null, user: undefined });
  });
});

describe('logout and password change', () => {
  it('revokes on the server, clears auth and the forced mode, and goes to /login', async () => {
    const server = createAuthServer();
    server.valid.add('login-1');
    const storage = signedIn();
    const { session, deps, navigations } = startSession({ storage, fetch: server.fetch });
    session.preferences.setForcedMobileMode('mobile');
    session.preferences.selectLocation('L1');
    await session.logout();
    const logout = server.fetch.calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.headers.Authorization).toBe('Bearer login-1');
    expect(storage.local.dump()).toEqual({ locationId: 'L1' });
    expect(deps.storage.session.getItem('forcedMobileMode')).toBeNull();
    expect(navigations).toEqual(['/login']);
    expect(current(session).name).toBe('FAILED');
  });

  it('with an expired access token refreshes once and revokes with the new one', async () => {
    const server = createAuthServer();
    const { session, navigations } = startSession({ storage: signedIn('expired'), fetch: server.fetch });
    await session.logout();
    expect(server.fetch.calls.map((call) => [call.path, call.headers.Authorization])).toEqual([
      ['/api/auth/logout', 'Bearer expired'],
      ['/api/auth/refresh-token', undefined],
      ['/api/auth/logout', 'Bearer fresh-1'],
    ]);
    expect(navigations).toEqual(['/login']);
  });

  it('logs out locally even when the server is unreachable', async () => {
    const { session, deps } = startSession({
      storage: signedIn(),
      fetch: createAuthServer(() => 'no-response').fetch,
    });
    await session.logout();
    expect(deps.storage.local.getItem('token')).toBeNull();
  });

  it('changes the password and clears first_login', async () => {
    const server = createAuthServer();
    server.valid.add('login-1');
    const storage = {
      local: createMemoryStorage({
        token: 'login-1',
        userData: JSON.stringify({ ...alice, first_login: true }),
      }),
      session: createMemoryStorage(),
    };
    const { session } = startSession({ storage, fetch: server.fetch });
    await session.changePassword({ currentPassword: 'secret', newPassword: 'longer-secret' });
    expect(server.fetch.calls.at(-1)).toMatchObject({
      path: '/api/auth/change-password',
      body: { currentPassword: 'secret', newPassword: 'longer-secret' },
    });
    expect(await firstValueFrom(session.user$)).toMatchObject({ first_login: false });
    expect(JSON.parse(storage.local.getItem('userData')!).first_login).toBe(false);
  });
});

describe('validation on demand', () => {
  it("takes the user as the server holds it now, with an administrator's changes", async () => {
    const granted = { ...alice, permissions: [{ name: 'sorting_access' }] };
    const server = createAuthServer((request) =>
      request.path === '/api/auth/validate' ? { body: { data: { user: granted } } } : undefined,
    );
    const { session } = startSession({ storage: signedIn(), fetch: server.fetch });
    expect(await firstValueFrom(session.user$)).toEqual(alice);
    await session.validate();
    expect(await firstValueFrom(session.user$)).toEqual(granted);
    expect(current(session).name).toBe('AUTHENTICATED');
  });
});

describe('a change of the user kept for the next start', () => {
  it('is remembered with the stored user, and the user is not emitted anew', async () => {
    const storage = signedIn();
    const { session } = startSession({ storage });
    const users: unknown[] = [];
    session.user$.subscribe((user) => users.push(user));
    session.keepUser({ locale: 'en' });
    expect(JSON.parse(storage.local.getItem('userData')!)).toEqual({ ...alice, locale: 'en' });
    expect(users).toEqual([alice]);
    // the next start of the app reads it
    const next = startSession({ storage }).session;
    expect(await firstValueFrom(next.user$)).toEqual({ ...alice, locale: 'en' });
  });
});

describe('smart 401 recovery', () => {
  it('shares one refresh between 10 concurrent 401s and retries each with the new token', async () => {
    const server = createAuthServer();
    const { session, states } = startSession({ storage: signedIn('expired'), fetch: server.fetch });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => session.api.get(`/api/orders/${n}`)),
    );
    expect(answers).toEqual(Array(10).fill({ success: true }));
    const refreshes = server.fetch.calls.filter((call) => call.path === '/api/auth/refresh-token');
    expect(refreshes).toHaveLength(1);
    const retried = server.fetch.calls.filter(
      (call) => call.path.startsWith('/api/orders') && call.headers.Authorization === 'Bearer fresh-1',
    );
    expect(retried).toHaveLength(10);
    expect(states).toEqual(['AUTHENTICATED', 'REFRESHING', 'AUTHENTICATED']);
  });

  it('stores the refreshed tokens at the same persistence level', async () => {
    const { session, deps } = startSession({ storage: signedIn('expired') });
    await session.api.get('/api/orders');
    expect(deps.storage.local.getItem('token')).toBe('fresh-1');
    expect(deps.storage.local.getItem('refreshToken')).toBe('r-1');
  });

  it('clears auth and goes to /login?expired=1 with the current path when recovery fails', async () => {
    const server = createAuthServer();
    server.refreshTokens.clear();
    const { session, deps, navigations } = startSession({
      storage: signedIn('expired'),
      fetch: server.fetch,
    });
    await expect(session.api.get('/api/orders')).rejects.toThrow('Session expired. Please login again.');
    expect(deps.storage.local.getItem('token')).toBeNull();
    expect(navigations).toEqual(['/login?expired=1&redirect=%2Fdashboard']);
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      reason: 'All recovery strategies failed',
      failures: 1,
    });
  });

  it('clears auth instead of redirecting when the redirects loop', async () => {
    const server = createAuthServer();
    server.refreshTokens.clear();
    const { session, clock, navigations } = startSession({
      storage: signedIn('expired'),
      fetch: server.fetch,
    });
    for (let n = 0; n < 3; n += 1) {
      await expect(session.api.get('/api/orders')).rejects.toThrow('Session expired. Please login again.');
      clock.advance(redirectThrottleMs);
    }
    expect(navigations).toHaveLength(2);
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      reason: 'Session error detected. Please try logging in again.',
    });
  });

  it('does not redirect when already on /login', async () => {
    const server = createAuthServer();
    server.refreshTokens.clear();
    const { session, navigations } = startSession({
      storage: signedIn('expired'),
      fetch: server.fetch,
      currentPath: () => '/login',
    });
    await expect(session.api.get('/api/orders')).rejects.toThrow();
    expect(navigations).toEqual([]);
  });

  it('logs in again with stored credentials when refresh fails', async () => {
    const server = createAuthServer();
    server.refreshTokens.clear();
    const { session } = startSession({
      storage: signedIn('expired'),
      fetch: server.fetch,
      credentials: async () => ({ username: 'alice', password: 'secret' }),
    });
    expect(await session.api.get('/api/orders')).toEqual({ success: true });
    expect(server.fetch.calls.map((call) => call.path)).toEqual([
      '/api/orders',
      '/api/auth/validate',
      '/api/auth/refresh-token',
      '/api/auth/login',
      '/api/orders',
    ]);
  });

  it('blocks auto-login when no credentials are kept', async () => {
    const server = createAuthServer();
    server.refreshTokens.clear();
    const { session } = startSession({
      storage: signedIn('expired'),
      fetch: server.fetch,
      credentials: async () => null,
    });
    await expect(session.api.get('/api/orders')).rejects.toThrow();
    expect(current(session)).toMatchObject({ reason: 'All recovery strategies failed' });
  });

  it('keeps auth and schedules a retry when the server is unreachable during recovery', async () => {
    let down = true;
    const server = createAuthServer((request) =>
      down && request.path.startsWith('/api/auth') ? 'no-response' : undefined,
    );
    const { session, deps, clock, states } = startSession({
      storage: signedIn('expired'),
      fetch: server.fetch,
    });
    const call = session.api.get('/api/orders').catch((error: Error) => error.message);
    // the first try and 5 retries (1 s, 2 s, 4 s, 8 s, 16 s apart), each asking validate and refresh
    for (let retry = 0; retry < 5; retry += 1) {
      await settle();
      clock.advance(20_000);
    }
    await settle();
    expect(server.fetch.calls.filter((call) => call.path === '/api/auth/refresh-token')).toHaveLength(6);
    expect(await call).toBe('Session expired. Please login again.');
    expect(deps.storage.local.getItem('token')).toBe('expired');
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      recoverable: true,
      retryInMs: 1_000,
      failures: 1,
    });
    down = false;
    clock.advance(1_000);
    await settle();
    expect(current(session).name).toBe('AUTHENTICATED');
    expect(states.slice(-3)).toEqual(['FAILED', 'REFRESHING', 'AUTHENTICATED']);
  });
});

describe('session timers with a fake server', () => {
  it('validates the token every 5 minutes while authenticated', async () => {
    const server = createAuthServer();
    server.valid.add('login-1');
    const { clock } = startSession({ storage: signedIn(), fetch: server.fetch });
    const validations = () => server.fetch.calls.filter((call) => call.path === '/api/auth/validate').length;
    clock.advance(tokenValidationIntervalMs - 1);
    expect(validations()).toBe(0);
    clock.advance(1);
    await settle();
    clock.advance(tokenValidationIntervalMs);
    await settle();
    expect(validations()).toBe(2);
  });

  it('emits the user again only when validation answers different data', async () => {
    let served = alice;
    const server = createAuthServer((request) =>
      request.path === '/api/auth/validate' ? { body: { data: { user: served } } } : undefined,
    );
    const { session, clock } = startSession({ storage: signedIn(), fetch: server.fetch });
    const users: unknown[] = [];
    session.user$.subscribe((user) => users.push(user));
    clock.advance(tokenValidationIntervalMs);
    await settle();
    served = { ...alice, mobile_access: false };
    clock.advance(tokenValidationIntervalMs);
    await settle();
    expect(users).toEqual([alice, served]);
  });

  it('recovers when background validation gets a 401', async () => {
    const server = createAuthServer();
    const { clock, deps, states } = startSession({ storage: signedIn('revoked'), fetch: server.fetch });
    clock.advance(tokenValidationIntervalMs);
    await settle();
    expect(deps.storage.local.getItem('token')).toBe('fresh-1');
    expect(states).toEqual(['AUTHENTICATED', 'REFRESHING', 'AUTHENTICATED']);
  });

  it('signs out and redirects when background validation cannot be recovered', async () => {
    const server = createAuthServer();
    server.refreshTokens.clear();
    const { clock, deps, navigations, session } = startSession({
      storage: signedIn('revoked'),
      fetch: server.fetch,
    });
    clock.advance(tokenValidationIntervalMs);
    await settle();
    expect(deps.storage.local.getItem('token')).toBeNull();
    expect(navigations).toEqual(['/login?expired=1&redirect=%2Fdashboard']);
    expect(current(session)).toMatchObject({ name: 'FAILED', recoverable: false, retryInMs: null });
  });

  it('fails with one failure when validation gets no answer', async () => {
    const server = createAuthServer(() => 'no-response');
    const { session, clock } = startSession({ storage: signedIn(), fetch: server.fetch });
    clock.advance(tokenValidationIntervalMs);
    await settle();
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      failures: 1,
      recoverable: true,
      retryInMs: 1_000,
    });
  });

  it('goes OFFLINE, then FAILED when back online, and recovers after 1 s', async () => {
    const server = createAuthServer();
    server.valid.add('login-1');
    const { session, clock, online$, states } = startSession({ storage: signedIn(), fetch: server.fetch });
    online$.next(false);
    expect(current(session).name).toBe('OFFLINE');
    clock.advance(tokenValidationIntervalMs);
    expect(server.fetch.calls).toHaveLength(0);
    online$.next(true);
    expect(current(session)).toMatchObject({ name: 'FAILED', retryInMs: onlineRecoveryDelayMs });
    clock.advance(onlineRecoveryDelayMs);
    await settle();
    expect(states).toEqual(['AUTHENTICATED', 'OFFLINE', 'FAILED', 'REFRESHING', 'AUTHENTICATED']);
  });

  it('stays signed out when back online without stored auth', () => {
    const { session, online$ } = startSession();
    online$.next(false);
    online$.next(true);
    expect(current(session)).toMatchObject({ name: 'FAILED', recoverable: false, retryInMs: null });
  });

  it('clears an expired persistent session at the 5-minute clean-up', async () => {
    const { deps, clock } = createDeps();
    const session = createSession(deps);
    await session.login({ username: 'alice', password: 'secret', persistence: 'persistent' });
    // a year of 5-minute ticks is too many to run; move the stored expiry instead
    deps.storage.local.setItem('sessionExpiry', String(expiredStorageCleanupIntervalMs - 1));
    clock.advance(expiredStorageCleanupIntervalMs - 1);
    expect(current(session).name).toBe('AUTHENTICATED');
    clock.advance(1);
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      reason: 'Your session has expired. Please login again.',
    });
    expect(deps.storage.local.getItem('token')).toBeNull();
    session.dispose();
  });

  it('clears an expired session on start', () => {
    const local = createMemoryStorage({ token: 't', userData: JSON.stringify(alice), sessionExpiry: '0' });
    const { session } = startSession({ storage: { local, session: createMemoryStorage() } });
    expect(current(session).name).toBe('FAILED');
    expect(local.getItem('token')).toBeNull();
  });

  it('opens the breaker after 3 failures and refuses recovery until it closes', async () => {
    const server = createAuthServer(() => 'no-response');
    const { session, clock } = startSession({ storage: signedIn(), fetch: server.fetch });
    clock.advance(tokenValidationIntervalMs);
    await settle();
    for (let n = 0; n < 200 && current(session).breaker.state === 'CLOSED'; n += 1) {
      clock.advance(1_000);
      await settle();
    }
    expect(current(session)).toMatchObject({
      name: 'FAILED',
      failures: 3,
      breaker: { state: 'OPEN' },
      retryInMs: null,
    });
    await expect(firstValueFrom(session.recover$())).rejects.toThrow('Authentication circuit breaker open');
    session.dispose();
  });
});
