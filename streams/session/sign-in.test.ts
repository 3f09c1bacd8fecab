import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorMessages, isApiError } from '../http/errors';
import type { FakeAnswer, FakeRequest } from '../http/fake-fetch';
import { noPermissions } from '../permissions/permissions';
import type { PermissionState } from '../permissions/rules';
import { loginMessages, type Session } from './session';
import { chooseMode, type SignInInput, signIn } from './sign-in';
import { alice, createAuthServer, settle, startSession } from './test-kit';

const permissions = (over: Partial<PermissionState>): PermissionState => ({ ...noPermissions, ...over });
const desktopUser = permissions({ flags: { desktop_access: true } });
const form = (over: Partial<SignInInput> = {}): SignInInput => ({
  username: 'alice',
  password: 'secret',
  rememberMe: false,
  mobileDevice: false,
  search: '',
  ...over,
});

let started: Session[] = [];
afterEach(() => {
  for (const session of started) session.dispose();
  started = [];
});

/** A session over the fake auth server (`answer` first), with permissions that are still loading. */
function setup(answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined) {
  const { fetch } = createAuthServer(answer);
  const { session } = startSession({ fetch });
  started.push(session);
  const permissions$ = new BehaviorSubject(permissions({ loading: true }));
  return { session, fetch, permissions$, deps: { session, permissions$ } };
}

const loginAs =
  (user: object) =>
  (request: FakeRequest): FakeAnswer | undefined =>
    request.path === '/api/auth/login' && (request.body as { password?: string }).password === 'secret'
      ? { body: { data: { token: 'login-1', refreshToken: 'r-0', user: { ...alice, ...user } } } }
      : undefined;

describe('signIn (SPEC 5, 6)', () => {
  it('goes on to the redirect flag once the permissions have loaded and allow the device', async () => {
    const { deps, permissions$, fetch } = setup();
    let settled = false;
    const outcome = signIn(
      deps,
      form({ username: '  alice ', rememberMe: true, search: '?redirect=%2Fnimda' }),
    ).finally(() => {
      settled = true;
    });
    // the access check waits for the permissions of the user who just signed in
    await settle();
    await settle();
    expect(fetch.calls.map((call) => call.path)).toEqual(['/api/auth/login']);
    expect(settled).toBe(false);
    permissions$.next(desktopUser);
    expect(await outcome).toEqual({ name: 'ENTER', path: '/nimda' });
    expect(fetch.calls[0].body).toMatchObject({ username: 'alice', rememberMe: true });
  });

  it('goes on to /dashboard without a redirect flag, or with one leading off the site', async () => {
    const { deps, permissions$ } = setup();
    permissions$.next(desktopUser);
    expect(await signIn(deps, form())).toEqual({ name: 'ENTER', path: '/dashboard' });
    expect(await signIn(deps, form({ search: '?redirect=//evil.example' }))).toEqual({
      name: 'ENTER',
      path: '/dashboard',
    });
  });

  it('checks the mobile client on a phone, and signs out again a user without it', async () => {
    const { deps, permissions$, session, fetch } = setup();
    permissions$.next(desktopUser);
    expect(await signIn(deps, form({ mobileDevice: true }))).toEqual({
      name: 'DENIED',
      denial: { name: 'NO_MOBILE_ACCESS' },
    });
    expect((await firstValueFrom(session.state$)).name).not.toBe('AUTHENTICATED');
    expect(fetch.calls.map((call) => call.path)).toContain('/api/auth/logout');
  });

  it('signs out again when the permissions could not be loaded, saying why', async () => {
    const { deps, permissions$, session } = setup();
    permissions$.next(permissions({ error: 'Failed to load permissions' }));
    expect(await signIn(deps, form())).toEqual({
      name: 'DENIED',
      denial: { name: 'NOT_CHECKED', reason: 'Failed to load permissions' },
    });
    expect((await firstValueFrom(session.state$)).name).not.toBe('AUTHENTICATED');
  });

  it("fails with the server's sentence and its refusal, whose code the page may word itself", async () => {
    const { deps } = setup();
    const outcome = await signIn(deps, form({ password: 'wrong' }));
    expect(outcome).toMatchObject({ name: 'FAILED', message: 'Invalid username or password' });
    expect(outcome.name === 'FAILED' && isApiError(outcome.refusal) && outcome.refusal.status).toBe(401);
  });

  it("fails with SPEC 8's sentence when the server gives no word", async () => {
    const { deps } = setup(() => 'no-response');
    expect(await signIn(deps, form())).toMatchObject({
      name: 'FAILED',
      message: apiErrorMessages.noResponse,
    });
  });

  it("fails with SPEC 8's login sentence when something other than an error went wrong", async () => {
    const { deps } = setup();
    const session = { ...deps.session, login: () => Promise.reject('storage full') };
    expect(await signIn({ ...deps, session }, form())).toEqual({
      name: 'FAILED',
      message: loginMessages.failed,
      refusal: undefined,
    });
  });

  it('asks a forced-mobile-mode user to choose the mode first, but not an administrator', async () => {
    const forced = setup(loginAs({ force_mobile_mode_enabled: true }));
    expect(await signIn(forced.deps, form())).toEqual({ name: 'CHOOSE_MODE' });
    const admin = setup(loginAs({ force_mobile_mode_enabled: true, admin: true }));
    admin.permissions$.next(permissions({ admin: true }));
    expect(await signIn(admin.deps, form({ mobileDevice: true }))).toEqual({
      name: 'ENTER',
      path: '/dashboard',
    });
  });
});

describe('chooseMode (SPEC 2, 6)', () => {
  it('keeps the chosen mode for the browser session, then checks access in it', async () => {
    const { deps, permissions$, session } = setup(loginAs({ force_mobile_mode_enabled: true }));
    await signIn(deps, form());
    permissions$.next(permissions({ flags: { mobile_access: true } }));
    expect(await chooseMode(deps, 'mobile', '?redirect=%2Fmobile%2Foperator')).toEqual({
      name: 'ENTER',
      path: '/mobile/operator',
    });
    expect(await firstValueFrom(session.preferences.forcedMobileMode$)).toBe('mobile');
  });

  it('signs out again when the chosen mode is not allowed', async () => {
    const { deps, permissions$, session } = setup(loginAs({ force_mobile_mode_enabled: true }));
    await signIn(deps, form());
    permissions$.next(permissions({ flags: { mobile_access: true } }));
    expect(await chooseMode(deps, 'desktop', '')).toEqual({
      name: 'DENIED',
      denial: { name: 'NO_DESKTOP_ACCESS' },
    });
    expect((await firstValueFrom(session.state$)).name).not.toBe('AUTHENTICATED');
  });
});
