// Runs about 90 s beside the other tests (test/sequencer.ts starts the longest first).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/db/seed-demo';
import { encodePalletQr } from '../../streams/qr';
import { startFakePrinter } from '../server/fake-printer';
import {
  type ApiPallet,
  addDefaultPrinter,
  call,
  createPallet,
  createPhoneUser,
  people,
} from './support/api';
import { signIn, waitForPath } from './support/app';
import { seriousViolations } from './support/axe';
import { cspViolations, launchWithCamera, openBrowser, phone } from './support/browser';
import { writeQrVideo } from './support/qr-video';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The operator's phone on the warehouse floor, one phone page through the whole walk (few page
// loads: the machine is shared), beside a desktop board that must see each move live.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const operator = { username: 'e2e-operator', password: 'operator-password-1' };

let server: RunningServer;
let adminToken: string;
let locationId: string;
beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  mkdirSync(screenshots, { recursive: true });
  await createPhoneUser(server.url, adminToken, locationId, operator, [
    'manage_storage_assignments',
    'manage_orders',
    'view_storage_map',
  ]);
});
afterAll(async () => server?.dispose());

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);

/**
 * A keyboard-wedge scanner reading: every key and Enter dispatched in one go, as a handheld
 * types them (a few ms apart), whatever the load on the test machine.
 */
const hardwareScan = (page: Page, text: string) =>
  page.evaluate((reading) => {
    for (const key of [...reading, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }, text);

/** Counts the page's buzzes (`navigator.vibrate`), read with `buzzes(page)`. */
const countBuzzes = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { buzzes: number };
    w.buzzes = 0;
    navigator.vibrate = () => {
      w.buzzes += 1;
      return true;
    };
  });
const buzzes = (page: Page) => page.evaluate(() => (window as unknown as { buzzes: number }).buzzes);

async function shoot(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(screenshots, `mobile-${name}.png`) });
}

describe('the mobile operator', () => {
  it('scans a pallet open, stores it seen live on a desktop, scans three into a row and is refused a full one', async () => {
    const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
      locationId,
      name: 'Cold store A',
      rows: 3,
      rowCapacity: 3,
    });
    const pallets: ApiPallet[] = [];
    for (const weight of [500, 510, 520, 530, 540])
      pallets.push(await createPallet(server.url, adminToken, locationId, weight));
    const [first, ...rest] = pallets;
    await api('POST', '/api/orders', { locationId, customer: 'Jansen', requestedPallets: 1 });
    await api('POST', '/api/orders', { locationId, customer: 'Bakker', requestedPallets: 2 });

    const mobile = await openBrowser(phone);
    const desk = await openBrowser({ viewport: { width: 1680, height: 1000 } });
    try {
      const page = await mobile.page();
      // counts the confirming buzzes
      await countBuzzes(page);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(request.url()));
      await signIn(page, server.url, operator);
      await waitForPath(page, '/mobile/operator');
      await page.getByRole('heading', { name: 'Scan a pallet' }).waitFor();
      await shoot(page, 'scan');

      // a code the location has no pallet for: said so, and no labels asked for it
      await page.getByLabel('Pallet ID or label').fill('KIST-0042');
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByRole('heading', { level: 2, name: 'Pallet not found' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Scan a pallet' }).waitFor();

      // a hardware scanner's reading of the label opens the pallet, no field tapped
      await hardwareScan(page, `MA:${first.id}`);
      await waitForPath(page, `/mobile/operator/euro-pallet/${first.id}`);
      await page.getByTestId('pallet-where').getByText('Not in storage').waitFor({ timeout: 20_000 });
      await shoot(page, 'pallet');
      const labelReads = asked.filter((url) => url.includes('/api/print-jobs?'));
      expect(labelReads.some((url) => url.includes(`palletId=${first.id}`))).toBe(true);
      expect(labelReads.filter((url) => url.includes('KIST-0042'))).toEqual([]);

      const board = await desk.page();
      await signIn(board, server.url, people.manager);
      await board.locator('output[data-status="ready"]').waitFor();
      const deskZone = board.locator(`[data-zone-id="${zone.id}"]`);
      await deskZone.getByText('0/9').waitFor();

      // the phone's store and take-out of one pallet are the desk's changes of many, of one
      const sent = (path: string) =>
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path);
      const storeHere = async () => {
        await page.getByLabel('Zone', { exact: true }).selectOption({ label: 'Cold store A (0/9)' });
        await page.getByLabel('Row', { exact: true }).selectOption({ label: 'Row 1 (0/3)' });
        const move = sent('/api/storage/moves');
        await page.getByRole('button', { name: 'Store here' }).click();
        expect((await move).postDataJSON()).toEqual({ palletIds: [first.id], zoneId: zone.id, rowIndex: 0 });
        await page.getByRole('status').getByText('Stored in Cold store A · Row 1').waitFor();
        await page.getByTestId('pallet-where').getByText('Cold store A · Row 1').waitFor();
        await deskZone.getByText('1/9').waitFor({ timeout: 10_000 });
      };
      await storeHere();
      const takeOut = sent('/api/storage/take-outs');
      await page.getByRole('button', { name: 'Take out of storage' }).click();
      expect((await takeOut).postDataJSON()).toEqual({ locationId, palletIds: [first.id] });
      await page.getByRole('status').getByText('Taken out of storage').waitFor();
      await page.getByTestId('pallet-where').getByText('Not in storage').waitFor();
      await deskZone.getByText('0/9').waitFor({ timeout: 10_000 });
      await storeHere();

      // storage: zone → row → continuous scanning into it
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage' }).click();
      await page.getByRole('heading', { name: 'Storage: choose a zone' }).waitFor();
      await shoot(page, 'zones');
      await page.getByRole('link', { name: /Cold store A/ }).click();
      await page.getByRole('heading', { name: 'Cold store A: choose a row' }).waitFor();
      await shoot(page, 'rows');
      await page.getByRole('link', { name: /Row 2/ }).click();
      await waitForPath(page, /rowIndex=1/);
      const [a, b, c, d] = rest;
      for (const [n, pallet] of [a, b, c].entries()) {
        await hardwareScan(page, JSON.stringify({ id: pallet.id }));
        await page
          .getByTestId('stored-count')
          .getByText(String(n + 1))
          .waitFor();
      }
      await page.getByTestId('row-occupancy').getByText('3/3').waitFor();
      expect(await buzzes(page)).toBe(3);
      await deskZone.getByText('4/9').waitFor({ timeout: 10_000 });

      // a pallet already there, then a full row, said at once
      await hardwareScan(page, a.id);
      await page
        .getByRole('alert')
        .getByText(/is already in Cold store A · Row 2/)
        .waitFor();
      await hardwareScan(page, d.id);
      await page.getByRole('alert').getByText('Cold store A · Row 2 is full (3 pallets).').waitFor();
      await shoot(page, 'row');

      // the server refuses the full row too, in its own words, from the pallet screen
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan' }).click();
      // the row screen has a field of the same name: type only once the Scan tab shows
      await page.getByRole('heading', { name: 'Scan a pallet' }).waitFor();
      await page.getByLabel('Pallet ID or label').fill(d.id.slice(-8));
      await page.getByRole('button', { name: 'Open' }).click();
      await waitForPath(page, `/mobile/operator/euro-pallet/${d.id}`);
      await page.getByLabel('Zone', { exact: true }).selectOption({ label: 'Cold store A (4/9)' });
      await page.getByLabel('Row', { exact: true }).selectOption({ label: 'Row 2 (3/3, full)' });
      await page.getByRole('button', { name: 'Store here' }).click();
      await page.getByRole('alert').getByText('Row 2 of zone Cold store A is full (3 pallets)').waitFor();

      // assigned to an open order, then its order shipped, from the same screen
      await page.getByLabel('Order', { exact: true }).selectOption({ label: 'Jansen (0/1)' });
      await page.getByRole('button', { name: 'Assign to order' }).click();
      await page.getByRole('status').getByText('Assigned to Jansen').waitFor();
      await page.getByRole('button', { name: 'Mark shipped (ship order of Jansen)' }).click();
      await page.getByRole('status').getByText('Order of Jansen shipped').waitFor();

      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('list', { name: 'Open orders' }).getByText('Bakker').waitFor();
      expect(await page.getByText('Jansen').count()).toBe(0);
      await shoot(page, 'orders');
      await nav.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account' }).waitFor();
      await shoot(page, 'account');

      // each scan was logged with how it came in (SPEC 5)
      const events = await api<{ data: { eventType: string; scanType: string | null }[] }>(
        'GET',
        `/api/insights/events/pallet/${first.id}`,
      );
      expect(events.data).toContainEqual(
        expect.objectContaining({ eventType: 'pallet_scanned', scanType: 'barcode' }),
      );
    } finally {
      await mobile.close();
      await desk.close();
    }
  }, 240_000);

  it('opens offline after a first visit with the last known data, shows moves made offline as waiting through a reload, sends them once, in order, and rolls back the one refused', async () => {
    const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
      locationId,
      name: 'Offline store',
      rows: 1,
      rowCapacity: 4,
    });
    const pallets: ApiPallet[] = [];
    for (const weight of [700, 710, 720, 730, 740])
      pallets.push(await createPallet(server.url, adminToken, locationId, weight));
    // three moves that will go through, one the row will have no room for, one stored meanwhile by someone else
    const [p1, p2, p3, late, theirs] = pallets;
    const short = (pallet: ApiPallet) => `…${pallet.id.slice(-6)}`;

    const mobile = await openBrowser({ ...phone, serviceWorkers: 'allow' });
    try {
      const page = await mobile.page();
      const refused = cspViolations(page);
      await signIn(page, server.url, operator);
      await waitForPath(page, '/mobile/operator');
      // the service worker has kept the app and controls the page
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Storage' }).click();
      await page.getByRole('link', { name: /Offline store/ }).click();
      await page.getByRole('link', { name: /Row 1/ }).click();
      const occupancy = page.getByTestId('row-occupancy');
      await occupancy.getByText('0/4').waitFor();
      const row = page.getByRole('list', { name: 'Pallets in Offline store · Row 1' });
      const waitingInRow = row.locator('a[data-waiting]');

      // Chromium's offline emulation lets a reloaded page's first calls out before it applies to
      // the new document: the API is cut off for certain as well, until the network returns
      const offline = page.context();
      await offline.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await offline.setOffline(true);
      const queue = page.getByTestId('offline-queue');
      await queue.getByText('Offline · 0 waiting').waitFor();
      // and the server is down until the phone's moves are checked unsent, as it is out of a
      // phone's reach without network: a queued move once reached it past both, under a full
      // test run
      await server.stop();
      // each move shows in the row at once, marked as waiting to be sent
      for (const [n, pallet] of [p1, p2, p3].entries()) {
        await hardwareScan(page, JSON.stringify({ id: pallet.id }));
        await queue.getByText(`Offline · ${n + 1} waiting`).waitFor();
        await occupancy.getByText(`${n + 1}/4`).waitFor();
      }
      expect(await waitingInRow.count()).toBe(3);
      await page
        .getByRole('status')
        .getByText(/^Saved on this phone, sent when the network returns/)
        .waitFor();
      await shoot(page, 'offline-row');
      // the folded list leaves the row's scanning card in view, above the bottom navigation
      const card = await page.getByRole('region', { name: 'Scan pallets into this row' }).boundingBox();
      const navTop = (await nav.boundingBox())?.y ?? 0;
      expect((card?.y ?? Infinity) + (card?.height ?? 0)).toBeLessThanOrEqual(navTop);
      await queue.getByText(/waiting$/).click();
      await page.getByRole('list', { name: 'Changes waiting to be sent' }).getByText(short(p3)).waitFor();
      await shoot(page, 'offline-queue');

      // the move of p2 as the app before the batch endpoints kept it, one pallet's own path: a
      // phone updated with changes still waiting shows and sends them as they are
      await page.evaluate(async (palletId) => {
        const done = <T>(request: IDBRequest<T>) =>
          new Promise<T>((resolve, reject) => {
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
        const db = await done(indexedDB.open('tomato-offline'));
        const changes = db.transaction('changes', 'readwrite').objectStore('changes');
        type Kept = { request: { method: string; path: string; body: Record<string, unknown> } };
        const kept = (await done(changes.getAll())) as Kept[];
        const change = kept.find((c) => (c.request.body.palletIds as string[])[0] === palletId);
        if (!change) throw new Error(`no queued move of ${palletId}`);
        const { zoneId, rowIndex } = change.request.body;
        change.request = {
          method: 'POST',
          path: '/api/storage/positions',
          body: { palletId, zoneId, rowIndex },
        };
        await done(changes.put(change));
        db.close();
      }, p2.id);

      // a reload without network: the kept app opens with the location's last known data and
      // the moves read back from the phone, still shown; another move can be queued
      await page.reload();
      await page.getByRole('heading', { name: 'Operator' }).waitFor();
      await queue.getByText('Offline · 3 waiting').waitFor();
      await queue.getByText('Last known data').waitFor();
      await occupancy.getByText('3/4').waitFor();
      await hardwareScan(page, JSON.stringify({ id: late.id }));
      await queue.getByText('Offline · 4 waiting').waitFor();
      await occupancy.getByText('4/4').waitFor();
      expect(await waitingInRow.count()).toBe(4);
      // a pallet that waits is marked on its own screen too
      await row.getByRole('link', { name: new RegExp(short(p1)) }).click();
      await page.getByTestId('pallet-where').getByText('Offline store · Row 1').waitFor();
      await page.getByText('Shown as it will be once the phone has sent its change.').waitFor();
      await shoot(page, 'offline-pallet');
      await page.getByRole('link', { name: '‹ Back to Offline store · Row 1' }).click();

      await server.start();
      const zonesNow = await api<{ data: { id: string; rowPallets: string[][] }[] }>(
        'GET',
        `/api/storage/zones?locationId=${locationId}`,
      );
      expect(zonesNow.data.find((z) => z.id === zone.id)?.rowPallets[0]).toEqual([]);
      await api('POST', '/api/storage/positions', { palletId: theirs.id, zoneId: zone.id, rowIndex: 0 });

      const sentMoves: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (r.method() !== 'POST' || !pathname.startsWith('/api/storage/')) return;
        const body = r.postDataJSON() as { palletId?: string; palletIds?: string[] };
        sentMoves.push(`${pathname} ${body.palletId ?? body.palletIds?.join()}`);
      });
      await offline.unroute('**/api/**');
      await offline.setOffline(false);
      await queue.waitFor({ state: 'detached', timeout: 15_000 });
      // the move the row had no room for any more is shown with the server's reason, and rolled back
      const refusal = page.getByRole('alert').filter({ hasText: `Not done: Store pallet ${short(late)}` });
      await refusal.getByText('Row 1 of zone Offline store is full (4 pallets)').waitFor();
      await row.getByRole('link', { name: new RegExp(short(theirs)) }).waitFor();
      expect(await row.getByRole('link', { name: new RegExp(short(late)) }).count()).toBe(0);
      await occupancy.getByText('4/4').waitFor();
      await waitingInRow.first().waitFor({ state: 'detached' });
      // each sent once, in the order made, the one kept by the older app on its own path
      expect(sentMoves).toEqual([
        `/api/storage/moves ${p1.id}`,
        `/api/storage/positions ${p2.id}`,
        `/api/storage/moves ${p3.id}`,
        `/api/storage/moves ${late.id}`,
      ]);
      await shoot(page, 'offline-refused');
      await refusal.getByRole('button', { name: 'Dismiss' }).click();
      await refusal.waitFor({ state: 'detached' });
      const zones = await api<{ data: { id: string; rowPallets: string[][] }[] }>(
        'GET',
        `/api/storage/zones?locationId=${locationId}`,
      );
      expect(zones.data.find((z) => z.id === zone.id)?.rowPallets[0]).toEqual(
        [theirs, p1, p2, p3].map((p) => p.id),
      );
      for (const pallet of [p1, p2, p3]) {
        const events = await api<{ data: { eventType: string }[] }>(
          'GET',
          `/api/insights/events/pallet/${pallet.id}`,
        );
        expect(events.data.filter((e) => e.eventType === 'pallet_location_changed')).toHaveLength(1);
      }
      expect(refused).toEqual([]);
    } finally {
      await mobile.close();
    }
  }, 120_000);

  it("reads a pallet label with the phone camera, opens that pallet, prints its label on the location's printer and reads it again with the decoder loaded once", async () => {
    const pallet = await createPallet(server.url, adminToken, locationId, 612);
    const printer = await startFakePrinter();
    await addDefaultPrinter(server.url, adminToken, locationId, 'Cold store printer', printer.port);
    const video = join(mkdtempSync(join(tmpdir(), 'e2e-camera-')), 'label.y4m');
    writeQrVideo(video, encodePalletQr(pallet.id));
    // the fake camera is a launch flag: this browser is the file's one launch of its own
    const browser = await launchWithCamera(video);
    try {
      const context = await browser.newContext(phone);
      await context.grantPermissions(['camera']);
      const page = await context.newPage();
      // counts the WebAssembly modules the page sets up: the decoder is one
      await page.addInitScript(() => {
        const w = window as unknown as { wasmLoads: number };
        w.wasmLoads = 0;
        for (const name of ['instantiate', 'instantiateStreaming'] as const) {
          const original = WebAssembly[name] as (...args: unknown[]) => Promise<unknown>;
          Object.assign(WebAssembly, {
            [name]: (...args: unknown[]) =>
              original.apply(WebAssembly, args).then((loaded) => {
                w.wasmLoads += 1;
                return loaded;
              }),
          });
        }
      });
      const refused = cspViolations(page);
      await signIn(page, server.url, operator);
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await waitForPath(page, `/mobile/operator/euro-pallet/${pallet.id}`);
      await page.getByTestId('pallet-where').waitFor();

      // the label goes to the location's network printer, from the phone, and the pallet's page
      // lists it among the labels printed of it
      const labels = page.getByRole('region', { name: 'Labels printed' });
      await labels.getByText('No label of this pallet printed on a printer yet.').waitFor();
      await page.getByRole('button', { name: 'Print label on Cold store printer' }).click();
      await page.getByText('Label sent to Cold store printer').first().waitFor();
      const job = (await printer.nextJob()).toString('latin1');
      expect(job).toMatch(/^\^XA/);
      expect(job).toContain(pallet.id);
      const listed = labels.getByRole('listitem');
      await listed.filter({ hasText: `Sent, ${job.length} bytes` }).waitFor();
      expect(await listed.allTextContents()).toEqual([expect.stringContaining('Cold store printer')]);
      await shoot(page, 'pallet-printed');
      // the decoder's own time is measured, for the phone benchmark
      expect(
        await page.evaluate(() => performance.getEntriesByName('qr-decode', 'measure').length),
      ).toBeGreaterThan(0);

      // the camera opened again reads with the decoder it loaded the first time
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan' }).click();
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await waitForPath(page, `/mobile/operator/euro-pallet/${pallet.id}`);
      expect(await page.evaluate(() => (window as unknown as { wasmLoads: number }).wasmLoads)).toBe(1);
      // opened at the default type (scanned before the phone had the pallet), its address comes to
      // say its type once the pallet is known
      await page.goto(`${server.url}/mobile/operator/standard-pallet/${pallet.id}`);
      await waitForPath(page, `/mobile/operator/euro-pallet/${pallet.id}`);
      // the decoder's WebAssembly is allowed by the server's Content-Security-Policy, and nothing is refused
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
      await printer.close();
    }
  }, 120_000);
});

describe('the consoles on the phone', () => {
  /** A phone user at the location with `permissions` and the restriction keys `restrictions`. */
  async function phoneUser(username: string, permissions: string[], restrictions: string[] = []) {
    const who = { username, password: `${username}-password-1` };
    const id = await createPhoneUser(server.url, adminToken, locationId, who, permissions);
    if (restrictions.length)
      await api('PUT', `/api/permissions/users/${id}/restrictions`, {
        data: restrictions.map((restriction_key) => ({ restriction_key })),
      });
    return who;
  }

  it('the demo operator makes a pallet in Sorting from big buttons, sees its QR, stores it in a row, and a desktop sees it live', async () => {
    const demo = demoUsers.find((u) => u.username === 'operator')!;
    const floor = await phoneUser(
      'e2e-floor',
      demo.permissions.filter((p) => p !== 'mobile_access'),
    );
    const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
      locationId,
      name: 'Sorting hall',
      rows: 2,
      rowCapacity: 4,
    });
    const mobile = await openBrowser(phone);
    const desk = await openBrowser({ viewport: { width: 1680, height: 1000 } });
    try {
      const page = await mobile.page();
      const board = await desk.page();
      await Promise.all([signIn(page, server.url, floor), signIn(board, server.url, people.manager)]);
      await waitForPath(page, '/mobile/operator');
      const nav = page.getByRole('navigation', { name: 'Main' });
      // the demo operator's consoles: Sorting and Storage, on the home and in the navigation
      await nav.getByRole('link', { name: 'Sorting' }).waitFor();
      await nav.getByRole('link', { name: 'Storage' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Kleinpak' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Logistics' }).count()).toBe(0);
      // each entry of the bottom bar is named by its word and drawn with an icon, no initials
      expect(await nav.locator('a svg.lucide').count()).toBe(await nav.getByRole('link').count());
      expect(await nav.innerText()).not.toMatch(/\b(SC|SO|ST|OR|AC)\b/);
      await page.getByRole('navigation', { name: 'Consoles' }).getByRole('link', { name: 'Sorting' }).click();
      await waitForPath(page, '/mobile/operator/sorting');
      await page.getByRole('group', { name: 'Tomato type' }).getByRole('button', { name: 'Vine' }).click();
      await page.getByRole('group', { name: 'Box type' }).getByRole('button', { name: 'Carton' }).click();
      const weight = page.getByRole('textbox', { name: 'Weight' });
      expect(await weight.getAttribute('inputmode')).toBe('decimal');
      await weight.fill('642.5');
      await shoot(page, 'sorting');
      await page.getByRole('button', { name: 'Make pallet' }).click();
      const made = page.locator('[data-made]');
      await made.waitFor();
      const id = (await made.getAttribute('data-made')) ?? '';
      const created = await api<ApiPallet & { tomato_type: string; box_type: string; weight: number }>(
        'GET',
        `/api/pallets/${id}`,
      );
      expect([created.tomato_type, created.box_type, Number(created.weight)]).toEqual([
        'Vine',
        'Carton',
        642.5,
      ]);
      // live on the desktop board, the QR large on the phone, the shift counted
      await board.locator(`[data-pallet-id="${id}"]`).waitFor({ timeout: 20_000 });
      expect((await made.locator('svg, img, canvas').first().boundingBox())?.width).toBeGreaterThanOrEqual(
        200,
      );
      await page.locator('[data-figure="shift-pallets"]', { hasText: '1' }).waitFor();
      await page.getByRole('button', { name: 'Undo' }).waitFor();
      await page.getByRole('button', { name: 'Print label' }).waitFor();
      await shoot(page, 'sorting-made');
      expect(await made.isVisible()).toBe(true);
      // the choices are kept for the next pallet
      expect(
        await page
          .getByRole('group', { name: 'Tomato type' })
          .getByRole('button', { name: 'Vine' })
          .getAttribute('aria-pressed'),
      ).toBe('true');

      // stored without scanning it again
      await made.getByLabel('Zone', { exact: true }).selectOption({ label: 'Sorting hall (0/8)' });
      await made.getByLabel('Row', { exact: true }).selectOption({ label: 'Row 2 (0/4)' });
      await made.getByRole('button', { name: 'Store here' }).click();
      await made.getByRole('status').getByText('Stored in Sorting hall · Row 2').waitFor();
      await board.locator(`[data-zone-id="${zone.id}"]`).getByText('1/8').waitFor({ timeout: 10_000 });
    } finally {
      await mobile.close();
      await desk.close();
    }
  }, 120_000);

  it('makes a pallet in Sorting without network: its id made on the phone, shown waiting, its label printed from the browser, stored in a row; through a reload, both reach the server once, in that order', async () => {
    const demo = demoUsers.find((u) => u.username === 'operator')!;
    const sorter = await phoneUser(
      'e2e-offline-sorter',
      demo.permissions.filter((p) => p !== 'mobile_access'),
    );
    const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
      locationId,
      name: 'Offline hall',
      rows: 1,
      rowCapacity: 4,
    });
    const mobile = await openBrowser({ ...phone, serviceWorkers: 'allow' });
    try {
      const page = await mobile.page();
      // the browser's print dialog, counted instead of opened
      await page.addInitScript(() => {
        const w = window as unknown as { prints: number };
        w.prints = 0;
        window.print = () => {
          w.prints += 1;
        };
      });
      const refused = cspViolations(page);
      await signIn(page, server.url, sorter);
      await waitForPath(page, '/mobile/operator');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // the zones known before the network goes: the row's page keeps them
      await nav.getByRole('link', { name: 'Storage' }).click();
      await page.getByRole('link', { name: /Offline hall/ }).waitFor();
      await nav.getByRole('link', { name: 'Sorting' }).click();
      await waitForPath(page, '/mobile/operator/sorting');
      await page.getByRole('group', { name: 'Tomato type' }).getByRole('button', { name: 'Vine' }).click();

      const offline = page.context();
      await offline.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await offline.setOffline(true);
      const queue = page.getByTestId('offline-queue');
      await queue.getByText('Offline · 0 waiting').waitFor();
      await page.getByRole('textbox', { name: 'Weight' }).fill('655');
      await page.getByRole('button', { name: 'Make pallet' }).click();
      const made = page.locator('[data-made]');
      await made.waitFor();
      const id = (await made.getAttribute('data-made')) ?? '';
      // a UUID v7, as the server's own ids: lists by id stay newest first
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await made.getByText('waiting to be sent').waitFor();
      await queue.getByText('Offline · 1 waiting').waitFor();
      expect((await made.locator('svg, img, canvas').first().boundingBox())?.width).toBeGreaterThanOrEqual(
        200,
      );
      // its label from the browser at once: the server need not know it
      await made.getByRole('button', { name: 'Print label' }).click();
      // the print area shows on paper only: there, not visible
      await page
        .locator(`[aria-label="Label of pallet ${id}"]`)
        .getByText(id, { exact: true })
        .waitFor({ state: 'attached' });
      expect(await page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
      await shoot(page, 'sorting-offline');

      // stored behind it in the queue
      await made.getByLabel('Zone', { exact: true }).selectOption({ label: 'Offline hall (0/4)' });
      await made.getByLabel('Row', { exact: true }).selectOption({ label: 'Row 1 (0/4)' });
      await made.getByRole('button', { name: 'Store here' }).click();
      await made
        .getByRole('status')
        .getByText(/^Saved on this phone, sent when the network returns/)
        .waitFor();
      await queue.getByText('Offline · 2 waiting').waitFor();
      await expect(api('GET', `/api/pallets/${id}`)).rejects.toThrow(/404/);

      // a reload without network: the pallet and its place read back from the phone, still waiting
      await nav.getByRole('link', { name: 'Storage' }).click();
      await page.getByRole('link', { name: /Offline hall/ }).click();
      await page.getByRole('link', { name: /Row 1/ }).click();
      await page.reload();
      await queue.getByText('Offline · 2 waiting').waitFor();
      await page.getByTestId('row-occupancy').getByText('1/4').waitFor();
      const row = page.getByRole('list', { name: 'Pallets in Offline hall · Row 1' });
      const inRow = row.getByRole('link', { name: new RegExp(`…${id.slice(-6)}`) });
      expect(await inRow.getAttribute('data-waiting')).not.toBeNull();

      const sent: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (r.method() !== 'POST' || !['/api/pallets', '/api/storage/moves'].includes(pathname)) return;
        const body = r.postDataJSON() as { id?: string; palletIds?: string[] };
        sent.push(`${pathname} ${body.id ?? body.palletIds?.join()}`);
      });
      await offline.unroute('**/api/**');
      await offline.setOffline(false);
      await queue.waitFor({ state: 'detached', timeout: 15_000 });
      await row.locator('a[data-waiting]').first().waitFor({ state: 'detached' });
      await inRow.waitFor();
      expect(sent).toEqual([`/api/pallets ${id}`, `/api/storage/moves ${id}`]);

      // the server holds it under the phone's id, in the row, made once and moved once, in that order
      const pallet = await api<{ weight: number; tomato_type: string; zone_id: string; row_index: number }>(
        'GET',
        `/api/pallets/${id}`,
      );
      expect(pallet).toMatchObject({ weight: 655, tomato_type: 'Vine', zone_id: zone.id, row_index: 0 });
      const events = await api<{ data: { eventType: string; createdAt: string }[] }>(
        'GET',
        `/api/insights/events/pallet/${id}`,
      );
      expect(
        events.data.toSorted((a, b) => a.createdAt.localeCompare(b.createdAt)).map((e) => e.eventType),
      ).toEqual(['pallet_created', 'pallet_location_changed']);
      expect(refused).toEqual([]);
    } finally {
      await mobile.close();
    }
  }, 120_000);

  it('closes Sorting to a user under mobile.sorting_console, saying why at its address, and Storage to one under mobile.storage_map', async () => {
    const sorter = await phoneUser(
      'e2e-no-sorting',
      ['sorting_access', 'manage_pallets', 'view_storage_map'],
      ['mobile.sorting_console'],
    );
    const mapless = await phoneUser(
      'e2e-no-map',
      ['sorting_access', 'view_storage_map', 'manage_storage_assignments'],
      ['mobile.storage_map'],
    );
    const mobile = await openBrowser(phone);
    try {
      const page = await mobile.page();
      await signIn(page, server.url, sorter);
      await waitForPath(page, '/mobile/operator');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Storage' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Sorting' }).count()).toBe(0);
      await page.goto(`${server.url}/mobile/operator/sorting`);
      await page
        .getByRole('alert')
        .getByText(
          'The Sorting console is restricted for this account. Ask an administrator to lift the restriction.',
        )
        .waitFor();
      await shoot(page, 'sorting-closed');
      await page.getByRole('button', { name: 'Sign out' }).click();

      await signIn(page, server.url, mapless);
      await waitForPath(page, '/mobile/operator');
      await nav.getByRole('link', { name: 'Sorting' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Storage' }).count()).toBe(0);
      await page.goto(`${server.url}/mobile/operator/storage`);
      await page
        .getByRole('alert')
        .getByText(
          'The Storage console is restricted for this account. Ask an administrator to lift the restriction.',
        )
        .waitFor();
    } finally {
      await mobile.close();
    }
  }, 90_000);

  it('Kleinpak marks a scanned pallet processed and refuses one on an order with the reason; Logistics refuses a pallet not on the pick list and ships a complete one', async () => {
    const packer = await phoneUser('e2e-packer', [
      'kleinpak_access',
      'logistics_access',
      'manage_pallets',
      'manage_orders',
    ]);
    const [loose, ordered, picked, stranger] = [
      await createPallet(server.url, adminToken, locationId, 401),
      await createPallet(server.url, adminToken, locationId, 402),
      await createPallet(server.url, adminToken, locationId, 403),
      await createPallet(server.url, adminToken, locationId, 404),
    ];
    const today = new Date().toISOString().slice(0, 10);
    const order = await api<{ id: string }>('POST', '/api/orders', {
      locationId,
      customer: 'Vermeulen',
      requestedPallets: 2,
      dueDate: today,
    });
    await api('POST', `/api/orders/${order.id}/assign`, { palletIds: [ordered.id, picked.id] });
    const mobile = await openBrowser(phone);
    try {
      const page = await mobile.page();
      await countBuzzes(page);
      await signIn(page, server.url, packer);
      await waitForPath(page, '/mobile/operator');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Kleinpak' }).click();
      await page.getByRole('heading', { name: 'Kleinpak' }).waitFor();

      await hardwareScan(page, JSON.stringify({ id: loose.id }));
      await page.getByRole('button', { name: 'Mark processed' }).click();
      await expect
        .poll(async () => (await api<{ status: string }>('GET', `/api/pallets/${loose.id}`)).status)
        .toBe('processed');
      await page.locator('[data-figure="processed-pallets"]', { hasText: '1' }).waitFor();
      await hardwareScan(page, JSON.stringify({ id: ordered.id }));
      await page.getByRole('button', { name: 'Mark processed' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'is on an order; take it off the order before processing it' })
        .first()
        .waitFor();
      await shoot(page, 'kleinpak');

      await nav.getByRole('link', { name: 'Logistics' }).click();
      await page.getByRole('link', { name: 'Pick list for Vermeulen' }).click();
      const list = page.getByRole('list', { name: 'Pallets to pick for Vermeulen' });
      await list.locator(`[data-pallet="${ordered.id}"]`).waitFor();
      await hardwareScan(page, JSON.stringify({ id: stranger.id }));
      await page
        .getByRole('alert')
        .getByText(/is not on the pick list of Vermeulen/)
        .waitFor();
      expect(await buzzes(page)).toBe(1);
      const ship = page.getByRole('button', { name: 'Ship order' });
      for (const pallet of [ordered, picked]) await hardwareScan(page, JSON.stringify({ id: pallet.id }));
      await page.getByTestId('picked-count').getByText('2 of 2 pallets picked').waitFor();
      await shoot(page, 'logistics-pick');
      await ship.click();
      await page.getByRole('status').getByText('Order for Vermeulen shipped').waitFor();
      expect((await api<{ status: string }>('GET', `/api/orders/${order.id}`)).status).toBe('shipped');
      expect((await api<{ status: string }>('GET', `/api/pallets/${stranger.id}`)).status).toBe('active');
    } finally {
      await mobile.close();
    }
  }, 120_000);
});
