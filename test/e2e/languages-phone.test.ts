import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPallet, call, createPallet, createPhoneUser } from './support/api';
import { scanWithWedge, signIn, waitForPath } from './support/app';
import { openBrowser, phone } from './support/browser';
import {
  htmlLang,
  overflowsSideways,
  setPseudoLocale,
  textsCutShort,
  textsLeftInCode,
} from './support/pseudo';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The operator's phone at 390 px in the pseudo-language (every text from the catalogue, nothing
// wider than the screen though each text is a third longer) and in Dutch.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const operator = { username: 'e2e-taal-operator', password: 'operator-password-1' };

let server: RunningServer;
let adminToken: string;
let locationId: string;
let zoneId: string;
/** Row 1 holds `onOrder` (on Jansen's order) and one more, and is full. */
let onOrder: ApiPallet;
/** In no row and on no order. */
let free: ApiPallet;
/** For each test its own row (2 and 3): the pallet queued offline, and the two that fill the row meanwhile. */
const rows: { rowIndex: number; queued: ApiPallet; fill: ApiPallet[] }[] = [];

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);

beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  for (const dir of ['pseudo', 'nl']) mkdirSync(join(screenshots, dir), { recursive: true });
  await createPhoneUser(server.url, adminToken, locationId, operator, [
    'manage_storage_assignments',
    'manage_orders',
    'view_storage_map',
    'sorting_access',
    'kleinpak_access',
    'logistics_access',
  ]);
  ({ id: zoneId } = await api<{ id: string }>('POST', '/api/storage/zones', {
    locationId,
    name: 'Kas 1',
    rows: 3,
    rowCapacity: 2,
  }));
  const pallets: ApiPallet[] = [];
  for (const weight of [1234.5, 600, 700, 710, 720, 730, 740, 750, 800])
    pallets.push(await createPallet(server.url, adminToken, locationId, weight));
  const [first, second, ...rest] = pallets;
  onOrder = first;
  free = rest.pop() as ApiPallet;
  for (const pallet of [first, second])
    await api('POST', '/api/storage/positions', { palletId: pallet.id, zoneId, rowIndex: 0 });
  const order = await api<{ id: string }>('POST', '/api/orders', {
    locationId,
    customer: 'Jansen',
    requestedPallets: 2,
  });
  await api('POST', `/api/orders/${order.id}/assign`, { palletIds: [onOrder.id] });
  for (const rowIndex of [1, 2]) {
    const [queued, ...fill] = rest.splice(0, 3);
    rows.push({ rowIndex, queued, fill });
  }
});
afterAll(async () => server?.dispose());

const palletPath = (pallet: ApiPallet | { id: string }) => `/mobile/operator/euro-pallet/${pallet.id}`;

/** The operator's phone screens, each opened as the operator reaches it. */
const screens: [name: string, open: (page: Page) => Promise<unknown>][] = [
  ['scan', (page) => page.goto(`${server.url}/mobile/operator`)],
  [
    'camera',
    async (page) => {
      // no camera in the test's browser: the screen says so, with the way around it
      await page.locator('main form').locator('xpath=preceding-sibling::button').click();
      await page.locator('main video + p').waitFor();
    },
  ],
  ['pallet', (page) => page.goto(`${server.url}${palletPath(onOrder)}`)],
  ['pallet-free', (page) => page.goto(`${server.url}${palletPath(free)}`)],
  ['pallet-unknown', (page) => page.goto(`${server.url}${palletPath({ id: 'no-such-pallet' })}`)],
  ['zones', (page) => page.goto(`${server.url}/mobile/operator/storage`)],
  ['rows', (page) => page.locator('main a[href*="context=row_selection"]').first().click()],
  ['row', (page) => page.locator('main a[href*="rowIndex=0"]').first().click()],
  ['orders', (page) => page.goto(`${server.url}/mobile/operator/orders`)],
  ['sorting', (page) => page.goto(`${server.url}/mobile/operator/sorting`)],
  ['kleinpak', (page) => page.goto(`${server.url}/mobile/operator/kleinpak`)],
  ['logistics', (page) => page.goto(`${server.url}/mobile/operator/logistics`)],
  ['account', (page) => page.goto(`${server.url}/mobile/operator/account`)],
];

/** Opens each phone screen in turn and has `look` at it. */
async function walk(page: Page, look: (name: string) => Promise<void>) {
  for (const [name, open] of screens) {
    await open(page);
    await page.locator('main h2').first().waitFor();
    // the live data has come (a pallet's facts, a zone's rows, the orders' counts)
    await page.locator('[data-status="loading"]').waitFor({ state: 'detached' });
    await look(name);
  }
}

/**
 * Takes the phone off the network (the API cut off too) in `row`, scans a pallet into it (kept
 * on the phone, the queue's list open), then fills the row from elsewhere and brings the network
 * back: the server refuses the kept change.
 */
async function offlineThenRefused(
  page: Page,
  row: (typeof rows)[number],
  look: (name: string) => Promise<void>,
) {
  await page.goto(
    `${server.url}/mobile/operator/storage?context=row_contents&zoneId=${zoneId}&zoneName=Kas%201&rowIndex=${row.rowIndex}`,
  );
  await page.getByTestId('row-occupancy').waitFor();
  const context = page.context();
  const cutOff = '**/api/**';
  await context.route(cutOff, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  const queue = page.getByTestId('offline-queue');
  await queue.waitFor();
  await scanWithWedge(page, JSON.stringify({ id: row.queued.id }));
  await queue.locator('ol li').first().waitFor({ state: 'attached' });
  await queue.locator('summary').click();
  await queue.locator('ol li').first().waitFor();
  await look('offline');

  for (const pallet of row.fill)
    await api('POST', '/api/storage/positions', { palletId: pallet.id, zoneId, rowIndex: row.rowIndex });
  await context.unroute(cutOff);
  await context.setOffline(false);
  await page.locator('main [role="alert"] button').waitFor();
  await look('offline-refused');
}

describe('the phone in the pseudo-language', () => {
  it('reaches every text of every operator screen, and nothing is wider than 390 px', async () => {
    const browser = await openBrowser(phone);
    try {
      const page = await browser.page();
      await signIn(page, server.url, operator);
      await waitForPath(page, '/mobile/operator');
      await setPseudoLocale(page, true);
      await page.reload();
      const look = async (name: string) => {
        expect({ name, left: await textsLeftInCode(page) }).toEqual({ name, left: [] });
        expect({ name, overflows: await overflowsSideways(page) }).toEqual({ name, overflows: false });
        // the bottom bar's every entry (four consoles among them) stands whole on the screen
        const entries = await page
          .getByRole('navigation', { name: /./ })
          .last()
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
        expect({ name, offScreen: entries.filter((right) => right > 390) }).toEqual({ name, offScreen: [] });
        await page.screenshot({ path: join(screenshots, 'pseudo', `phone-${name}.png`) });
      };
      await walk(page, look);
      await offlineThenRefused(page, rows[0], look);
    } finally {
      await browser.close();
    }
  }, 180_000);
});

describe('a Dutch phone', () => {
  it('shows the operator screens in Dutch, says a full row and a refused change in Dutch, and Account switches the language at once', async () => {
    const browser = await openBrowser({ ...phone, locale: 'nl-NL' });
    try {
      const page = await browser.page();
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Gebruikersnaam').fill(operator.username);
      await page.getByLabel('Wachtwoord').fill(operator.password);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await waitForPath(page, '/mobile/operator');
      await page.getByRole('heading', { name: 'Pallet scannen' }).waitFor();
      expect(await htmlLang(page)).toBe('nl');
      expect(await page.title()).toBe('Scannen · Tomato Warehouse');
      await page.getByRole('button', { name: 'Scannen met camera' }).waitFor();
      // the header shows the location's whole name at 390 px, beside the Dutch "Uitloggen"
      const place = page.locator('header').getByText('E2E Depot', { exact: true });
      expect(
        await place.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
      ).toBe(true);

      // storing a pallet in the full row: the server's refusal in Dutch
      await page.goto(`${server.url}${palletPath(free)}`);
      await page.getByTestId('pallet-where').getByText('Niet in opslag').waitFor();
      await page.getByLabel('Zone', { exact: true }).selectOption(zoneId);
      await page.getByLabel('Rij', { exact: true }).selectOption({ label: 'Rij 1 (2/2, vol)' });
      await page.getByRole('button', { name: 'Opslaan hier' }).click();
      await page.getByRole('alert').getByText('Rij 1 van zone Kas 1 is vol (2 pallets)').waitFor();

      const look = async (name: string) => {
        expect({ name, overflows: await overflowsSideways(page) }).toEqual({ name, overflows: false });
        // the screen and the bottom bar's six entries read whole in Dutch ("Logistiek" the
        // longest), none cut short
        const bar = page.getByRole('navigation', { name: 'Hoofdmenu' });
        expect({ name, cut: await textsCutShort(bar) }).toEqual({ name, cut: [] });
        expect({ name, cut: await textsCutShort(page.locator('main')) }).toEqual({ name, cut: [] });
        await page.screenshot({ path: join(screenshots, 'nl', `phone-${name}.png`) });
      };
      await walk(page, look);
      await page.goto(`${server.url}${palletPath(onOrder)}`);
      await page.getByRole('heading', { name: /1\.234,50 kg/ }).waitFor();
      await page.getByRole('button', { name: 'Verzonden melden (order van Jansen)' }).waitFor();

      // Account: the switch repaints the open screen at once, without a reload
      await page.goto(`${server.url}/mobile/operator/account`);
      await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).waitFor();
      await page.evaluate(() => {
        (window as unknown as { kept: boolean }).kept = true;
      });
      await page.locator('#main').getByRole('button', { name: 'EN – English' }).click();
      await page.getByRole('link', { name: 'Change password' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      // the screens below are opened anew, from the user the server keeps: the choice is saved
      // first (opened before its answer, the app once started from the English one)
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth/me') && response.request().method() === 'PATCH',
      );
      await page.locator('#main').getByRole('button', { name: 'NL – Nederlands' }).click();
      await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).waitFor();
      expect((await saved).ok()).toBe(true);

      // offline: the change kept on the phone, then the server's refusal of it, in Dutch
      const row = rows[1];
      await offlineThenRefused(page, row, look);
      const short = `…${row.queued.id.slice(-6)}`;
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: `Niet gelukt: Pallet ${short} opslaan in Kas 1 · Rij 3` });
      await refusal.getByText('Rij 3 van zone Kas 1 is vol (2 pallets)').waitFor();
      // the kept change and its refusal are worded when shown: switched to English, they read in
      // English at once
      await page
        .getByRole('navigation', { name: 'Hoofdmenu' })
        .getByRole('link', { name: 'Account' })
        .click();
      await page.locator('#main').getByRole('button', { name: 'EN – English' }).click();
      const refused = page
        .getByRole('alert')
        .filter({ hasText: `Not done: Store pallet ${short} in Kas 1 · Row 3` })
        .filter({ hasText: 'Row 3 of zone Kas 1 is full (2 pallets)' });
      await refused.getByRole('button', { name: 'Dismiss' }).click();
      await refused.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  }, 180_000);
});
