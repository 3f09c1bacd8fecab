// Runs about 250 s beside the other tests, most of it the two-tab series (test/sequencer.ts starts the longest first).
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../streams/session';
import { people, seedPeople } from './support/api';
import { chooseLocationIfAsked, heading, here, signIn, submitLogin, waitForPath } from './support/app';
import { cspViolations, desktop, openBrowser, openProfile, phone } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  await seedPeople(server.url);
});
afterAll(async () => server?.dispose());

async function withBrowser<B extends { close(): Promise<void> }, T>(
  opening: Promise<B>,
  fn: (b: B) => Promise<T>,
) {
  const browser = await opening;
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

const alert = (page: Page) => page.getByRole('alert').first().textContent();

type Tabs = { page(): Promise<Page>; newPage(): Promise<Page> };
/** The tokens a tab holds in its session storage. */
const stored = (page: Page) =>
  page.evaluate(() => ({
    token: sessionStorage.getItem('token'),
    refresh: sessionStorage.getItem('refreshToken'),
  }));

/**
 * Signs in without remember-me, opens a second tab that shares the session, then has both tabs'
 * access tokens refused at once: answers the tabs once each has renewed its session (or was sent
 * to sign in: the session ended), with the tokens they held before.
 */
async function twoTabsRenewingAtOnce(
  b: Tabs,
  beforeRefresh: (first: Page) => Promise<unknown> = async () => {},
) {
  const first = await b.page();
  const trail: string[] = [];
  const started = Date.now();
  followAuth(first, 'first', trail, started);
  await signIn(first, server.url, people.desk);
  const second = await b.newPage();
  followAuth(second, 'second', trail, started);
  await second.goto(`${server.url}/dashboard`);
  // the first tab's answer may come after the second drew the sign-in page: it then moves on
  await second.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  expect(here(second)).toBe('/dashboard');
  const before = await stored(first);
  expect(await stored(second)).toEqual(before);
  await beforeRefresh(first);
  // both access tokens expire as the pages load again, not before: the pages going away, which
  // would find theirs refused and renew it there and then, keep the one that works
  for (const page of [first, second]) {
    await page.addInitScript(expireOnLoad, before.refresh!);
    await page.evaluate(() => sessionStorage.setItem('expire-on-load', '1'));
  }
  await Promise.all([first.reload(), second.reload()]);
  // renewed, or sent to sign in again (the session ended); told by the refresh token, since an
  // access token issued within the same second as the one it replaces reads the same
  for (const page of [first, second]) {
    await page.waitForFunction(
      (old) =>
        (sessionStorage.getItem('refreshToken') !== old && sessionStorage.getItem('token') !== 'expired') ||
        window.location.pathname === '/login',
      before.refresh,
    );
  }
  return { first, second, before, trail };
}

/**
 * Run in a page before the app: when asked to (once), the access token issued with `refreshToken`
 * has expired. A tab whose page going away took the other tab's renewed session in its last
 * moments holds a new access token, which has not.
 */
function expireOnLoad(refreshToken: string) {
  if (sessionStorage.getItem('expire-on-load') !== '1') return;
  sessionStorage.removeItem('expire-on-load');
  if (sessionStorage.getItem('refreshToken') === refreshToken) sessionStorage.setItem('token', 'expired');
}

/**
 * Writes down in `trail`, in ms from `started`, each sign-in call a tab makes (with the ends of the
 * tokens it sent) and how the server answered, any other call refused with 401, its errors and where
 * it went: what a failed two-tab run shows of how its session ended.
 */
function followAuth(page: Page, tab: string, trail: string[], started: number) {
  const at = () => `${tab} +${Date.now() - started} ms`;
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/auth/') && response.status() !== 401) return;
    const request = response.request();
    const sent = request.headers().authorization?.slice(-6) ?? '';
    const presented =
      (request.postDataJSON() as { refreshToken?: string } | null)?.refreshToken?.slice(-6) ?? '';
    trail.push(`${at()} ${pathname} ${response.status()} token …${sent} refresh …${presented}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') trail.push(`${at()} console.error: ${message.text()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trail.push(`${at()} at ${new URL(frame.url()).pathname}`);
  });
}

/** Each tab is on the dashboard with a session the server takes. */
async function bothSignedIn(...pages: Page[]) {
  for (const page of pages) {
    const validate = await fetch(`${server.url}/api/auth/validate`, {
      headers: { authorization: `Bearer ${(await stored(page)).token}` },
    });
    expect(validate.status).toBe(200);
    expect(here(page)).toBe('/dashboard');
    expect(await heading(page)).toBe('Dashboard');
  }
}

/**
 * Two tabs sharing a session renew it at once: the refresh token is presented once, by one tab,
 * and the other takes the session it got.
 */
async function twoTabsRefreshingAtOnce(b: Tabs) {
  const { first, second, before, trail } = await twoTabsRenewingAtOnce(b);
  const after = await stored(first);
  const how = `how the tabs went:\n${trail.join('\n')}`;
  expect(after.refresh, how).not.toBe(before.refresh);
  expect(await stored(second), how).toEqual(after);
  // the replaced refresh token is marked for the tabs, by its hash only
  expect(await replacedMarks(first), how).toEqual([
    createHash('sha256').update(before.refresh!).digest('hex'),
  ]);
  // the rotation was not taken for reuse: the session lives on in both tabs
  await bothSignedIn(first, second);
}

/** How many times in a row the two-tab tests run, beside the other browser tests. */
const twoTabRuns = 20;
/**
 * Their time: each run signs in and renews a session in two tabs, 2 to 4 s beside the other
 * browser tests, and up to 10 s with other work on the machine as well (a load of 15 to 20 on two
 * cores), which is no failure of theirs.
 */
const twoTabRunsTimeoutMs = twoTabRuns * 20_000;

/**
 * Run in a page: from the moment local storage holds `tabs-muted`, no message of the other tabs
 * reaches it and none of its own leaves it, as if the tabs could not hear each other at all.
 */
function muteTabsWhenAsked() {
  const Native = BroadcastChannel;
  const muted = () => localStorage.getItem('tabs-muted') === '1';
  window.BroadcastChannel = class extends Native {
    constructor(name: string) {
      super(name);
      this.addEventListener('message', (event) => {
        if (muted()) event.stopImmediatePropagation();
      });
    }
    postMessage(message: unknown) {
      if (!muted()) super.postMessage(message);
    }
  };
}

/**
 * Run in a page: each message from the other tabs reaches it `ms` late, as it may reach a page
 * process short of CPU (held back whole, then given to every listener at once).
 */
function hearTabsLate(ms: number) {
  const Native = BroadcastChannel;
  const late = new WeakSet<Event>();
  window.BroadcastChannel = class extends Native {
    constructor(name: string) {
      super(name);
      // the first listener: it holds every message back and sends it on again
      this.addEventListener('message', (event) => {
        if (late.has(event)) return;
        event.stopImmediatePropagation();
        const again = new MessageEvent('message', { data: event.data });
        late.add(again);
        setTimeout(() => this.dispatchEvent(again), ms);
      });
    }
  };
}

/** The marks of replaced refresh tokens the tabs of a page's browser keep in IndexedDB. */
const replacedMarks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<IDBValidKey[]>((resolve, reject) => {
        const opening = indexedDB.open('tomato-session');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const store = 'replaced-refresh-tokens';
          if (!opening.result.objectStoreNames.contains(store)) return resolve([]);
          const keys = opening.result.transaction(store).objectStore(store).getAllKeys();
          keys.onerror = () => reject(keys.error);
          keys.onsuccess = () => resolve(keys.result);
        };
      }),
  );

describe('login screen', () => {
  it('signs in and lands on the dashboard; desktop variant on a desktop, mobile variant on a phone', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      const refused = cspViolations(page);
      await page.goto(`${server.url}/login`);
      expect(await page.locator('[data-variant]').first().getAttribute('data-variant')).toBe('desktop');
      await signIn(page, server.url, people.desk);
      expect(here(page)).toBe('/dashboard');
      expect(await heading(page)).toBe('Dashboard');
      // the server's Content-Security-Policy refuses nothing the app does
      expect(refused).toEqual([]);
    });
    await withBrowser(openBrowser(phone), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      expect(await page.locator('[data-variant]').first().getAttribute('data-variant')).toBe('mobile');
    });
  });

  it('the API docs page shows the operations with nothing refused by its own Content-Security-Policy', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      const refused = cspViolations(page);
      await page.goto(`${server.url}/api/docs`);
      await page.locator('.swagger-ui .opblock').first().waitFor();
      expect(refused).toEqual([]);
    });
  });

  it('shows the tomato icon and loads without a failed request, its page and scripts compressed', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      const failed: string[] = [];
      const encodings: string[] = [];
      page.on('response', async (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        const type = response.request().resourceType();
        if (type === 'document' || type === 'script' || type === 'stylesheet')
          encodings.push(`${type} ${(await response.allHeaders())['content-encoding']}`);
      });
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Username').waitFor();
      expect(encodings).toEqual(expect.arrayContaining(['document br', 'script br', 'stylesheet br']));
      expect(encodings.filter((e) => !e.endsWith(' br'))).toEqual([]);
      const href = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(href).toBe('/favicon.svg');
      // Chromium does not report its favicon request to the page: fetch the icon as it would
      const icon = await page.request.get(`${server.url}${href}`);
      expect(icon.status()).toBe(200);
      expect(icon.headers()['content-type']).toContain('image/svg+xml');
      expect(await icon.text()).toContain('<svg');
      expect(failed).toEqual([]);
    });
  });

  it('asks for both fields', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Username').fill('someone');
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await alert(page)).toBe(loginMessages.missingFields);
    });
  });

  it('shows the failure and clears the password', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, { username: people.desk.username, password: 'wrong-password' });
      await page.getByRole('alert').waitFor();
      expect(await alert(page)).toBe('Invalid username or password');
      expect(await page.getByLabel('Password').inputValue()).toBe('');
      expect(await page.getByLabel('Username').inputValue()).toBe(people.desk.username);
      expect(here(page)).toBe('/login');
    });
  });

  it('shows the expired and loop messages of the query flags', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login?expired=1`);
      expect(await alert(page)).toBe(loginMessages.expired);
      await page.goto(`${server.url}/login?loop=1`);
      expect(await alert(page)).toBe(loginMessages.loop);
    });
  });

  it('returns to the redirect target after signing in', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/dashboard/inventory`);
      await waitForPath(page, '/login?redirect=%2Fdashboard%2Finventory');
      await submitLogin(page, people.desk);
      await waitForPath(page, '/dashboard/inventory');
      await chooseLocationIfAsked(page);
      expect(await heading(page)).toBe('Inventory');
    });
  });

  it('refuses a mobile-only account on a desktop and a desktop-only account on a phone', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, people.phone);
      await page.getByRole('alert').waitFor();
      expect(await alert(page)).toMatch(/^Desktop access denied/);
      expect(
        await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token')),
      ).toBeNull();
    });
    await withBrowser(openBrowser(phone), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, people.desk);
      await page.getByRole('alert').waitFor();
      expect(await alert(page)).toMatch(/^Mobile access denied/);
    });
  });

  it('lets a forced-mobile-mode user choose the mode, kept for the session', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, people.forced);
      await page.getByRole('heading', { name: 'Choose how you work' }).waitFor();
      await page.getByRole('button', { name: /^Mobile mode/ }).click();
      await waitForPath(page, '/mobile/operator');
      expect(await page.evaluate(() => sessionStorage.getItem('forcedMobileMode'))).toBe('mobile');
      await page.reload();
      await waitForPath(page, '/mobile/operator');
    });
  });

  it('sends an expired session to /login?expired=1 with the message and back afterwards', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await signIn(page, server.url, people.desk);
      // tamper with the stored tokens on a page of the origin where the app is not running, so
      // that no call of the open dashboard meets them before the next load does
      await page.route('**/e2e-blank', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>blank</p>' }),
      );
      await page.goto(`${server.url}/e2e-blank`);
      await page.evaluate(() => {
        for (const store of [sessionStorage, localStorage]) {
          if (store.getItem('token')) store.setItem('token', 'expired.token.value');
          if (store.getItem('refreshToken')) store.setItem('refreshToken', 'revoked-refresh-token');
        }
      });
      await page.goto(`${server.url}/dashboard/inventory`);
      await waitForPath(page, /^\/login\?expired=1/);
      expect(await alert(page)).toBe(loginMessages.expired);
      await submitLogin(page, people.desk);
      await waitForPath(page, '/dashboard/inventory');
    });
  });

  it('signs out from the shell', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await signIn(page, server.url, people.desk);
      await page.getByRole('button', { name: 'Sign out' }).first().click();
      await waitForPath(page, '/login');
      await page.goto(`${server.url}/dashboard`);
      await waitForPath(page, '/login?redirect=%2Fdashboard');
    });
  });
});

describe('session persistence', () => {
  it('without remember-me: survives a reload, not a new browser session', async () => {
    await withBrowser(openProfile(desktop), async (b) => {
      const page = await b.page();
      await signIn(page, server.url, people.desk);
      await page.reload();
      expect(await heading(page)).toBe('Dashboard');
      const again = await b.restart();
      await again.goto(`${server.url}/dashboard`);
      await waitForPath(again, '/login?redirect=%2Fdashboard');
    });
  });

  // the two series run side by side, each in browsers of its own: their waits overlap
  it.concurrent(
    `without remember-me: a second tab shares the session, and two tabs refreshing at once both stay signed in (${twoTabRuns} runs)`,
    async () => {
      for (let run = 0; run < twoTabRuns; run += 1)
        await withBrowser(openBrowser(desktop), twoTabsRefreshingAtOnce);
    },
    twoTabRunsTimeoutMs,
  );

  it.concurrent(
    `without remember-me: two tabs refreshing at once stay signed in when each hears the other late (${twoTabRuns} runs)`,
    async () => {
      for (let run = 0; run < twoTabRuns; run += 1) {
        await withBrowser(openBrowser(desktop), async (b) => {
          // the tab whose turn comes second gets it before the first's announce: the mark makes it wait
          await (await b.page()).context().addInitScript(hearTabsLate, 500);
          await twoTabsRefreshingAtOnce(b);
        });
      }
    },
    twoTabRunsTimeoutMs,
  );

  it('without remember-me: two tabs refreshing at once stay signed in when they never hear each other', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      await (await b.page()).context().addInitScript(muteTabsWhenAsked);
      const mute = (page: Page) => page.evaluate(() => localStorage.setItem('tabs-muted', '1'));
      const { first, second, before } = await twoTabsRenewingAtOnce(b, mute);
      // unheard, the second tab presented the replaced token itself: the server's grace window
      // answered it with a sibling session
      const [one, other] = [await stored(first), await stored(second)];
      for (const after of [one, other]) expect(after.refresh).not.toBe(before.refresh);
      expect(other.refresh).not.toBe(one.refresh);
      await bothSignedIn(first, second);
    });
  });

  it('with remember-me: survives a reload and a new browser session', async () => {
    await withBrowser(openProfile(desktop), async (b) => {
      const page = await b.page();
      await signIn(page, server.url, people.desk, true);
      await page.reload();
      expect(await heading(page)).toBe('Dashboard');
      const again = await b.restart();
      await again.goto(`${server.url}/dashboard`);
      await waitForPath(again, '/dashboard');
      expect(await heading(again)).toBe('Dashboard');
    });
  });
});

describe('change password', () => {
  it('takes a first-login user through change-password to the dashboard', async () => {
    await withBrowser(openBrowser(desktop), async (b) => {
      const page = await b.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, people.newbie);
      await waitForPath(page, '/change-password');
      await page.getByLabel('Current password').fill(people.newbie.password);
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Repeat new password').fill('short');
      await page.getByRole('button', { name: 'Change password' }).click();
      expect(await alert(page)).toBe('The new password needs at least 8 characters');
      await page.getByLabel('New password', { exact: true }).fill('newbie-password-2');
      await page.getByLabel('Repeat new password').fill('newbie-password-2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await waitForPath(page, '/dashboard');
    });
  });
});
