import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { refreshReuseGraceMs, replacedSessionWaitMs } from '../config';
import type { FakeRequest } from '../http/fake-fetch';
import { RecoveryError } from './recovery';
import { createSession } from './session';
import type { SessionState } from './state';
import { createMemoryStorage, type StorageLike, storageKeys } from './storage';
import { successorUnheard, type TabMessage } from './tabs';
import { alice, createAuthServer, createDeps, createTabHub, settle } from './test-kit';

/**
 * A browser with tabs: one local storage, a session storage per tab, and a server that rotates
 * refresh tokens and revokes the whole session when a replaced one is presented again, or, while
 * `grace` says its reuse grace window lasts, answers it with a sibling session.
 */
function browser({ grace = false } = {}) {
  const refreshes: string[] = [];
  const replaced = new Set<string>();
  let revoked = false;
  const server = createAuthServer((request: FakeRequest) => {
    if (request.path !== '/api/auth/refresh-token') return undefined;
    const presented = (request.body as { refreshToken: string }).refreshToken;
    refreshes.push(presented);
    if (revoked || (replaced.has(presented) && !grace)) {
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
    const { deps, clock } = createDeps({
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
    return { session: made, storage: session, clock, navigations, state: () => state! };
  };
  /** What the tabs tell each other from now on, as a tab that only listens hears it. */
  const heard = () => {
    const messages: TabMessage[] = [];
    hub.tab().messages$.subscribe((message) => messages.push(message));
    return messages;
  };
  /** Two tabs sharing a session signed in without remember-me, both access tokens expired. */
  const twoExpiredTabs = async () => {
    const first = tab();
    await first.session.login({ username: 'alice', password: 'secret' });
    const second = tab();
    await settle();
    for (const each of [first, second]) each.storage.setItem(storageKeys.token, 'expired');
    return [first, second] as const;
  };
  return { server, refreshes, revoked: () => revoked, tab, heard, hub, twoExpiredTabs };
}

type Browser = ReturnType<typeof browser>;
type Tab = ReturnType<Browser['tab']>;

/** The refresh token was presented once, the session lives on, and `tab` holds the session of `from`. */
function expectTakenOver(b: Browser, tab: Tab, from: Tab) {
  expect(b.refreshes).toEqual(['r-0']);
  expect(b.revoked()).toBe(false);
  expect(tab.state().name).toBe('AUTHENTICATED');
  expect(tab.storage.dump()[storageKeys.refreshToken]).toBe(from.storage.dump()[storageKeys.refreshToken]);
}

/** Lets a chain of fetch answers and tab turns settle. */
const settleAll = async () => {
  for (let i = 0; i < 10; i += 1) await settle();
};

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
    // both access tokens have expired: each tab recovers at once
    const [first, second] = await b.twoExpiredTabs();
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

  it('a tab whose turn comes before the announce of the tab that refreshed waits for it, and takes that session', async () => {
    const b = browser();
    const [first, second] = await b.twoExpiredTabs();
    // the first tab's messages reach the second only after the second got its turn
    const deliver = b.hub.holdMessages();
    const renewed = firstValueFrom(first.session.recover$());
    const taken = firstValueFrom(second.session.recover$());
    const token = await renewed;
    await settleAll();
    expect(b.refreshes).toEqual(['r-0']);
    expect(second.state().name).toBe('REFRESHING');
    deliver();
    expect(await taken).toBe(token);
    await settleAll();
    expectTakenOver(b, second, first);
  });

  it('a refresh token no tab marked is presented at once, and marked for the tab whose turn comes next', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.session.login({ username: 'alice', password: 'secret' });
    tab.storage.setItem(storageKeys.token, 'expired');
    // no time passes: nothing is waited for
    await firstValueFrom(tab.session.recover$());
    expect(tab.clock.now()).toBe(0);
    expect(b.refreshes).toEqual(['r-0']);
    expect([...b.hub.marked.keys()]).toEqual(['r-0']);
    expect(tab.state().name).toBe('AUTHENTICATED');
  });

  /** Two tabs whose first refreshes and marks r-0 at 0 ms, its announce never arriving; the second tab's clock is `lateMs` on. */
  const unheardRefresh = async (b: Browser, lateMs: number) => {
    const [first, second] = await b.twoExpiredTabs();
    b.hub.holdMessages(); // the first tab's announce never arrives
    await firstValueFrom(first.session.recover$());
    await settleAll();
    second.clock.advance(lateMs);
    const taken = firstValueFrom(second.session.recover$());
    taken.catch(() => undefined);
    await settleAll();
    return { first, second, taken };
  };

  it('a marked refresh token whose new session is never announced is presented after replacedSessionWaitMs (3 s), within the grace window', async () => {
    const b = browser({ grace: true });
    const { first, second, taken } = await unheardRefresh(b, 0);
    //   the second tab's turn |-- 3 s --| presents r-0: the server's grace window answers a sibling
    second.clock.advance(replacedSessionWaitMs - 1);
    await settleAll();
    expect(second.state().name).toBe('REFRESHING');
    expect(b.refreshes).toEqual(['r-0']);
    second.clock.advance(1);
    await taken;
    await settleAll();
    expect(b.refreshes).toEqual(['r-0', 'r-0']);
    expect(b.revoked()).toBe(false);
    for (const tab of [first, second]) expect(tab.state().name).toBe('AUTHENTICATED');
  });

  it('a marked refresh token unheard until half the grace window (10 s) after its mark is given up, not presented', async () => {
    //       mark at 0 |-- 6999 ms late --|-- 3 s wait --| 9999 ms: still presented
    const early = browser({ grace: true });
    const presented = await unheardRefresh(early, refreshReuseGraceMs / 2 - replacedSessionWaitMs - 1);
    presented.second.clock.advance(replacedSessionWaitMs);
    await presented.taken;
    expect(early.refreshes).toEqual(['r-0', 'r-0']);
    //       mark at 0 |-- 7000 ms late --|-- 3 s wait --| 10 s: given up, the first tab keeps the session
    const b = browser({ grace: true });
    const { first, second, taken } = await unheardRefresh(b, refreshReuseGraceMs / 2 - replacedSessionWaitMs);
    second.clock.advance(replacedSessionWaitMs);
    const failure = await taken.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RecoveryError);
    expect((failure as RecoveryError).causes).toContainEqual(new RecoveryError(successorUnheard));
    await settleAll();
    expect(b.refreshes).toEqual(['r-0']);
    expect(second.state().name).toBe('FAILED');
    expect(first.state().name).toBe('AUTHENTICATED');
  });

  it('a tab reloading while another refreshes the session takes the new one instead of presenting the replaced token', async () => {
    const b = browser();
    const [first, second] = await b.twoExpiredTabs();
    // the second tab's page is away (reloading) while the first refreshes: it hears nothing of it
    second.session.dispose();
    await firstValueFrom(first.session.recover$());
    await settle();
    const reloaded = b.tab('/dashboard', second.storage);
    await settle();
    await firstValueFrom(reloaded.session.recover$());
    await settle();
    expectTakenOver(b, reloaded, first);
  });

  it('a tab that refreshed, then reloaded, still tells a tab finding its token marked which session replaced it', async () => {
    const b = browser();
    const [first, second] = await b.twoExpiredTabs();
    // both pages reload; the first refreshes the session in its last moments, unheard by the second
    second.session.dispose();
    await firstValueFrom(first.session.recover$());
    first.session.dispose();
    await settle();
    // the second's page is back first: its question at start reaches no tab
    const reloadedSecond = b.tab('/dashboard', second.storage);
    await settle();
    const reloadedFirst = b.tab('/dashboard', first.storage);
    await settle();
    // its token marked, the second asks again; the first, reloaded, answers with the session that replaced it
    await firstValueFrom(reloadedSecond.session.recover$());
    await settleAll();
    expect(reloadedSecond.clock.now()).toBe(0);
    expectTakenOver(b, reloadedSecond, reloadedFirst);
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
