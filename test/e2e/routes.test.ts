// Runs about 60 s beside the other tests (test/sequencer.ts starts the longest first).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people, seedPeople } from './support/api';
import { chooseLocationIfAsked, heading, here, signIn, waitForPath } from './support/app';
import { desktop, openBrowser, phone, withPage } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// SPEC 2's route table in a real browser: each row for each kind of visitor, on desktop and phone.

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  await seedPeople(server.url);
});
afterAll(async () => server?.dispose());

type Row = [route: string, path: string | RegExp, title: string];
const login = (from: string) => `/login?redirect=${encodeURIComponent(from)}`;

async function visitAll(
  options: typeof desktop,
  who: { username: string; password: string } | null,
  rows: Row[],
) {
  const browser = await openBrowser(options);
  try {
    const page = await browser.page();
    if (who) await signIn(page, server.url, who);
    for (const [route, path, title] of rows) {
      await page.goto(server.url + route);
      await waitForPath(page, path);
      await chooseLocationIfAsked(page);
      expect([route, await heading(page)]).toEqual([route, title]);
    }
    return page;
  } finally {
    await browser.close();
  }
}

describe('signed out', () => {
  const rows: Row[] = [
    ['/login', '/login', 'Sign in'],
    ['/change-password', login('/change-password'), 'Sign in'],
    ['/dashboard', login('/dashboard'), 'Sign in'],
    ['/dashboard/inventory', login('/dashboard/inventory'), 'Sign in'],
    ['/mobile/operator/standard-pallet/p1', login('/mobile/operator/standard-pallet/p1'), 'Sign in'],
    ['/printer-config', login('/printer-config'), 'Sign in'],
    ['/nimda', login('/nimda'), 'Sign in'],
    ['/admin-refresh', login('/admin-refresh'), 'Sign in'],
    ['/admin', login('/admin-refresh'), 'Sign in'],
    ['/', '/login', 'Sign in'],
  ];
  it('on a desktop every guarded route leads to /login with the redirect flag', () =>
    visitAll(desktop, null, rows));
  it('on a phone the same', () => visitAll(phone, null, rows));
});

describe('signed in', () => {
  it('on a desktop: the desktop screens; mobile operator back to the dashboard; / to the last saved path', () =>
    visitAll(desktop, people.desk, [
      ['/dashboard', '/dashboard', 'Dashboard'],
      ['/dashboard/inventory', '/dashboard/inventory', 'Inventory'],
      ['/mobile/operator', '/dashboard', 'Dashboard'],
      ['/printer-config', '/printer-config', 'Printers and scales'],
      ['/admin-refresh', '/admin-refresh', 'Admin refresh'],
      ['/admin', '/admin-refresh', 'Admin refresh'],
      ['/nimda', '/nimda', 'Admin'],
      ['/', '/nimda', 'Admin'],
      ['/change-password', '/change-password', 'Change password'],
      ['/', '/nimda', 'Admin'],
      ['/login', '/login', 'Sign in'],
      ['/', '/nimda', 'Admin'],
    ]));

  it('on a phone with mobile access: the operator area; desktop screens lead there', () =>
    visitAll(phone, people.phone, [
      ['/mobile/operator', '/mobile/operator', 'Operator'],
      ['/mobile/operator/standard-pallet/p1', '/mobile/operator/standard-pallet/p1', 'Operator'],
      ['/dashboard', '/mobile/operator', 'Operator'],
      ['/dashboard/inventory', '/mobile/operator', 'Operator'],
      ['/printer-config', '/mobile/operator', 'Operator'],
      ['/nimda', '/mobile/operator', 'Operator'],
      ['/admin-refresh', '/admin-refresh', 'Admin refresh'],
      ['/', '/admin-refresh', 'Admin refresh'],
    ]));
});

describe('first login', () => {
  it('on a desktop: change-password first, except printer config and admin-refresh', () =>
    visitAll(desktop, people.newbie, [
      ['/dashboard', '/change-password', 'Change password'],
      ['/dashboard/inventory', '/change-password', 'Change password'],
      ['/mobile/operator', '/change-password', 'Change password'],
      ['/nimda', '/change-password', 'Change password'],
      ['/printer-config', '/printer-config', 'Printers and scales'],
      ['/admin-refresh', '/admin-refresh', 'Admin refresh'],
      ['/', '/admin-refresh', 'Admin refresh'],
    ]));

  it('on a phone: change-password before the operator area', () =>
    visitAll(phone, people.newbie, [
      ['/mobile/operator', '/change-password', 'Change password'],
      ['/dashboard', '/change-password', 'Change password'],
      ['/printer-config', '/change-password', 'Change password'],
    ]));
});

describe('last saved path', () => {
  it('is kept in local storage and never names /login or /change-password', async () => {
    const browser = await openBrowser(desktop);
    try {
      const page = await browser.page();
      await signIn(page, server.url, people.desk);
      await page.goto(`${server.url}/dashboard/inventory`);
      await heading(page);
      await page.goto(`${server.url}/change-password`);
      await heading(page);
      expect(await page.evaluate(() => localStorage.getItem('lastLocation'))).toBe('/dashboard/inventory');
      expect(here(page)).toBe('/change-password');
    } finally {
      await browser.close();
    }
  });
});

describe('the first load', () => {
  it('/login fetches only what signing in needs: no frame, live data or connection code, ≤ 142 KB of JS gzipped', () =>
    withPage(desktop, async (page) => {
      const scripts: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.js'))
          scripts.push(response.body().then((body) => ({ url: response.url(), body })));
      });
      await page.goto(`${server.url}/login`);
      expect(await heading(page)).toBe('Sign in');
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(scripts);
      // the live connection's code (its stream's address) comes with the first signed-in screen
      expect(
        loaded.filter((s) => s.body.toString().includes('/api/sse/location/')).map((s) => s.url),
      ).toEqual([]);
      // 149.5 KB when the frame, the live store, the connection and IndexedDB's wrapper came with
      // it; 141.0 KB with the icons of SPEC 2 (lucide's) that its alerts and toasts show
      const kb = loaded.reduce((sum, s) => sum + gzipSync(s.body).length, 0) / 1024;
      expect(kb).toBeLessThanOrEqual(142);
    }));
});
