// Runs about 60 s beside the other tests (test/sequencer.ts starts the longest first).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNewPassword, call, createPallet, people } from './support/api';
import { signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// Orders and the storage map beside the board, in two pages at one location: what one person
// does shows in the other page without a reload.

const screenshots = join(import.meta.dirname, '..', 'screenshots');

let server: RunningServer;
let adminToken: string;
let locationId: string;
beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
});
afterAll(async () => server?.dispose());

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);
const order = (page: Page, customer: string) => page.locator('[data-order-id]', { hasText: customer });
const tick = (page: Page, id: string) =>
  page.locator(`[data-pallet-id="${id}"] input[type="checkbox"]`).check();

async function openBoard(who: { username: string; password: string } = people.manager) {
  const browser = await openBrowser({ viewport: { width: 1680, height: 1000 } });
  const page = await browser.page();
  await signIn(page, server.url, who);
  await page.locator('output[data-status="ready"]').waitFor();
  return { browser, page };
}

describe('orders and storage on the dashboard', () => {
  it('assigns two pallets to an order, moves one into a row and ships the order, each step seen in a second page', async () => {
    const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
      locationId,
      name: 'Cold store A',
      rows: 4,
      rowCapacity: 2,
    });
    const [p1, p2, p3] = [
      await createPallet(server.url, adminToken, locationId, 500),
      await createPallet(server.url, adminToken, locationId, 510),
      await createPallet(server.url, adminToken, locationId, 520),
    ];
    // a row already holding two pallets is full
    const filler = [
      await createPallet(server.url, adminToken, locationId, 530),
      await createPallet(server.url, adminToken, locationId, 540),
    ];
    for (const p of filler)
      await api('POST', '/api/storage/positions', { palletId: p.id, zoneId: zone.id, rowIndex: 3 });
    // a pallet already on another order
    const other = await api<{ id: string }>('POST', '/api/orders', {
      locationId,
      customer: 'De Vries',
      requestedPallets: 1,
    });
    await api('POST', `/api/orders/${other.id}/assign`, { palletIds: [p3.id] });

    const a = await openBoard();
    const b = await openBoard();
    try {
      const { page } = a;
      await page.getByRole('button', { name: 'New order' }).click();
      const dialog = page.getByRole('dialog', { name: 'New order' });
      await dialog.getByLabel('Customer').fill('Jansen');
      await dialog.getByLabel('Pallets requested').fill('4');
      await dialog.getByLabel('Due date').fill('2026-12-01');
      await page.screenshot({ path: join(screenshots, 'dashboard-new-order.png') });
      await dialog.getByRole('button', { name: 'Create order' }).click();
      await order(page, 'Jansen').waitFor();
      await order(b.page, 'Jansen').waitFor({ timeout: 2_000 });

      await tick(page, p1.id);
      await tick(page, p2.id);
      await page.getByRole('button', { name: 'Assign to order (2)' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign to order' });
      await assign.getByLabel('Order').selectOption({ label: 'Jansen (0/4)' });
      await assign.getByRole('button', { name: 'Assign 2 pallets' }).click();
      for (const p of [page, b.page])
        await order(p, 'Jansen')
          .getByTestId('order-count')
          .filter({ hasText: '2/4' })
          .waitFor({ timeout: 2_000 });
      await b.page.locator(`[data-pallet-id="${p1.id}"]`, { hasText: 'Jansen' }).waitFor();

      // refused: a pallet already on another order
      await tick(page, p3.id);
      await page.getByRole('button', { name: 'Assign to order (1)' }).click();
      await assign.getByLabel('Order').selectOption({ label: 'Jansen (2/4)' });
      await assign.getByRole('button', { name: 'Assign 1 pallet' }).click();
      await page.getByText(`Pallet ${p3.id} is already assigned to another order`).waitFor();
      await page.getByRole('button', { name: 'Untick all' }).click();

      // into a row, seen on the other page's map; a full row refused with the server's sentence
      await page
        .locator(`[data-zone-id="${zone.id}"]`)
        .getByRole('button', { name: /^Row 1/ })
        .click();
      await tick(page, p1.id);
      await page.getByRole('button', { name: 'Move here (1)' }).click();
      await b.page
        .locator(`[data-zone-id="${zone.id}"]`)
        .getByRole('button', { name: /^Row 1 1\/2/ })
        .waitFor({ timeout: 2_000 });
      await b.page.locator(`[data-pallet-id="${p1.id}"]`, { hasText: 'Cold store A · Row 1' }).waitFor();
      // beside the side panels the place is cut short in its column: in full on hover
      expect(
        await b.page.locator(`[data-pallet-id="${p1.id}"] td[title="Cold store A · Row 1"]`).count(),
      ).toBe(1);
      await page
        .locator(`[data-zone-id="${zone.id}"]`)
        .getByRole('button', { name: /^Row 4/ })
        .click();
      await tick(page, p2.id);
      await page.getByRole('button', { name: 'Move here (1)' }).click();
      await page.getByText('Row 4 of zone Cold store A is full (2 pallets)').waitFor();
      await page.screenshot({ path: join(screenshots, 'dashboard-orders-storage.png') });
      expect(await seriousViolations(page)).toEqual([]);

      await order(page, 'Jansen').getByRole('button', { expanded: false }).click();
      // the shipment held at the server's door until the overlay has been seen covering the page
      let letShip = () => {};
      const held = new Promise<void>((resolve) => {
        letShip = resolve;
      });
      await page.route('**/api/orders/*/ship', async (route) => {
        await held;
        await route.continue();
      });
      const overlay = page.getByRole('alert').filter({ hasText: /^Processing\.\.\.$/ });
      expect(await overlay.count()).toBe(0);
      await order(page, 'Jansen').getByRole('button', { name: 'Ship order' }).click();
      await overlay.waitFor();
      // it takes the pointer and the keys: nothing behind it can be started meanwhile
      const newOrder = page.getByRole('button', { name: 'New order' });
      const box = await newOrder.boundingBox();
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="alert"]') !== null,
          [(box?.x ?? 0) + 5, (box?.y ?? 0) + 5],
        ),
      ).toBe(true);
      await newOrder.focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300); // its fade-in (250 ms) over, for the picture
      await page.screenshot({ path: join(screenshots, 'dashboard-shipping.png') });
      expect(await page.getByRole('dialog').count()).toBe(0);
      letShip();
      await overlay.waitFor({ state: 'detached' });
      await page.unroute('**/api/orders/*/ship');
      for (const p of [page, b.page]) {
        await p.locator(`[data-pallet-id="${p1.id}"]`).waitFor({ state: 'detached', timeout: 2_000 });
        await p.locator(`[data-pallet-id="${p2.id}"]`).waitFor({ state: 'detached' });
        await order(p, 'Jansen').and(p.locator('[data-status="shipped"]')).waitFor();
      }
      expect(await b.page.locator('[data-figure="shippedToday"]').textContent()).toBe('2 pallets');

      // the other page's feed tells who did each step
      const feed = b.page.getByTestId('activity');
      for (const step of [
        'e2e-manager made the order of Jansen',
        'e2e-manager assigned 2 pallets to Jansen',
        `e2e-manager moved pallet ${p1.id.slice(-8)} to Cold store A · Row 1`,
        'e2e-manager shipped the order of Jansen',
      ])
        await feed.getByText(step).waitFor({ timeout: 5_000 });
      await b.page.screenshot({ path: join(screenshots, 'dashboard-activity.png') });
      // an entry leads to its order: opened in the orders panel
      await feed.getByText('e2e-manager made the order of Jansen').click();
      await order(b.page, 'Jansen').getByRole('button', { expanded: true }).waitFor();
    } finally {
      await a.browser.close();
      await b.browser.close();
    }
  }, 180_000);

  it("an order's whole life from the dashboard and the logistics console, each step seen live by the other", async () => {
    const pallet = await createPallet(server.url, adminToken, locationId, 480);
    // due in two days: on the logistics console's week
    const due = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA');
    const a = await openBoard();
    // the console in a browser of its own (a background tab would not draw), for one who may open it
    const b = await openBoard({ username: 'admin', password: adminNewPassword });
    try {
      const { page } = a;
      await b.page.goto(`${server.url}/logistics`);
      const card = (customer: string) => b.page.getByRole('listitem', { name: `Order for ${customer}` });

      // created on the dashboard, on the console at once
      await page.getByRole('button', { name: 'New order' }).click();
      const made = page.getByRole('dialog', { name: 'New order' });
      await made.getByLabel('Customer').fill('Bakker');
      await made.getByLabel('Due date').fill(due);
      await made.getByRole('button', { name: 'Create order' }).click();
      await card('Bakker').waitFor({ timeout: 2_000 });
      const id = await order(page, 'Bakker').getAttribute('data-order-id');

      // edited on the console, on the dashboard at once
      await card('Bakker').getByRole('button', { name: 'Edit order of Bakker' }).click();
      const edit = b.page.getByRole('dialog', { name: 'Edit order' });
      await edit.getByLabel('Customer').fill('Bakker & Zn');
      await edit.getByLabel('Pallets requested').fill('3');
      await edit.getByRole('button', { name: 'Save order' }).click();
      await order(page, 'Bakker & Zn').getByTestId('order-count').filter({ hasText: '0/3' }).waitFor({
        timeout: 2_000,
      });

      // completed on the dashboard: closed on both, and off the console's list of orders due
      const item = page.locator(`[data-order-id="${id}"]`);
      await item.getByRole('button', { expanded: false }).click();
      await item.getByRole('button', { name: 'Complete order of Bakker & Zn' }).click();
      await item.and(page.locator('[data-status="complete"]')).waitFor({ timeout: 2_000 });
      await card('Bakker & Zn').waitFor({ state: 'detached', timeout: 2_000 });
      await page.screenshot({ path: join(screenshots, 'dashboard-order-complete.png') });

      // reopened: open again, back on the console
      await item.getByRole('button', { name: 'Reopen order of Bakker & Zn' }).click();
      await card('Bakker & Zn').getByText('0 of 3 pallets assigned · Open').waitFor({ timeout: 2_000 });

      // refused while a pallet is on it, with the server's reason; deleted from the console once it is off
      await api('POST', `/api/orders/${id}/assign`, { palletIds: [pallet.id] });
      await card('Bakker & Zn').getByRole('button', { name: 'Delete order of Bakker & Zn' }).click();
      const ask = b.page.getByRole('dialog', { name: 'Delete the order of Bakker & Zn?' });
      await ask.getByRole('button', { name: 'Delete order' }).click();
      await ask
        .getByRole('alert')
        .getByText('The order still has 1 pallet on it; only an order without pallets can be deleted')
        .waitFor();
      await b.page.screenshot({ path: join(screenshots, 'console-logistics-delete-refused.png') });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await item.getByRole('button', { name: `Unassign pallet ${pallet.id.slice(-8)}` }).click();
      await card('Bakker & Zn').getByText('0 of 3 pallets assigned · Open').waitFor({ timeout: 2_000 });
      await card('Bakker & Zn').getByRole('button', { name: 'Delete order of Bakker & Zn' }).click();
      await ask.getByRole('button', { name: 'Delete order' }).click();
      await item.waitFor({ state: 'detached', timeout: 2_000 });
      await card('Bakker & Zn').waitFor({ state: 'detached' });

      // each step in the analytics log, as SPEC 5 names it
      const events = await api<{ data: { eventType: string }[] }>('GET', `/api/insights/events/order/${id}`);
      expect(new Set(events.data.map((e) => e.eventType))).toEqual(
        new Set([
          'order_created',
          'order_updated',
          'order_complete',
          'order_deleted',
          'pallet_assigned',
          'pallet_unassigned',
        ]),
      );
    } finally {
      await a.browser.close();
      await b.browser.close();
    }
  }, 180_000);

  it('moves five ticked pallets as one change: none into a row with room for two, all five into one with room, in one live batch', async () => {
    const zone = await api<{ id: string; name: string }>('POST', '/api/storage/zones', {
      locationId,
      name: 'Hall B',
      rows: 3,
      rowCapacity: 5,
    });
    for (let i = 0; i < 3; i++) {
      const filler = await createPallet(server.url, adminToken, locationId, 300 + i);
      await api('POST', '/api/storage/positions', { palletId: filler.id, zoneId: zone.id, rowIndex: 2 });
    }
    const five = [];
    for (let i = 0; i < 5; i++)
      five.push((await createPallet(server.url, adminToken, locationId, 400 + i)).id);
    const a = await openBoard();
    const b = await openBoard();
    try {
      const { page } = a;
      const rows = (p: Page) => p.locator(`[data-zone-id="${zone.id}"]`);
      await rows(b.page)
        .getByRole('button', { name: /^Row 3 3\/5/ })
        .waitFor();
      // every state of the zone's rows the second page draws, to see the five arrive at once
      await b.page.evaluate((zoneId) => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const record = () => {
          const zone = document.querySelector(`[data-zone-id="${zoneId}"]`);
          if (!zone) return;
          const counts = [...zone.querySelectorAll('button')].map((b) => b.lastElementChild?.textContent);
          const text = counts.join(' ');
          if (seen[seen.length - 1] !== text) seen.push(text);
        };
        record();
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      }, zone.id);
      const seen = () => b.page.evaluate(() => (window as unknown as { seen: string[] }).seen);

      for (const id of five) await tick(page, id);
      await rows(page)
        .getByRole('button', { name: /^Row 3/ })
        .click();
      // the refusal loads the location's data again, in the background: said in the corner
      let letLoad = () => {};
      const held = new Promise<void>((resolve) => {
        letLoad = resolve;
      });
      const snapshot = (url: URL) => url.pathname === '/api/pallets';
      await page.route(snapshot, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Move here (5)' }).click();
      await page.getByText('Row 3 of zone Hall B has room for 2 of the 5 pallets').waitFor();
      const corner = page.getByRole('status').filter({ hasText: /^Reloading the data\.\.\.$/ });
      await corner.waitFor();
      await page.screenshot({ path: join(screenshots, 'dashboard-batch-refused.png') });
      letLoad();
      await corner.waitFor({ state: 'detached' });
      await page.unroute(snapshot);
      // none moved: the row as it was on both pages, the pallets still ticked and in no place
      await rows(page)
        .getByRole('button', { name: /^Row 3 3\/5/ })
        .waitFor();
      for (const id of five) {
        await page.locator(`[data-pallet-id="${id}"] input[type="checkbox"]:checked`).waitFor();
        expect(await b.page.locator(`[data-pallet-id="${id}"]`, { hasText: 'Hall B' }).count()).toBe(0);
      }

      // by keyboard: the picked row's detail has scrolled the map inside its panel
      await rows(page)
        .getByRole('button', { name: /^Row 1/ })
        .press('Enter');
      await page.getByRole('button', { name: 'Move here (5)' }).click();
      await rows(b.page)
        .getByRole('button', { name: /^Row 1 5\/5/ })
        .waitFor({ timeout: 2_000 });
      for (const id of five)
        await b.page.locator(`[data-pallet-id="${id}"]`, { hasText: 'Hall B · Row 1' }).waitFor();
      // the second page drew the row empty, then full: never part of the five
      expect(await seen()).toEqual(['0/5 0/5 3/5', '5/5 0/5 3/5']);

      // and deleted together, after asking
      for (const id of five.slice(0, 2)) await tick(page, id);
      await page.getByRole('button', { name: 'Delete ticked (2)' }).click();
      const ask = page.getByRole('dialog', { name: 'Delete 2 pallets?' });
      await ask.getByRole('button', { name: 'Delete 2 pallets' }).click();
      for (const id of five.slice(0, 2))
        await b.page.locator(`[data-pallet-id="${id}"]`).waitFor({ state: 'detached', timeout: 2_000 });
      await rows(b.page)
        .getByRole('button', { name: /^Row 1 3\/5/ })
        .waitFor();
    } finally {
      await a.browser.close();
      await b.browser.close();
    }
  }, 180_000);

  it('rolls the selected day over to the new day at midnight, with the date filter and the shipped figure', async () => {
    await createPallet(server.url, adminToken, locationId, 555);
    // a time zone where it is just past midnight now, and a page clock a minute before it: the
    // page starts on yesterday, and its clock stays behind the server's, so tokens stay fresh
    const now = new Date();
    const offsetHours = ((((24 - now.getUTCHours()) % 24) + 12) % 24) - 12 || 0;
    const timezoneId =
      offsetHours === 0 ? 'Etc/GMT' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
    const lastMinute = now.getTime() - (now.getUTCMinutes() + 1) * 60_000 - now.getUTCSeconds() * 1000;
    const local = (ms: number) => new Date(ms + offsetHours * 3_600_000).toISOString().slice(0, 10);
    const [earlier, yesterday, today] = [
      local(lastMinute - 3 * 86_400_000),
      local(lastMinute),
      local(now.getTime()),
    ];
    const browser = await openBrowser({ viewport: { width: 1440, height: 900 }, timezoneId });
    try {
      const page = await browser.page();
      await page.clock.install({ time: lastMinute });
      await signIn(page, server.url, people.manager);
      await page.goto(`${server.url}/dashboard?dateRange=day`);
      const day = page.getByLabel('Day', { exact: true });
      expect(await day.inputValue()).toBe(yesterday);
      await day.fill(earlier);
      await page.getByRole('button', { name: 'Back to today' }).waitFor();
      await page.getByText('No pallet matches these filters').waitFor();
      await page.locator('[data-figure="shippedToday"]', { hasText: '0 pallets' }).waitFor();
      expect(await page.getByTestId('date-marks').textContent()).not.toContain('Today');
      await page.screenshot({ path: join(screenshots, 'dashboard-date-settings.png') });

      // the check every 15 minutes sees the new day: today again, and today's pallets shown
      await page.clock.fastForward('16:00');
      await page.getByTestId('date-marks').getByText('Today').waitFor();
      expect(await day.inputValue()).toBe(today);
      await page.locator('[data-pallet-id]').first().waitFor();
      expect(await page.getByText('Shipped today').count()).toBe(1);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
