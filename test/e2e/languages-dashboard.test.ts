import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoLocalise } from '../../src/i18n/pseudo';
import en from '../../src/locales/en/dashboard.json';
import { type ApiPallet, call, createPallet, people } from './support/api';
import { signIn } from './support/app';
import { openBrowser } from './support/browser';
import {
  htmlLang,
  overflowsSideways,
  setPseudoLocale,
  textsCutShort,
  textsLeftInCode,
} from './support/pseudo';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The dashboard in the pseudo-language (every text from a catalogue, nothing cut or pushed
// sideways) and in Dutch (formats, a refusal, the switch to English kept with the user).

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const wide: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const widths = [1440, 1024] as const;

let server: RunningServer;
let adminToken: string;
let locationId: string;
/** A pallet of 1,234.5 kg, one to move, and two filling Row 1 of the zone. */
let heavy: ApiPallet;
let loose: ApiPallet;
let zoneId: string;

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);

beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  ({ id: zoneId } = await api<{ id: string }>('POST', '/api/storage/zones', {
    locationId,
    name: 'Cold store A',
    rows: 2,
    rowCapacity: 2,
  }));
  heavy = await createPallet(server.url, adminToken, locationId, 1234.5);
  loose = await createPallet(server.url, adminToken, locationId, 500);
  for (const weight of [510, 520.5]) {
    const filler = await createPallet(server.url, adminToken, locationId, weight);
    await api('POST', '/api/storage/positions', { palletId: filler.id, zoneId, rowIndex: 0 });
  }
  const order = await api<{ id: string }>('POST', '/api/orders', {
    locationId,
    customer: 'Jansen',
    requestedPallets: 4,
    dueDate: '2026-12-24',
  });
  await api('POST', `/api/orders/${order.id}/assign`, { palletIds: [heavy.id] });
  for (const dir of ['pseudo', 'nl']) mkdirSync(join(screenshots, dir), { recursive: true });
});
afterAll(async () => server?.dispose());

const row = (page: Page, id: string) => page.locator(`[data-pallet-id="${id}"]`);
const dialog = (page: Page) => page.getByRole('dialog');
/** Formats are data here: the overview's figures, weights (`<data>`) and ages and dates (`<time>`). */
const formatted = ['[data-figure]', 'data', 'time'];
/** A dashboard message in the pseudo-language, its placeholders filled. */
const pseudo = (message: string, values: Record<string, string> = {}) =>
  pseudoLocalise(message).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]);

async function signedIn(options: BrowserContextOptions, fn: (page: Page) => Promise<void>) {
  const browser = await openBrowser(options);
  try {
    const page = await browser.page();
    await fn(page);
  } finally {
    await browser.close();
  }
}

describe('the dashboard in the pseudo-language', () => {
  it('reaches every text of the board and its dialogs at 1440 and 1024 px, nothing pushed sideways', async () => {
    await signedIn(wide, async (page) => {
      await signIn(page, server.url, people.manager);
      await setPseudoLocale(page, true);
      await page.reload();
      await row(page, heavy.id).waitFor();
      await page.getByTestId('activity').waitFor();
      expect(await htmlLang(page)).toBe('en-XA');

      const check = async (name: string, width: number) => {
        expect(await textsLeftInCode(page, { data: formatted }), name).toEqual([]);
        expect(await overflowsSideways(page), name).toBe(false);
        await page.screenshot({ path: join(screenshots, 'pseudo', `dashboard-${name}-${width}.png`) });
      };
      const inDialog = async (name: string, width: number, open: () => Promise<void>) => {
        await open();
        await dialog(page).waitFor();
        await check(name, width);
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'detached' });
      };
      const actions = row(page, heavy.id).getByRole('button');
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await check('board', width);
        await inDialog('new-pallet', width, () =>
          page.getByRole('button', { name: pseudo(en.newPallet) }).click(),
        );
        await inDialog('qr', width, () => actions.nth(0).click());
        await inDialog('edit', width, () => actions.nth(1).click());
        await inDialog('delete', width, () => actions.nth(2).click());

        await row(page, loose.id).locator('input[type="checkbox"]').check();
        await inDialog('assign', width, () =>
          page.getByRole('button', { name: pseudo(en.order.assignCount, { number: '1' }) }).click(),
        );
        await inDialog('delete-ticked', width, () =>
          page.getByRole('button', { name: pseudo(en.deletePallets.button, { number: '1' }) }).click(),
        );
        // an order opened with its actions, and the question before deleting it (Delete stands before Ship)
        const order = page.locator('[data-order-id]').first();
        await order.getByRole('button', { expanded: false }).click();
        await inDialog('delete-order', width, () => order.getByRole('button').nth(-2).click());
        await order.getByRole('button', { expanded: true }).click();
        // the move: a row picked on the map, with "Move here" for the ticked pallet
        await page.locator(`[data-zone-id="${zoneId}"] button`).first().click();
        await page.getByRole('button', { name: pseudo(en.storage.moveHereCount, { number: '1' }) }).waitFor();
        await check('move', width);
        await page.locator(`[data-zone-id="${zoneId}"] button`).first().click();
        await page.getByRole('button', { name: pseudo(en.board.untickAll) }).click();
      }
    });
  }, 90_000);
});

describe('the dashboard in a Dutch browser', () => {
  it('speaks Dutch for a user without a language, and the switch to English is kept with the user', async () => {
    const dutch = { ...wide, locale: 'nl-NL' };
    const signInInDutch = async (page: Page) => {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Gebruikersnaam').fill(people.manager.username);
      await page.getByLabel('Wachtwoord').fill(people.manager.password);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await row(page, heavy.id).waitFor();
    };
    const jansen = (page: Page) => page.locator('[data-order-id]', { hasText: 'Jansen' });

    await signedIn(dutch, async (page) => {
      await signInInDutch(page);
      expect(await htmlLang(page)).toBe('nl');
      expect(await page.title()).toBe('Overzicht · Tomato Warehouse');
      await page.getByRole('heading', { level: 1, name: 'Overzicht' }).waitFor();
      expect(await row(page, heavy.id).locator('data').textContent()).toBe('1.234,50 kg');
      expect(await page.locator('[data-figure="totalKgWarehouse"]').textContent()).toBe('2.765 kg');
      expect(await jansen(page).textContent()).toContain('uiterlijk 24 dec 2026');
      await page.getByLabel('Tomatensoort').selectOption('Cherry');
      await page.waitForURL(/tomatoType=Cherry/);
      const filtered = new URL(page.url()).search;

      // a move into a full row, refused by the server, says why in Dutch
      await row(page, loose.id).locator('input[type="checkbox"]').check();
      await page
        .locator(`[data-zone-id="${zoneId}"]`)
        .getByRole('button', { name: /^Rij 1/ })
        .click();
      await page.getByRole('button', { name: 'Hierheen (1)' }).click();
      await page.getByText('Rij 1 van zone Cold store A is vol (2 pallets)').waitFor();
      await page.screenshot({ path: join(screenshots, 'nl', 'dashboard-refused-move.png') });

      // the board and its dialogs in Dutch, at the desk and at tablet width
      const actions = row(page, heavy.id).getByRole('button');
      const shoot = async (name: string, open: () => Promise<void>, check = async () => {}) => {
        await open();
        await dialog(page).waitFor();
        await check();
        await page.screenshot({ path: join(screenshots, 'nl', `dashboard-${name}.png`) });
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'detached' });
      };
      await shoot('assign', () => page.getByRole('button', { name: 'Aan order toewijzen (1)' }).click());
      await page.getByRole('button', { name: 'Alles uitvinken' }).click();
      await shoot('new-pallet', () => page.getByRole('button', { name: 'Nieuwe pallet' }).click());
      await shoot('qr', () => actions.nth(0).click());
      // the weight to edit as a Dutch reader writes it
      await shoot(
        'edit',
        () => actions.nth(1).click(),
        async () => expect(await page.getByLabel('Gewicht (kg)').inputValue()).toBe('1.234,5'),
      );
      await shoot('delete', () => actions.nth(2).click());
      await jansen(page).getByRole('button', { expanded: false }).click();
      // the board's heads and rows and the panels' buttons read whole in Dutch ("Palletsoort",
      // "Order verzenden"), at the desk and at tablet width (where the board scrolls sideways
      // rather than cut its words)
      const board = page.locator('main');
      expect({ at: 1440, cut: await textsCutShort(board) }).toEqual({ at: 1440, cut: [] });
      await page.screenshot({ path: join(screenshots, 'nl', 'dashboard-1440.png') });
      await page.setViewportSize({ width: 1024, height: 900 });
      expect(await overflowsSideways(page)).toBe(false);
      expect({ at: 1024, cut: await textsCutShort(board) }).toEqual({ at: 1024, cut: [] });
      await page.screenshot({ path: join(screenshots, 'nl', 'dashboard-1024.png') });

      // English from the header's switch: the open screen at once, no reload, the filters and
      // what the screen holds (a ticked pallet) kept
      await row(page, loose.id).locator('input[type="checkbox"]').check();
      await page.evaluate(() => Object.assign(window, { keptSinceSwitch: true }));
      await page.locator('header').getByRole('button', { name: 'EN – English' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.evaluate(() => 'keptSinceSwitch' in window)).toBe(true);
      expect(new URL(page.url()).search).toBe(filtered);
      expect(await row(page, loose.id).locator('input[type="checkbox"]').isChecked()).toBe(true);
      await page.getByText('1 ticked').waitFor();
      expect(await row(page, heavy.id).locator('data').textContent()).toBe('1,234.50 kg');
      expect(await jansen(page).textContent()).toContain('due 24 Dec 2026');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(new URL(page.url()).search).toBe(filtered);
    });

    // another browser of the same user, Dutch again, opens in the user's English
    await signedIn(dutch, async (page) => {
      await signInInDutch(page);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.locator('[data-figure="totalKgWarehouse"]').textContent()).toBe('2,765 kg');
    });
  }, 90_000);
});
