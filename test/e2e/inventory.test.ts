import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPallet, adminNewPassword, call } from './support/api';
import { signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { cspViolations, openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The inventory dashboard against the real server, as a planner and an administrator use it.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const wide = { viewport: { width: 1440, height: 1100 } };
// the machine running the suite may be busy: waits are generous, never sleeps
const slow = { timeout: 30_000 };

let server: RunningServer;
let adminToken: string;
let locationId: string;
beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
});
afterAll(async () => server?.dispose());

const make = (tomatoType: string, weight: number) =>
  call<ApiPallet>(
    server.url,
    'POST',
    '/api/pallets',
    { locationId, palletType: 'Euro', boxType: 'Crate', tomatoType, tomatoOption: 'Loose', weight },
    adminToken,
  );

/** kg and pallets per tomato type as the API lists the active pallets. */
async function apiStock() {
  const { data } = await call<{ data: { tomato_type: string; weight: number }[] }>(
    server.url,
    'GET',
    `/api/pallets?locationId=${locationId}&limit=500`,
    undefined,
    adminToken,
  );
  const stock: Record<string, { kg: number; pallets: number }> = {};
  for (const p of data) {
    stock[p.tomato_type] ??= { kg: 0, pallets: 0 };
    stock[p.tomato_type].kg += p.weight;
    stock[p.tomato_type].pallets += 1;
  }
  return stock;
}

const kgText = (kg: number) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(kg)} kg`;

/** The tomato-type table as the screen shows it: figures per type, in its order. */
const shownTypes = (page: Page) =>
  page.locator('[data-stock="tomatoType"] tbody tr[data-key]').evaluateAll((rows) =>
    rows.map((r) => ({
      key: r.getAttribute('data-key') as string,
      kg: r.querySelector('[data-figure="kg"]')?.textContent,
      pallets: r.querySelector('[data-figure="pallets"]')?.textContent,
    })),
  );

async function expectFiguresOfApi(page: Page) {
  const stock = await apiStock();
  const expected = Object.entries(stock)
    .map(([key, s]) => ({ key, kg: kgText(s.kg), pallets: String(s.pallets) }))
    .sort((a, b) => a.key.localeCompare(b.key));
  await page.waitForFunction(
    (want) => {
      const rows = [...document.querySelectorAll('[data-stock="tomatoType"] tbody tr[data-key]')];
      const shown = rows
        .map((r) => ({
          key: r.getAttribute('data-key'),
          kg: r.querySelector('[data-figure="kg"]')?.textContent,
          pallets: r.querySelector('[data-figure="pallets"]')?.textContent,
        }))
        .filter((r) => r.pallets !== '0')
        .sort((a, b) => String(a.key).localeCompare(String(b.key)));
      return JSON.stringify(shown) === JSON.stringify(want);
    },
    expected,
    slow,
  );
}

describe('the inventory dashboard', () => {
  it('follows the API live, filters the list from a chart bar, exports it as CSV, and lets an admin set thresholds', async () => {
    await make('Beef', 640);
    await make('Cherry', 410.5);
    await make('Vine', 300);
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      const refused = cspViolations(page);
      await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
      await page.goto(`${server.url}/dashboard/inventory`);
      await page.locator('[data-status="ready"]').waitFor(slow);
      await page.locator('[data-chart="tomatoType"] .recharts-bar-rectangle').first().waitFor(slow);
      await expectFiguresOfApi(page);

      // a pallet made elsewhere: the figures move with it
      await make('Beef', 100.25);
      await page
        .locator('[data-stock="tomatoType"] tr[data-key="Beef"] [data-figure="pallets"]', { hasText: '2' })
        .waitFor(slow);
      await expectFiguresOfApi(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'inventory-desktop.png'), fullPage: true });

      // the bars are in the table's order: clicking Beef's shows only Beef pallets
      const order = (await shownTypes(page)).map((row) => row.key);
      await page
        .locator('[data-chart="tomatoType"] .recharts-bar-rectangle')
        .nth(order.indexOf('Beef'))
        .click();
      await page.getByRole('button', { name: 'Clear filter Tomato type: Beef' }).waitFor(slow);
      await page.getByTestId('inventory-count').filter({ hasText: '2 pallets' }).waitFor(slow);
      const rows = page.locator('[data-pallet-id]');
      expect(await rows.count()).toBe(2);
      for (const text of await rows.allTextContents()) expect(text).toContain('Beef');
      await page.screenshot({ path: join(screenshots, 'inventory-filtered.png'), fullPage: true });

      // the export holds exactly the rows shown, under the location's name and today's date; the
      // corner says it is being prepared while it is (every text the page's status areas showed)
      await page.evaluate(() => {
        const said: string[] = [];
        (window as unknown as { said: string[] }).said = said;
        new MutationObserver(() => {
          for (const status of document.querySelectorAll('[role="status"]'))
            if (status.textContent && !said.includes(status.textContent)) said.push(status.textContent);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const [download] = await Promise.all([
        page.waitForEvent('download', slow),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^inventory-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toContain(
        'Preparing the export...',
      );
      await page.getByText('Preparing the export...').waitFor({ state: 'detached' });
      const parsed = Papa.parse<Record<string, string>>(
        readFileSync((await download.path()) as string, 'utf8'),
        {
          header: true,
          skipEmptyLines: true,
        },
      ).data;
      const visible = await rows.evaluateAll((list) => list.map((r) => r.getAttribute('data-pallet-id')));
      expect(parsed.map((r) => r.ID)).toEqual(visible);
      expect(parsed.map((r) => r['Tomato Type'])).toEqual(['Beef', 'Beef']);
      expect(parsed.map((r) => Number(r['Weight (kg)'])).sort()).toEqual([100.25, 640]);

      // an administrator raises Beef's minimum: its stock turns low
      await page.getByRole('button', { name: 'Ageing and minimum stock' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ageing and minimum stock' });
      await dialog.getByLabel('Beef minimum kg').fill('5000');
      await page.screenshot({ path: join(screenshots, 'inventory-settings.png') });
      await dialog.getByRole('button', { name: 'Save settings' }).click();
      await dialog.waitFor({ state: 'detached', ...slow });
      await page.locator('[data-stock="tomatoType"] tr[data-key="Beef"] [data-variant="low"]').waitFor(slow);
      // charts, tables and dialogs do nothing the server's Content-Security-Policy refuses
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
  it('sorts its pallet list by weight and by age both ways, in the address across a reload, live arrivals in their place, in English and Dutch', async () => {
    await make('Vine', 5);
    await make('Cherry', 1_500);
    await make('Beef', 700);
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
      await page.goto(`${server.url}/dashboard/inventory`);
      await page.locator('[data-status="ready"]').waitFor(slow);
      const list = page.getByTestId('inventory-scroller');
      const sortBy = (name: string) => list.getByRole('button', { name, exact: true });
      const head = (name: string) => list.getByRole('columnheader', { name });
      const ids = () =>
        list
          .locator('[data-pallet-id]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pallet-id')));
      const weights = () =>
        list
          .locator('[data-pallet-id] td:nth-child(6)')
          .evaluateAll((cells) => cells.map((c) => Number(c.textContent?.replace(/[^\d.]/g, ''))));
      const times = () =>
        list
          .locator('[data-pallet-id] time')
          .evaluateAll((cells) => cells.map((c) => Date.parse(c.getAttribute('datetime') as string)));
      const sorted = (values: number[], descending: boolean) =>
        [...values].sort((a, b) => (descending ? b - a : a - b));
      await list.locator('[data-pallet-id]').first().waitFor(slow);

      await sortBy('Weight').click();
      await page.waitForURL(/sort=weight(?!&dir)/);
      expect(await head('Weight').getAttribute('aria-sort')).toBe('ascending');
      await expect.poll(weights).toEqual(sorted(await weights(), false));
      expect((await weights())[0]).toBe(5);
      await sortBy('Weight').click();
      await page.waitForURL(/sort=weight&dir=desc/);
      await expect.poll(async () => (await weights())[0]).toBe(1_500);
      expect(await weights()).toEqual(sorted(await weights(), true));

      await page.reload();
      await list.locator('[data-pallet-id]').first().waitFor(slow);
      expect(await head('Weight').getAttribute('aria-sort')).toBe('descending');
      expect(await weights()).toEqual(sorted(await weights(), true));

      // arrivals take their place: the heaviest on top, the lightest at the bottom
      const heavy = await make('Vine', 9_000);
      const light = await make('Beef', 1);
      await expect.poll(async () => (await ids()).at(-1), slow).toBe(light.id);
      expect((await ids())[0]).toBe(heavy.id);
      expect(await weights()).toEqual(sorted(await weights(), true));

      // by age: youngest first, then oldest first
      await sortBy('Age').click();
      await page.waitForURL(/sort=age(?!&dir)/);
      await expect.poll(async () => (await ids())[0]).toBe(light.id);
      expect(await times()).toEqual(sorted(await times(), true));
      await sortBy('Age').click();
      await page.waitForURL(/sort=age&dir=desc/);
      await expect.poll(async () => (await ids()).at(-1)).toBe(light.id);
      expect(await times()).toEqual(sorted(await times(), false));

      // in Dutch: the heads and what a screen reader hears
      await page.locator('header button[lang="nl"]').click();
      await sortBy('Gewicht').click();
      await page.waitForURL(/sort=weight(?!&dir)/);
      expect(await head('Gewicht').getAttribute('aria-sort')).toBe('ascending');
      await page
        .getByRole('status')
        .filter({ hasText: 'Gesorteerd op Gewicht, oplopend' })
        .waitFor({ state: 'attached', ...slow });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'inventory-sorted.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  }, 180_000);
});
