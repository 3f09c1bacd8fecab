import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPallet, adminNewPassword, call, people } from './support/api';
import { signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The sorting, kleinpak and logistics consoles against the real server, as the floor uses them.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const wide = { viewport: { width: 1440, height: 1000 } };
// the machine running the suite may be busy: waits are generous, never sleeps
const slow = { timeout: 30_000 };

let server: RunningServer;
let adminToken: string;
let locationId: string;
beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
});
afterAll(async () => server?.dispose());

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);
const pallet = (id: string) => api<ApiPallet & { status: string }>('GET', `/api/pallets/${id}`);
const mine = async (ids: Set<string>) =>
  (await api<{ data: ApiPallet[] }>('GET', `/api/pallets?locationId=${locationId}&limit=500`)).data.filter(
    (p) => !ids.has(p.id),
  );

/** Counts the browser print dialogs the page opens, and closes each at once. */
const countPrints = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { prints: number };
    w.prints = 0;
    window.print = () => {
      w.prints += 1;
      setTimeout(() => window.dispatchEvent(new Event('afterprint')));
    };
  });
const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);

async function look(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

describe('the consoles', () => {
  it('sorting makes pallets from the keyboard alone, live on the dashboard; kleinpak processes one; logistics ships from its pick list', async () => {
    const before = new Set((await mine(new Set())).map((p) => p.id));
    const browser = await openBrowser(wide);
    // the dashboard in a browser of its own (a background tab would not draw its rows)
    const watcher = await openBrowser(wide);
    try {
      const page = await browser.page();
      const board = await watcher.page();
      await countPrints(page);
      await Promise.all([
        signIn(page, server.url, { username: 'admin', password: adminNewPassword }),
        signIn(board, server.url, { username: 'admin', password: adminNewPassword }),
      ]);

      // --- sorting: three pallets from the keyboard, each printed and live on the dashboard
      await page.getByRole('link', { name: 'Sorting' }).click();
      const weight = page.getByRole('textbox', { name: 'Weight' });
      await weight.waitFor(slow);
      await page
        .getByRole('combobox', { name: 'Tomato type' })
        .locator('option', { hasText: 'Vine' })
        .waitFor({ state: 'attached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode')))
        .toBe('decimal');
      // Shift+Tab back to the pallet type and pick the next by arrow key: kept for every pallet after
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      const made: string[] = [];
      for (const kg of ['512.5', '480', '333']) {
        await page.keyboard.type(kg);
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await mine(before)).length, slow).toBe(made.length + 1);
        const fresh = (await mine(before)).find((p) => !made.includes(p.id))!;
        made.push(fresh.id);
        await board.locator(`[data-pallet-id="${fresh.id}"]`).waitFor(slow);
        await expect.poll(() => prints(page), slow).toBe(made.length);
      }
      // Shift+Tab from Weight reached Pallet type: Block, kept for all three
      const types = await Promise.all(
        made.map(async (id) => ((await pallet(id)) as unknown as { pallet_type: string }).pallet_type),
      );
      expect(types).toEqual(['Block', 'Block', 'Block']);
      await page.locator('[data-figure="shift-pallets"]', { hasText: '3' }).waitFor(slow);
      await page.locator('[data-figure="shift-kg"]', { hasText: '1,326 kg' }).waitFor(slow);

      // a fourth is undone within its 10 s: gone from the server and from the dashboard
      await page.keyboard.type('99');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await mine(before)).length, slow).toBe(4);
      const extra = (await mine(before)).find((p) => !made.includes(p.id))!;
      await board.locator(`[data-pallet-id="${extra.id}"]`).waitFor(slow);
      await look(page, 'console-sorting');
      await page.getByRole('button', { name: 'Undo last pallet' }).click();
      await board.locator(`[data-pallet-id="${extra.id}"]`).waitFor({ state: 'detached', ...slow });
      expect((await mine(before)).map((p) => p.id).sort()).toEqual([...made].sort());
      await watcher.close();

      // --- kleinpak: scan the first pallet, mark it processed
      await page.getByRole('link', { name: 'Kleinpak' }).click();
      const scan = page.getByRole('textbox', { name: 'Pallet ID or scan' });
      await scan.fill(JSON.stringify({ id: made[0] }));
      await scan.press('Enter');
      // the scanned pallet's own button (the stock list's name their pallets)
      await page.getByRole('button', { name: 'Mark processed', exact: true }).click();
      await page
        .getByRole('region', { name: 'Processed today' })
        .locator(`[data-pallet="${made[0]}"]`)
        .waitFor(slow);
      expect((await pallet(made[0])).status).toBe('processed');
      await look(page, 'console-kleinpak');

      // the board's pallet status filter finds it under Processed, and the others no longer there
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.locator(`[data-pallet-id="${made[1]}"]`).waitFor(slow);
      expect(await page.locator(`[data-pallet-id="${made[0]}"]`).count()).toBe(0);
      await page.getByLabel('Pallet status').selectOption('Processed');
      await page.locator(`[data-pallet-id="${made[0]}"]`).waitFor(slow);
      expect(await page.locator(`[data-pallet-id="${made[1]}"]`).count()).toBe(0);
      await page.screenshot({ path: join(screenshots, 'dashboard-processed.png') });

      // --- logistics: an order due today with the other two, one in storage; ship it from its pick list
      const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
        locationId,
        name: 'Cold store C',
        rows: 4,
        rowCapacity: 5,
      });
      await api('POST', '/api/storage/positions', { palletId: made[1], zoneId: zone.id, rowIndex: 2 });
      const today = new Date().toLocaleDateString('en-CA');
      const order = await api<{ id: string }>('POST', '/api/orders', {
        locationId,
        customer: 'Hoogvliet DC',
        requestedPallets: 3,
        dueDate: today,
      });
      await api('POST', `/api/orders/${order.id}/assign`, { palletIds: [made[1], made[2]] });
      await page.getByRole('link', { name: 'Logistics' }).click();
      const card = page.getByRole('listitem', { name: 'Order for Hoogvliet DC' });
      await card.getByText('Still needs 1 pallet').waitFor(slow);
      await card.getByRole('button', { name: 'Pick list for Hoogvliet DC' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pick list: Hoogvliet DC' });
      const stored = dialog.locator(`[data-pallet="${made[1]}"]`);
      await stored.waitFor(slow);
      expect(await stored.locator('td').allTextContents()).toEqual(
        expect.arrayContaining(['Cold store C', '3']),
      );
      await look(page, 'console-logistics-pick-list');
      const printed = await prints(page);
      await dialog.getByRole('button', { name: 'Print pick list' }).click();
      await expect.poll(() => prints(page), slow).toBe(printed + 1);
      await dialog.getByRole('button', { name: 'Ship order' }).click();
      await page
        .getByRole('dialog', { name: 'Ship the order for Hoogvliet DC?' })
        .getByRole('button', { name: 'Ship' })
        .click();
      await page
        .getByRole('region', { name: 'Shipped today' })
        .getByRole('listitem', { name: 'Order for Hoogvliet DC' })
        .waitFor(slow);
      expect((await api<{ status: string }>('GET', `/api/orders/${order.id}`)).status).toBe('shipped');
      await look(page, 'console-logistics');
    } finally {
      await Promise.all([browser.close(), watcher.close()]);
    }
  }, 120_000);

  it('tells a user without sorting access why, and links no console they cannot open', async () => {
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      await signIn(page, server.url, people.desk);
      await page.goto(`${server.url}/sorting`);
      await page.getByRole('alert').filter({ hasText: 'needs sorting access' }).waitFor(slow);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      for (const name of ['Sorting', 'Kleinpak', 'Logistics'])
        expect(await nav.getByRole('link', { name }).count()).toBe(0);
      await look(page, 'console-denied');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
