import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPallet, call, people } from './support/api';
import { scanWithWedge, signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The desktop pallet board against the real server, as a desk worker uses it.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const wide = { viewport: { width: 1440, height: 900 } };

let server: RunningServer;
let adminToken: string;
let locationId: string;
beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
});
afterAll(async () => server?.dispose());

const row = (page: Page, id: string) => page.locator(`[data-pallet-id="${id}"]`);
const shownIds = (page: Page) =>
  page.locator('[data-pallet-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pallet-id')));
const make = (fields: Record<string, unknown>) =>
  call<ApiPallet>(
    server.url,
    'POST',
    '/api/pallets',
    {
      locationId,
      palletType: 'Euro',
      boxType: 'Crate',
      tomatoType: 'Cherry',
      tomatoOption: 'Loose',
      weight: 500,
      ...fields,
    },
    adminToken,
  );

async function openBoard(who: { username: string; password: string }, options = wide) {
  const browser = await openBrowser(options);
  const page = await browser.page();
  await signIn(page, server.url, who);
  await page.locator('output[data-status="ready"]').waitFor();
  return { browser, page };
}

describe('the pallet board', () => {
  it('filters by tomato type in the URL, finds a scanned pallet, makes one with "New pallet" that a second page sees', async () => {
    const beef = await make({ tomatoType: 'Beef', weight: 640 });
    const cherry = await make({ tomatoType: 'Cherry', weight: 410.5 });
    const a = await openBoard(people.manager);
    const b = await openBoard(people.manager);
    try {
      const { page } = a;
      await row(page, cherry.id).waitFor();
      expect(await row(page, beef.id).textContent()).toContain('640.00 kg');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'dashboard-desktop.png') });

      await page.getByLabel('Tomato type').selectOption('Beef');
      await row(page, cherry.id).waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('tomatoType')).toBe('Beef');
      await page.reload();
      await page.locator('output[data-status="ready"]').waitFor();
      // the choice is there once the location's catalogue has loaded, which may be after the pallets
      await expect.poll(() => page.getByLabel('Tomato type').inputValue()).toBe('Beef');
      await row(page, beef.id).waitFor();
      expect(await row(page, cherry.id).count()).toBe(0);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await row(page, cherry.id).waitFor();

      // a scan typed into the field, then one from a handheld scanner with the focus elsewhere
      await page.getByLabel('Search or scan').fill(`{"id":"${beef.id}"}`);
      await page.getByLabel('Search or scan').press('Enter');
      await page.locator(`[data-pallet-id="${beef.id}"][aria-selected="true"]`).waitFor();
      await page.locator('h1').click();
      await scanWithWedge(page, `MA:${cherry.id}`);
      await page.locator(`[data-pallet-id="${cherry.id}"][aria-selected="true"]`).waitFor();
      await page.getByLabel('Search or scan').fill('no-such-pallet');
      await page.getByLabel('Search or scan').press('Enter');
      await page.getByText('No pallet "no-such-pallet" at this location').waitFor();

      await page.getByRole('button', { name: 'New pallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'New pallet' });
      await dialog.getByLabel('Tomato type').selectOption('Vine');
      await dialog.getByLabel('Weight (kg)').fill('0');
      await dialog.getByRole('button', { name: 'Create pallet' }).click();
      await dialog.getByText('The weight must be between 0.01 and 10,000 kg').waitFor();
      await page.screenshot({ path: join(screenshots, 'dashboard-new-pallet.png') });
      await dialog.getByLabel('Weight (kg)').fill('733.25');
      await dialog.getByRole('button', { name: 'Create pallet' }).click();
      await dialog.waitFor({ state: 'detached' });
      for (const p of [a.page, b.page]) {
        await p.locator('[data-pallet-id]', { hasText: '733.25 kg' }).first().waitFor({ timeout: 2_000 });
      }
      const made = (await shownIds(b.page))[0];
      expect(await row(b.page, made!).textContent()).toContain('Vine');
      // added by the signed-in user: their own name, known without asking the server
      expect(await row(b.page, made!).textContent()).toContain('e2e-manager');

      // changes and deletes through the API reach both pages
      const tinted = a.page.waitForFunction(
        (id) => {
          const changedRow = document.querySelector(`[data-pallet-id="${id}"][data-changed]`);
          if (!changedRow) return false;
          const style = getComputedStyle(changedRow, '::after');
          return { content: style.content, background: style.backgroundColor, zIndex: style.zIndex };
        },
        beef.id,
        { polling: 'raf' },
      );
      await call(
        server.url,
        'PATCH',
        `/api/pallets/${beef.id}`,
        { version: beef.version, weight: 655 },
        adminToken,
      );
      await call(server.url, 'DELETE', `/api/pallets/${cherry.id}`, undefined, adminToken);
      for (const p of [a.page, b.page]) {
        await p.waitForFunction(
          (id) => document.querySelector(`[data-pallet-id="${id}"]`)?.textContent?.includes('655.00 kg'),
          beef.id,
        );
        await row(p, cherry.id).waitFor({ state: 'detached' });
      }
      // someone else's change is tinted for a moment (a layer over the row, under its text), then not
      expect(await (await tinted).jsonValue()).toEqual({
        content: '""',
        background: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/),
        zIndex: '-1',
      });
      const changed = a.page.locator(`[data-pallet-id="${beef.id}"][data-changed]`);
      await changed.waitFor({ state: 'detached', timeout: 4_000 });
      expect(await row(a.page, beef.id).textContent()).toContain('655.00 kg');
    } finally {
      await a.browser.close();
      await b.browser.close();
    }
  }, 180_000);

  it('draws the first page of the pallets while the rest load, says so, then shows them all', async () => {
    for (let i = 0; i < 3; i++) await make({ weight: 300 + i });
    const active = await call<{ data: ApiPallet[] }>(
      server.url,
      'GET',
      `/api/pallets?locationId=${locationId}&limit=1000`,
      undefined,
      adminToken,
    );
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      // pages of 2 pallets, the second held back until the first rows are seen
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname === '/api/pallets' && !url.searchParams.has('status'),
        async (route) => {
          const url = new URL(route.request().url());
          url.searchParams.set('limit', '2');
          if (url.searchParams.get('cursor')) await held;
          await route.continue({ url: url.toString() });
        },
      );
      await signIn(page, server.url, people.manager);
      await page.locator('output[data-status="partial"]', { hasText: 'Loading more…' }).waitFor();
      expect(await shownIds(page)).toHaveLength(2);
      await page.getByRole('status').filter({ hasText: 'Loading the rest of the pallets...' }).waitFor();
      await page.screenshot({ path: join(screenshots, 'dashboard-first-page.png') });
      release();
      await page.locator('output[data-status="ready"]').waitFor();
      await expect
        .poll(async () => (await shownIds(page)).sort())
        .toEqual(active.data.map((p) => p.id).sort());
      expect(await page.getByText('Loading the rest of the pallets...').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('lists the shipped and processed pallets under Pallet status after a reload, and a filter bar whose choices read fully', async () => {
    const [shipped, processed, active] = [await make({}), await make({}), await make({})];
    const order = await call<{ id: string }>(
      server.url,
      'POST',
      '/api/orders',
      { locationId, customer: 'Filter test', requestedPallets: 1, dueDate: '2026-01-02' },
      adminToken,
    );
    await call(server.url, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [shipped.id] }, adminToken);
    await call(server.url, 'POST', `/api/orders/${order.id}/ship`, undefined, adminToken);
    await call(server.url, 'POST', `/api/pallets/${processed.id}/process`, undefined, adminToken);
    const { browser, page } = await openBoard(people.manager);
    try {
      // the page opens after both left the stock: only the server knows them
      await row(page, active.id).waitFor();
      const status = page.getByLabel('Pallet status');
      await status.selectOption('Shipped');
      await row(page, shipped.id).waitFor();
      expect(await row(page, processed.id).count()).toBe(0);
      expect(await row(page, active.id).count()).toBe(0);
      await status.selectOption('Processed');
      await row(page, processed.id).waitFor();
      expect(await row(page, shipped.id).count()).toBe(0);
      await status.selectOption('All');
      for (const id of [shipped.id, processed.id, active.id]) await row(page, id).waitFor();
      await status.selectOption('Active');
      await row(page, shipped.id).waitFor({ state: 'detached' });

      // each filter at least as wide as its longest choice, at the desk and at tablet width
      const cut = () =>
        page
          .getByRole('search', { name: 'Filters' })
          .locator('select')
          .evaluateAll((selects) =>
            (selects as HTMLSelectElement[]).flatMap((select) => {
              const shown = select.getBoundingClientRect().width;
              select.style.width = 'max-content';
              const needed = select.getBoundingClientRect().width;
              select.style.width = '';
              return shown + 0.5 < needed ? [select.labels[0]?.textContent] : [];
            }),
          );
      expect(await cut()).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'dashboard-filters-1440.png') });
      await page.setViewportSize({ width: 1024, height: 768 });
      expect(await cut()).toEqual([]);
      // the board scrolls sideways at tablet width, and each row's actions stay in view at its edge
      const board = page.getByRole('table', { name: 'Pallets' });
      const edge = await page.evaluate(() => {
        const table = document.querySelector('table[aria-label="Pallets"]');
        const scroller = table?.parentElement as HTMLElement;
        return {
          right: scroller.getBoundingClientRect().right,
          scrolls: scroller.scrollWidth > scroller.clientWidth,
        };
      });
      expect(edge.scrolls).toBe(true);
      const remove = await board
        .getByRole('button', { name: `Delete pallet ${active.id.slice(-8)}` })
        .boundingBox();
      expect((remove?.x ?? Infinity) + (remove?.width ?? 0)).toBeLessThanOrEqual(edge.right);
      await page.screenshot({ path: join(screenshots, 'dashboard-filters-1024.png') });
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('keeps the row being read in place and counts new pallets as "3 new"', async () => {
    for (let i = 0; i < 40; i++) await make({ weight: 300 + i });
    const { browser, page } = await openBoard(people.manager);
    try {
      const scroller = page.getByTestId('pallet-scroller');
      await page.locator('[data-pallet-id]').nth(10).waitFor();
      await scroller.evaluate((el) => {
        el.scrollTop = 440;
      });
      await page.waitForTimeout(100);
      const firstInView = async () =>
        page.evaluate(() => {
          const box = document.querySelector('[data-testid="pallet-scroller"]')!.getBoundingClientRect();
          const rows = [...document.querySelectorAll('[data-pallet-id]')];
          const top = rows.find((r) => r.getBoundingClientRect().top >= box.top - 1);
          return top?.getAttribute('data-pallet-id');
        });
      const before = await firstInView();
      const added = [await make({ weight: 801 }), await make({ weight: 802 }), await make({ weight: 803 })];
      await page.getByRole('button', { name: '3 new' }).waitFor({ timeout: 2_000 });
      expect(await firstInView()).toBe(before);
      await page.getByRole('button', { name: '3 new' }).click();
      await row(page, added[2].id).waitFor();
      expect((await shownIds(page)).slice(0, 3)).toEqual([added[2].id, added[1].id, added[0].id]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('shows what changed when someone else saved the pallet first (409)', async () => {
    const pallet = await make({ weight: 512 });
    const { browser, page } = await openBoard(people.manager);
    try {
      await row(page, pallet.id)
        .getByRole('button', { name: /^Edit pallet/ })
        .click();
      const dialog = page.getByRole('dialog', { name: /^Edit pallet/ });
      await call(
        server.url,
        'PATCH',
        `/api/pallets/${pallet.id}`,
        { version: pallet.version, weight: 530 },
        adminToken,
      );
      await dialog.getByLabel('Weight (kg)').fill('520');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('Someone else changed this pallet while you were editing it.').waitFor();
      expect(await dialog.textContent()).toContain('Weight: 512.00 kg → 530.00 kg');
      await page.screenshot({ path: join(screenshots, 'dashboard-edit-conflict.png') });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (id) => document.querySelector(`[data-pallet-id="${id}"]`)?.textContent?.includes('520.00 kg'),
        pallet.id,
      );

      await row(page, pallet.id)
        .getByRole('button', { name: /^QR of pallet/ })
        .click();
      const qr = page.getByRole('dialog', { name: 'Pallet QR code' });
      expect(await qr.textContent()).toContain(pallet.id);
      await page.screenshot({ path: join(screenshots, 'dashboard-qr-modal.png') });
      await qr.getByRole('button', { name: 'Print label' }).click();
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: join(screenshots, 'dashboard-label-print.png') });
      await page.emulateMedia({ media: 'screen' });
      await page.keyboard.press('Escape');

      await row(page, pallet.id)
        .getByRole('button', { name: /^Delete pallet/ })
        .click();
      await page.screenshot({ path: join(screenshots, 'dashboard-delete.png') });
      await page
        .getByRole('dialog', { name: 'Delete pallet?' })
        .getByRole('button', { name: 'Delete pallet' })
        .click();
      await row(page, pallet.id).waitFor({ state: 'detached' });
      const onServer = () =>
        call(server.url, 'GET', `/api/pallets/${pallet.id}`, undefined, adminToken).then(
          () => 'still there',
          (error: Error) => error.message,
        );
      await expect.poll(onServer).toMatch(/→ 404/);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('gives a read-only user the board without any pallet action, also at 1024 px', async () => {
    await make({ tomatoType: 'Vine', weight: 455 });
    const { browser, page } = await openBoard(people.viewer, { viewport: { width: 1024, height: 768 } });
    try {
      await page.locator('[data-pallet-id]').first().waitFor();
      expect(await page.getByRole('button', { name: 'New pallet' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Edit pallet/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Delete pallet/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^QR of pallet/ }).count()).toBeGreaterThan(0);
      await page.getByText('Read only').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'dashboard-tablet-viewer.png') });
    } finally {
      await browser.close();
    }
  }, 120_000);
  it('sorts by weight and by age both ways from the heads, keeps the order in the address across a reload, and puts live arrivals in their place', async () => {
    // more than a screenful, so the board scrolls
    for (let i = 0; i < 30; i++) await make({ weight: 2_000 + i });
    for (const weight of [1_200, 350, 990.5, 15, 640]) await make({ weight });
    const heaviest = await make({ weight: 9_000 });
    const { browser, page } = await openBoard(people.manager);
    try {
      const head = (name: string) => page.getByRole('columnheader', { name });
      const sortBy = (name: string) => page.getByRole('button', { name, exact: true });
      /** The shown rows' weights (or creation times), and whether they stand in order. */
      const shown = (what: 'data' | 'time') =>
        page
          .locator(`[data-pallet-id] ${what}`)
          .evaluateAll(
            (cells, attribute) => cells.map((c) => c.getAttribute(attribute) as string),
            what === 'data' ? 'value' : 'datetime',
          );
      const inOrder = (values: number[], descending: boolean) =>
        values.every((v, i) => i === 0 || (descending ? values[i - 1] >= v : values[i - 1] <= v));
      const weights = async () => (await shown('data')).map(Number);
      const times = async () => (await shown('time')).map((t) => Date.parse(t));
      await page.locator('[data-pallet-id]').first().waitFor();
      expect(await head('Weight').getAttribute('aria-sort')).toBe('none');

      // a click sorts ascending, the keyboard (Enter on the head's button) descending
      await sortBy('Weight').click();
      await page.waitForURL(/sort=weight(?!&dir)/);
      await expect.poll(weights).toSatisfy((w: number[]) => w[0] === 15 && inOrder(w, false));
      expect(await head('Weight').getAttribute('aria-sort')).toBe('ascending');
      await page
        .getByRole('status')
        .filter({ hasText: 'Sorted by Weight, ascending' })
        .waitFor({ state: 'attached' });
      await sortBy('Weight').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/sort=weight&dir=desc/);
      await expect.poll(weights).toSatisfy((w: number[]) => w[0] === 9_000 && inOrder(w, true));
      expect(await head('Weight').getAttribute('aria-sort')).toBe('descending');
      await page.screenshot({ path: join(screenshots, 'dashboard-sorted-1440.png') });

      // with a filter beside it, both kept across a reload
      await page.goto(`${page.url()}&tomatoType=Cherry`);
      await page.reload();
      await page.locator('[data-pallet-id]').first().waitFor();
      expect(page.url()).toMatch(/sort=weight&dir=desc/);
      expect(page.url()).toMatch(/tomatoType=Cherry/);
      expect(await head('Weight').getAttribute('aria-sort')).toBe('descending');
      await expect.poll(weights).toSatisfy((w: number[]) => w[0] === 9_000 && inOrder(w, true));
      expect((await shownIds(page))[0]).toBe(heaviest.id);

      // live arrivals take their place in the order: one heavier than all on top, one between
      const top = await make({ weight: 9_500 });
      const between = await make({ weight: 9_250 });
      await expect
        .poll(async () => (await shownIds(page)).slice(0, 3))
        .toEqual([top.id, between.id, heaviest.id]);
      const light = await make({ weight: 1 });
      await row(page, between.id).waitFor();
      expect(await shownIds(page)).not.toContain(light.id); // at the bottom, out of view
      expect(inOrder(await weights(), true)).toBe(true);

      // scrolled down, an arrival sorted above the row being read is counted in the pill
      const scroller = page.getByTestId('pallet-scroller');
      await scroller.evaluate((el) => {
        el.scrollTop = 132;
      });
      await page.waitForTimeout(100);
      const firstInView = () =>
        page.evaluate(() => {
          const box = document.querySelector('[data-testid="pallet-scroller"]')!.getBoundingClientRect();
          const rows = [...document.querySelectorAll('[data-pallet-id]')];
          return rows
            .find((r) => r.getBoundingClientRect().top >= box.top - 1)
            ?.getAttribute('data-pallet-id');
        });
      const before = await firstInView();
      const heavier = await make({ weight: 9_900 });
      await page.getByRole('button', { name: '1 new' }).waitFor({ timeout: 5_000 });
      expect(await firstInView()).toBe(before);
      await page.getByRole('button', { name: '1 new' }).click();
      await expect.poll(async () => (await shownIds(page))[0]).toBe(heavier.id);

      // by age: youngest first, then oldest first; the newest arrival leads
      await page.goto(server.url + new URL(page.url()).pathname);
      await page.locator('[data-pallet-id]').first().waitFor();
      await sortBy('Age').click();
      await page.waitForURL(/sort=age(?!&dir)/);
      await expect.poll(async () => (await shownIds(page))[0]).toBe(heavier.id);
      expect(inOrder(await times(), true)).toBe(true);
      await sortBy('Age').click();
      await page.waitForURL(/sort=age&dir=desc/);
      await expect.poll(async () => inOrder(await times(), false)).toBe(true);
      expect(await head('Age').getAttribute('aria-sort')).toBe('descending');
      expect(await shownIds(page)).not.toContain(heavier.id);
      // a third click: back to the display order, newest first, and a plain address
      await sortBy('Age').click();
      await page.waitForURL((url) => !url.search.includes('sort='));
      expect(await head('Age').getAttribute('aria-sort')).toBe('none');
      // the address changes as the click is handled; the rows follow on the next render
      await expect.poll(async () => (await shownIds(page))[0]).toBe(heavier.id);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('keeps the heads of a sorted board in their columns at 1024 px, the actions still at the right edge', async () => {
    await make({ palletType: 'Euro', weight: 720 });
    const { browser, page } = await openBoard(people.manager, { viewport: { width: 1024, height: 768 } });
    try {
      await page.goto(`${server.url}/dashboard?sort=palletType&dir=desc`);
      await page.locator('[data-pallet-id]').first().waitFor();
      expect(await page.getByRole('columnheader', { name: 'Pallet type' }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      // each head's button stays within its column, and the sticky actions cell sits at the scroller's edge
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="pallet-scroller"] thead th')].flatMap((th) => {
          const button = th.querySelector('button');
          if (!button) return [];
          const cell = th.getBoundingClientRect();
          const box = button.getBoundingClientRect();
          return box.right > cell.right + 0.5 || box.left < cell.left - 0.5 ? [th.textContent] : [];
        }),
      );
      expect(overflow).toEqual([]);
      const edge = await page.evaluate(() => {
        const scroller = document.querySelector('[data-testid="pallet-scroller"]')!.getBoundingClientRect();
        const actions = document.querySelector('[data-pallet-id] td:last-child')!.getBoundingClientRect();
        return Math.round(scroller.right - actions.right);
      });
      expect(edge).toBeLessThanOrEqual(16);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'dashboard-sorted-1024.png') });
    } finally {
      await browser.close();
    }
  }, 120_000);
});
