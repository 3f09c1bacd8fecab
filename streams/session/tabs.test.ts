import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../http/fake-fetch';
import { createSession } from './session';
import type { SessionState } from './state';
import { createMemoryStorage, type StorageLike, storageKeys } from './storage';
import type { TabMessage } from './tabs';
import { alice, createAuthServer, createDeps, createTabHub, settle } from './test-kit';

/**
 * A browser with tabs: one local storage, a session storage per tab, and a server that rotates
 * refresh tokens and revokes the whole session when a replaced one is presented again.
 */
function browser() {
  const refreshes: string[] = [];
  const replaced = new Set<string>();
  let revoked = false;
  const server = createAuthServer((request: FakeRequest) => {
    if (request.path !== '/api/auth/refresh-token') return undefined;
    const presented = (request.body as { refreshToken: string }).refreshToken;
    refreshes.push(presented);
    if (revoked || replaced.has(presented)) {
      revoked = true;
      return { status: 401, body: { message: 'Session expired. Please login again.' } };
    }
    replaced.add(presented);
    return undefined;
  });
  const local = createMemoryStorage();
  const hub = createTabHub();
  /** A tab; given the session storage of one before, that tab reloaded. */
  const tab = (
    path = '/dashboard',
    session: StorageLike & { dump(): Record<string, string> } = createMemoryStorage(),
  ) => {
    let currentPath = path;
    const { deps } = createDeps({
      fetch: server.fetch,
      storage: { local, session },
      tabs: hub.tab(),
      currentPath: () => currentPath,
    });
    const made = createSession(deps);
    const navigations: string[] = [];
    made.navigation$.subscribe((to) => {
      navigations.push(to);
      currentPath = to;
    });
    let state: SessionState | undefined;
    made.state$.subscribe((s) => {
      state = s;
    });
    return { session: made, storage: session, navigations, state: () => state! };
  };
  /** What the tabs tell each other from now on, as a tab that only listens hears it. */
  const heard = () => {
    const messages: TabMessage[] = [];
    hub.tab().messages$.subscribe((message) => messages.push(message));
    return messages;
  };
  return { server, refreshes, revoked: () => revoked, tab, heard };
}

describe('one session across the tabs of a browser', () => {
  it('a tab opened without remember-me takes the session of the tab already signed in', async () => {
    const b = browser();
    const first = b.tab('/login');
    await first.session.login({ username: 'alice', password: 'secret' });
    expect(first.storage.dump()[storageKeys.token]).toBe('login-1'); // this tab's storage only
    const second = b.tab('/login?redirect=%2Fdashboard%2Finventory');
    await settle();
    expect(second.state()).toMatchObject({ name: 'AUTHENTICATED', user: alice, shared: true });
    expect(first.state()).not.toHaveProperty('shared');
    expect(second.storage.dump()[storageKeys.token]).toBe('login-1');
    // where it goes from the login screen is the screen's to decide, from the state
    expect(second.navigations).toEqual([]);
  });

  it('a tab signed in later hands its session to a tab waiting on the login screen', async () => {
    const b = browser();
    const waiting = b.tab('/login');
    expect(waiting.state().name).toBe('FAILED');
    const other = b.tab('/login');
    await other.session.login({ username: 'alice', password: 'secret' });
    await settle();
    expect(waiting.state()).toMatchObject({ name: 'AUTHENTICATED', user: alice });
  });

  it('two tabs refreshing at the same instant present the refresh token once, and both keep the session', async () => {
    const b = browser();
    const first = b.tab();
    await first.session.login({ username: 'alice', password: 'secret' });
    const second = b.tab();
    await settle();
    // both access tokens have expired: each tab recovers at once
    for (const tab of [first, second]) tab.storage.setItem(storageKeys.token, 'expired');
    const [a, c] = await Promise.all([
      firstValueFrom(first.session.recover$()),
      firstValueFrom(second.session.recover$()),
    ]);
    await settle();
    expect(b.refreshes).toEqual(['r-0']);
    expect(b.revoked()).toBe(false);
    expect(a).toBe(c);
    for (const tab of [first, second]) {
      expect(tab.state().name).toBe('AUTHENTICATED');
      expect(tab.storage.dump()[storageKeys.refreshToken]).not.toBe('r-0');
    }
  });

  it('a tab reloading while another refreshes the session takes the new one instead of presenting the replaced token', async () => {
    const b = browser();
    const first = b.tab();
    await first.session.login({ username: 'alice', password: 'secret' });
    const second = b.tab();
    await settle();
    for (const tab of [first, second]) tab.storage.setItem(storageKeys.token, 'expired');
    // the second tab's page is away (reloading) while the first refreshes: it hears nothing of it
    second.session.dispose();
    await firstValueFrom(first.session.recover$());
    await settle();
    const reloaded = b.tab('/dashboard', second.storage);
    await settle();
    await firstValueFrom(reloaded.session.recover$());
    await settle();
    expect(b.refreshes).toEqual(['r-0']);
    expect(b.revoked()).toBe(false);
    expect(reloaded.state().name).toBe('AUTHENTICATED');
    expect(reloaded.storage.dump()[storageKeys.refreshToken]).toBe(
      first.storage.dump()[storageKeys.refreshToken],
    );
  });

  it('says which refresh token a refreshed session replaced, and of a new sign-in nothing', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.session.login({ username: 'alice', password: 'secret' });
    const messages = b.heard();
    tab.storage.setItem(storageKeys.token, 'expired');
    await firstValueFrom(tab.session.recover$());
    await tab.session.logout();
    await tab.session.login({ username: 'alice', password: 'secret' });
    await settle();
    const sessions = messages.filter((m) => m.type === 'session');
    expect(sessions.map((m) => m.replaces)).toEqual(['r-0', undefined]);
  });

  it('a replaced refresh token presented again still ends the session (a thief is not a tab)', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.session.login({ username: 'alice', password: 'secret' });
    tab.storage.setItem(storageKeys.token, 'expired');
    await firstValueFrom(tab.session.recover$());
    const stolen = await b.server.fetch('/api/auth/refresh-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: 'r-0' }),
    });
    expect(stolen.status).toBe(401);
    expect(b.revoked()).toBe(true);
  });

  it('signing out in one tab signs out the tabs sharing its session', async () => {
    const b = browser();
    const first = b.tab();
    await first.session.login({ username: 'alice', password: 'secret' });
    const second = b.tab();
    await settle();
    await first.session.logout();
    await settle();
    expect(second.state().name).toBe('FAILED');
    expect(second.storage.dump()[storageKeys.token]).toBeUndefined();
    expect(second.navigations).toEqual(['/login']);
  });
});
