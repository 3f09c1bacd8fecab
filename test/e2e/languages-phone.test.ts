import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPallet, call, createPallet, createPhoneUser } from './support/api';
import { scanWithWedge, signIn, waitForPath } from './support/app';
import { openBrowser, phone } from './support/browser';
import { setPseudoLocale, textsLeftInCode } from './support/pseudo';
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
/** In row 1 (full); the other two are not stored. */
let stored: ApiPallet;
let loose: ApiPallet;
let other: ApiPallet;

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);

beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  for (const dir of ['pseudo', 'nl']) mkdirSync(join(screenshots, dir), { recursive: true });
  await createPhoneUser(server.url, adminToken, locationId, operator, [
    'manage_storage_assignments',
    'manage_orders',
  ]);
  ({ id: zoneId } = await api<{ id: string }>('POST', '/api/storage/zones', {
    locationId,
    name: 'Kas 1',
    rows: 2,
    rowCapacity: 2,
  }));
  const pallets: ApiPallet[] = [];
  for (const weight of [1234.5, 600, 700, 800])
    pallets.push(await createPallet(server.url, adminToken, locationId, weight));
  let first: ApiPallet;
  [first, stored, loose, other] = pallets;
  for (const pallet of [first, stored])
    await api('POST', '/api/storage/positions', { palletId: pallet.id, zoneId, rowIndex: 0 });
  await api('POST', '/api/orders', { locationId, customer: 'Jansen', requestedPallets: 2 });
});
afterAll(async () => server?.dispose());

const palletPath = (pallet: ApiPallet) => `/mobile/operator/euro-pallet/${pallet.id}`;
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** Whether anything on the page sticks out sideways (a word too long for its box pushes the page wider). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
/** The operator's phone screens, each opened as the operator reaches it, with what shows it is there. */
const screens: [name: string, open: (page: Page) => Promise<unknown>][] = [
  ['scan', (page) => page.goto(`${server.url}/mobile/operator`)],
  ['pallet', (page) => page.goto(`${server.url}${palletPath(stored)}`)],
  ['zones', (page) => page.goto(`${server.url}/mobile/operator/storage`)],
  ['rows', (page) => page.locator('main a[href*="context=row_selection"]').first().click()],
  ['row', (page) => page.locator('main a[href*="rowIndex=0"]').first().click()],
  ['orders', (page) => page.goto(`${server.url}/mobile/operator/orders`)],
  ['account', (page) => page.goto(`${server.url}/mobile/operator/account`)],
];

/** Opens each phone screen in turn, checks it with `check` and keeps its picture in `dir`. */
async function walk(page: Page, dir: string, check: (page: Page, name: string) => Promise<void>) {
  for (const [name, open] of screens) {
    await open(page);
    await page.locator('main h2').first().waitFor();
    // the live data has come (a pallet's facts, a zone's rows, the orders' counts)
    await page.locator('[data-status="loading"]').waitFor({ state: 'detached' });
    await check(page, name);
    await page.screenshot({ path: join(screenshots, dir, `phone-${name}.png`), fullPage: true });
  }
}

/** Takes the phone off the network (the API cut off too) with one change waiting, the queue's list open. */
async function offlineWithOneWaiting(page: Page) {
  await page.goto(
    `${server.url}/mobile/operator/storage?context=row_contents&zoneId=${zoneId}&zoneName=Kas%201&rowIndex=1`,
  );
  await page.getByTestId('row-occupancy').waitFor();
  await page.context().route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(true);
  const queue = page.getByTestId('offline-queue');
  await queue.waitFor();
  await scanWithWedge(page, JSON.stringify({ id: loose.id }));
  await page.locator('[data-testid="offline-queue"] ol li').first().waitFor({ state: 'attached' });
  await queue.locator('summary').click();
  await queue.locator('ol li').first().waitFor();
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
      await walk(page, 'pseudo', async (_, name) => {
        expect({ name, left: await textsLeftInCode(page) }).toEqual({ name, left: [] });
        expect({ name, overflows: await overflowsSideways(page) }).toEqual({ name, overflows: false });
      });
      await offlineWithOneWaiting(page);
      expect(await textsLeftInCode(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await page.screenshot({ path: join(screenshots, 'pseudo', 'phone-offline.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  }, 180_000);
});

describe('a Dutch phone', () => {
  it('shows the operator screens in Dutch, refuses a full row in Dutch, and Account switches the language at once', async () => {
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

      // a pallet's weight in Dutch, and storing it in the full row is refused in Dutch
      await page.goto(`${server.url}${palletPath(other)}`);
      await page.getByTestId('pallet-where').getByText('Niet in opslag').waitFor();
      await page.getByLabel('Zone', { exact: true }).selectOption({ label: 'Kas 1 (2/4)' });
      await page.getByLabel('Rij', { exact: true }).selectOption({ label: 'Rij 1 (2/2, vol)' });
      await page.getByRole('button', { name: 'Opslaan hier' }).click();
      await page.getByRole('alert').getByText('Rij 1 van zone Kas 1 is vol (2 pallets)').waitFor();

      await walk(page, 'nl', async (_, name) => {
        expect({ name, overflows: await overflowsSideways(page) }).toEqual({ name, overflows: false });
      });
      await page.goto(`${server.url}${palletPath(stored)}`);
      await page.getByRole('heading', { name: /600,00 kg/ }).waitFor();

      // Account: the switch repaints the open screen, without a reload
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

      // the waiting list and the refusals offline, back in Dutch
      await page.locator('#main').getByRole('button', { name: 'NL – Nederlands' }).click();
      await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).waitFor();
      await offlineWithOneWaiting(page);
      await page.getByTestId('offline-queue').getByText('Offline · 1 wachtend').waitFor();
      await page.getByRole('list', { name: 'Wijzigingen die wachten op verzending' }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await page.screenshot({ path: join(screenshots, 'nl', 'phone-offline.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  }, 180_000);
});
