import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPallet, call, createPallet, lastEventIdOf, people } from './support/api';
import { signIn } from './support/app';
import { desktop, openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The live store of the chosen location in real pages against the real server: what the API
// changes reaches every open page within a second, and a page resumes after a server crash from
// the last event it applied.

let server: RunningServer;
let adminToken: string;
let locationId: string;
beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
});
afterAll(async () => server?.dispose());

const row = (page: Page, id: string) => page.locator(`[data-pallet-id="${id}"]`);
const ready = (page: Page) => page.locator('output[data-status="ready"]').waitFor();

/** Opens the dashboard of the location as the desk user, its board loaded. */
async function openBoard() {
  const browser = await openBrowser(desktop);
  const page = await browser.page();
  await signIn(page, server.url, people.desk);
  await ready(page);
  return { browser, page };
}

describe('live data in the pages', () => {
  it('shows a pallet created, changed and deleted through the API in two pages within 1 s, without a reload', async () => {
    const [a, b] = [await openBoard(), await openBoard()];
    try {
      const pages = [a.page, b.page];
      const within = async (what: (page: Page) => Promise<unknown>) => {
        const started = Date.now();
        await Promise.all(pages.map(what));
        return Date.now() - started;
      };

      const made = await createPallet(server.url, adminToken, locationId, 512);
      const shown = await within((page) => row(page, made.id).waitFor({ timeout: 1_000 }));
      expect(shown).toBeLessThan(1_000);
      for (const page of pages) expect(await row(page, made.id).textContent()).toContain('512.00 kg');

      await call<ApiPallet>(
        server.url,
        'PATCH',
        `/api/pallets/${made.id}`,
        { version: made.version, weight: 612.5 },
        adminToken,
      );
      const changed = await within((page) =>
        page.waitForFunction(
          (id) => document.querySelector(`[data-pallet-id="${id}"]`)?.textContent?.includes('612.50 kg'),
          made.id,
          { timeout: 1_000 },
        ),
      );
      expect(changed).toBeLessThan(1_000);

      await call(server.url, 'DELETE', `/api/pallets/${made.id}`, undefined, adminToken);
      const gone = await within((page) => row(page, made.id).waitFor({ state: 'detached', timeout: 1_000 }));
      expect(gone).toBeLessThan(1_000);
      for (const page of pages) expect(await page.locator('[data-pallet-id]').count()).toBe(0);
    } finally {
      await a.browser.close();
      await b.browser.close();
    }
  }, 120_000);

  it('resumes from its last event id after the server is killed and restarted: nothing missed, nothing twice', async () => {
    const { browser, page } = await openBoard();
    try {
      const snapshots: string[] = [];
      const streams: Request[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/pallets') snapshots.push(url.search);
        if (url.pathname.startsWith('/api/sse/')) streams.push(request);
      });
      const first = await createPallet(server.url, adminToken, locationId, 400);
      await row(page, first.id).waitFor({ timeout: 1_000 });
      const lastBefore = await lastEventIdOf(server.url, adminToken, locationId);

      // the page cannot reach the stream while the server crashes, restarts and takes changes
      await page.route('**/api/sse/**', (route) => route.abort());
      await server.kill();
      await server.start();
      const later = [
        await createPallet(server.url, adminToken, locationId, 401),
        await createPallet(server.url, adminToken, locationId, 402),
      ];
      await call(
        server.url,
        'PATCH',
        `/api/pallets/${first.id}`,
        { version: first.version, weight: 433 },
        adminToken,
      );
      streams.length = 0;
      await page.unroute('**/api/sse/**');

      for (const pallet of later) await row(page, pallet.id).waitFor({ timeout: 60_000 });
      await page.waitForFunction(
        (id) => document.querySelector(`[data-pallet-id="${id}"]`)?.textContent?.includes('433.00 kg'),
        first.id,
        { timeout: 10_000 },
      );
      // it asked for what followed the last event it had, and loaded no snapshot again
      // the browser's own reconnect sends Last-Event-ID; the app's sends lastEventId in the query
      const resumed = streams.at(-1)!;
      const resumedFrom =
        (await resumed.allHeaders())['last-event-id'] ??
        new URL(resumed.url()).searchParams.get('lastEventId');
      expect(resumedFrom).toBe(String(lastBefore));
      expect(snapshots).toEqual([]);
      const ids = await page
        .locator('[data-pallet-id]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pallet-id')));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.slice(0, 3)).toEqual([later[1].id, later[0].id, first.id]);
      expect(await page.getByTestId('pallet-count').textContent()).toBe(`${ids.length} pallets`);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
