/**
 * `npm run bench:e2e`: the pallet board as people feel it, in headless Chromium against the real
 * server (the bundled build on a fresh embedded database), with 10,000 pallets at the location.
 * - a change's latency: from the mutation's HTTP answer to the row changed in another page's DOM,
 *   p50 and p99 over 200 isolated changes (each a leading-edge delivery, no throttle wait) and over
 *   a burst of 20 changes a second;
 * - the board's first rows: from the navigation to /dashboard (signed in) to the first row painted,
 *   and from the arrival of the snapshot's first page of pallets, which they are drawn from (the
 *   other pages load after them), and the navigation's time to every pallet loaded (medians of 5
 *   navigations of the same page: one alone swings by 100 ms and more);
 * - the main-thread time to apply and paint a 100-event batch, delivered as one (median of 5): the
 *   100 changes commit over seconds here, so a page behind a proxy that holds its live stream gets
 *   them in one burst inside an open throttle window; the JS heap with 10,000 pallets;
 * - an assignment's time from its HTTP answer to the other page's order count (50 of them);
 * - the dashboard's render with a storage map of 20 zones × 30 rows × 10 pallets, from the click
 *   that opens it (the live store already loaded, the inventory screen it comes from settled) to
 *   its painted map, median of 5: an upper bound of the map's own render;
 * - a language switch on the dashboard with its 10,000 pallets, from the click in the header to the
 *   screen repainted in the other language (heading, rows, panels), median of 5 after a round
 *   trip that loads the Dutch catalogues (that first switch timed on its own);
 * - a sort of the board: from the click on the ID head to the first rows painted in its order
 *   (ascending, descending, alternately; median of 5) with the location's pallets, and the store's
 *   own sort of 100,000 pallets (`visiblePalletIds` with a new order, in Node: the same work the
 *   page does on that click, without seeding 100,000 pallets through the API), median of 5;
 * - a batch move: the board's 50 newest pallets ticked on one page, "Move here" into a row with
 *   room for them, from the click to the other page's storage map showing the row full (median of
 *   5, the same pallets moving on a row each time);
 * - the dashboard chunk's size, gzipped;
 * - the inventory screen's first render of the same 10,000 pallets (stock summed, list painted)
 *   after the snapshot's first page of pallets arrived.
 * Targets (floors to meet, not races): isolated p50 ≤ 60 ms, p99 ≤ 150 ms; burst p99 ≤ 300 ms;
 * navigation to the first row ≤ 250 ms; first render ≤ 400 ms; a 100-event batch ≤ 16 ms; heap
 * ≤ 80 MB; chunk ≤ 150 KB; assignment p99 ≤ 500 ms (its 300 ms batch window included); map render
 * ≤ 100 ms; language switch ≤ 100 ms; batch move ≤ 300 ms; inventory first render ≤ 500 ms.
 * Writes bench/results/e2e.json.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { BehaviorSubject, Subject } from 'rxjs';
import { defaultFilters, type PalletQuery, visiblePalletIds } from '../streams/live';
import { tableOf } from '../streams/live/entities';
import type { Pallet } from '../streams/live/types';
import { type ApiPallet, call, people, putCatalog, seedPeople } from '../test/e2e/support/api';
import { signIn } from '../test/e2e/support/app';
import { chromiumArgs, chromiumPath } from '../test/e2e/support/browser';
import { adminPassword } from '../test/e2e/support/server';
import { startServerProcess } from '../test/server/support/process';
import { startHeldStreamProxy } from './held-stream-proxy';
import {
  inParallel,
  percentile,
  progress,
  root,
  seedPallets,
  size,
  sleep,
  smoke,
  writeResults,
} from './support';

// a smoke run keeps the 101 pallets the batch needs
const palletCount = size('PALLETS', 10_000, 120);
const changes = size('CHANGES', 200, 3);
const assignments = size('ASSIGNMENTS', 50, 2);
const map = smoke ? { zones: 2, rows: 3, perRow: 2 } : { zones: 20, rows: 30, perRow: 10 };
/** Rounds of the medians (the map's opening, the 100-event batch, the sorts). */
const rounds = size('ROUNDS', 5, 1);
/** The pallets ticked and moved into a row as one change. */
const batchSize = size('BATCH', 50, 5);
/** The pallets the store's own sort is timed with. */
const sortedPallets = size('SORT_PALLETS', 100_000, 1_000);
const targets = {
  isolatedP50Ms: 60,
  isolatedP99Ms: 150,
  burstP99Ms: 300,
  navigationToFirstRowMs: 250,
  firstRenderMs: 400,
  inventoryFirstRenderMs: 500,
  batchOf100Ms: 16,
  assignP99Ms: 500,
  mapRenderMs: 100,
  languageSwitchMs: 100,
  sortMs: 100,
  batchMoveMs: 300,
  heapMb: 80,
  dashboardChunkGzipKb: 150,
};

const chunk = readdirSync(join(root, 'dist', 'assets')).find((f) => /^dashboard-screen-.*\.js$/.test(f));
if (!chunk) throw new Error('no dashboard chunk in dist/assets: run `npx vite build` first');
const dashboardChunkGzipKb =
  Math.round(gzipSync(readFileSync(join(root, 'dist', 'assets', chunk))).length / 102.4) / 10;

/** Ticks the board's first `count` pallets (the newest), scrolling its rows into view as it goes. */
async function tickNewest(page: Page, count: number) {
  const ticked = new Set<string>();
  while (ticked.size < count) {
    const shown = await page
      .locator('[data-pallet-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pallet-id') as string));
    const next = shown.filter((id) => !ticked.has(id)).slice(0, count - ticked.size);
    if (next.length === 0) throw new Error(`only ${ticked.size} of the board's pallets could be ticked`);
    for (const id of next) {
      await page.locator(`[data-pallet-id="${id}"] input[type="checkbox"]`).check();
      ticked.add(id);
    }
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-e2e-'));
const server = await startServerProcess({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: adminPassword,
  API_RATE_LIMIT_PER_MINUTE: '0',
});
let browser: Browser | undefined;
try {
  const { adminToken, locations } = await seedPeople(server.url);
  const locationId = locations[0].id;
  await putCatalog(server.url, adminToken, locationId);
  const made = await seedPallets(server.url, adminToken, locationId, palletCount);

  // the storage map: 20 zones of 30 rows, each row holding 10 of the pallets
  const zones: { id: string }[] = [];
  for (let z = 0; z < map.zones; z++)
    zones.push(
      await call(
        server.url,
        'POST',
        '/api/storage/zones',
        { locationId, name: `Zone ${z + 1}`, rows: map.rows, rowCapacity: map.perRow },
        adminToken,
      ),
    );
  const stored = Math.min(made.length, map.zones * map.rows * map.perRow);
  await inParallel(
    Array.from({ length: stored }, (_, i) => i),
    8,
    (i) =>
      call(
        server.url,
        'POST',
        '/api/storage/positions',
        {
          palletId: made[i].id,
          zoneId: zones[Math.floor(i / (map.rows * map.perRow))].id,
          rowIndex: Math.floor(i / map.perRow) % map.rows,
        },
        adminToken,
      ),
  );
  console.log(`${stored.toLocaleString('en')} pallets stored in ${map.zones} zones × ${map.rows} rows`);

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  progress('Chromium launched');
  /** Each page's time from its last navigation to every pallet loaded (the status Live). */
  const readyMs = new Map<Page, number>();
  /** A navigation of its own, signed in, as a desk worker opens the screen in the morning. */
  const navigate = async (page: Page, path = '/dashboard', base = server.url) => {
    await page.goto(`${base}${path}`);
    await page.locator('[data-pallet-id]').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { paintedAt?: number }).paintedAt !== undefined);
    // the first rows come from the snapshot's first page; live changes show once every page is in
    await page.locator('output[data-status="ready"]').waitFor({ timeout: 300_000 });
    readyMs.set(page, Math.round(await page.evaluate(() => performance.now())));
  };
  const open = async (path?: string, base = server.url) => {
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // when the snapshot's first page of pallets arrived, and when the first row was painted after
    // it (since the navigation)
    await page.addInitScript(() => {
      const w = window as unknown as { snapshotAt?: number; paintedAt?: number };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name.includes('/api/pallets?'))
            w.snapshotAt ??= (entry as PerformanceResourceTiming).responseEnd;
      }).observe({ type: 'resource', buffered: true });
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-pallet-id]')) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (w.paintedAt = performance.now())));
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, base, people.manager);
    progress(`signed in at ${base}`);
    await navigate(page, path, base);
    progress(`${path ?? 'the dashboard'} shows its pallets`);
    return page;
  };
  const renderTime = async (page: Page) =>
    Math.round(
      await page.evaluate(() => {
        const w = window as unknown as { snapshotAt: number; paintedAt: number };
        return w.paintedAt - w.snapshotAt;
      }),
    );
  const writer = await open();
  const reader = await open();
  // the reader's dashboard opened `rounds` times: one navigation swings by 100 ms and more
  const navigations: { firstRowMs: number; renderMs: number; allMs: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i > 0) await navigate(reader);
    navigations.push({
      firstRowMs: Math.round(
        await reader.evaluate(() => (window as unknown as { paintedAt: number }).paintedAt),
      ),
      renderMs: await renderTime(reader),
      allMs: readyMs.get(reader)!,
    });
  }
  const navigationsToFirstRowMs = navigations.map((n) => n.firstRowMs);
  const navigationToFirstRowMs = percentile(navigationsToFirstRowMs, 50);
  const firstRenderMs = percentile(
    navigations.map((n) => n.renderMs),
    50,
  );
  const navigationToAllMs = percentile(
    navigations.map((n) => n.allMs),
    50,
  );
  void writer;
  progress('two dashboards open');

  // the rows in the reader's view: changes to them show in its DOM
  const visible = (await reader
    .locator('[data-pallet-id]')
    .evaluateAll((rows) => rows.slice(0, 12).map((r) => r.getAttribute('data-pallet-id')))) as string[];
  const versions = new Map(made.map((p) => [p.id, p.version]));
  // below 1,000 kg, so the weight the row shows has no thousands separator to match
  let weight = 100;

  /** Changes one visible pallet; resolves with ms from the HTTP answer to the row showing the change. */
  const change = async (page: Page, id: string) => {
    weight += 0.25;
    const kg = weight;
    const text = `${kg.toFixed(2)} kg`;
    const shown = page.waitForFunction(
      ([palletId, expected]) => {
        const row = document.querySelector(`[data-pallet-id="${palletId}"]`);
        return row?.textContent?.includes(expected) ? Date.now() : false;
      },
      [id, text] as const,
      { polling: 'raf', timeout: 10_000 },
    );
    const answer = await call<ApiPallet>(
      server.url,
      'PATCH',
      `/api/pallets/${id}`,
      { version: versions.get(id), weight: kg },
      adminToken,
    );
    const answeredAt = Date.now();
    versions.set(id, answer.version);
    return Number(await (await shown).jsonValue()) - answeredAt;
  };

  const isolated: number[] = [];
  for (let i = 0; i < changes; i++) {
    isolated.push(await change(reader, visible[i % visible.length]));
    await sleep(400); // past the 150 ms window: the next is a leading-edge delivery again
  }
  // 20 changes a second over the visible rows; a row's next change waits for its last answer, as
  // a person's would, since it is made to the version that answer gives
  const burst: number[] = [];
  const answered = new Map<string, Promise<unknown>>();
  await Promise.all(
    Array.from({ length: changes }, async (_, i) => {
      await sleep(i * 50);
      const id = visible[i % visible.length];
      const next = (answered.get(id) ?? Promise.resolve()).then(async () => {
        burst.push(await change(reader, id));
      });
      answered.set(id, next);
      await next;
    }),
  );

  progress(`${changes} changes one by one and ${changes} in a burst shown`);

  // an assignment: from its HTTP answer to the other page's order showing the new count (issue 19)
  const order = await call<{ id: string }>(
    server.url,
    'POST',
    '/api/orders',
    { locationId, customer: 'Bench BV', requestedPallets: assignments },
    adminToken,
  );
  const assigned: number[] = [];
  for (let i = 0; i < assignments; i++) {
    const count = `${i + 1}/${assignments}`;
    const shown = reader.waitForFunction(
      ([id, expected]) =>
        document.querySelector(`[data-order-id="${id}"] [data-testid="order-count"]`)?.textContent ===
        expected
          ? Date.now()
          : false,
      [order.id, count] as const,
      { polling: 'raf', timeout: 10_000 },
    );
    await call(
      server.url,
      'POST',
      `/api/orders/${order.id}/assign`,
      { palletIds: [made[made.length - 1 - i].id] },
      adminToken,
    );
    const answeredAt = Date.now();
    assigned.push(Number(await (await shown).jsonValue()) - answeredAt);
    await sleep(400);
  }

  progress(`${assignments} assignments shown`);

  // the dashboard opened again with its live store loaded: from the click to the painted map
  const mapRenders: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await reader.getByRole('link', { name: 'Inventory' }).click();
    await reader.locator('[data-zone-id]').first().waitFor({ state: 'detached' });
    // the inventory painted and settled, as a person sees it before going back: the tail of its
    // own first render (timed below on its own) is not the dashboard's
    await reader.locator('[data-pallet-id]').first().waitFor();
    await reader.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
    );
    const painted = reader.evaluate(
      (zoneCount) =>
        new Promise<number>((resolve) => {
          const from = performance.now();
          new MutationObserver((_, observer) => {
            if (document.querySelectorAll('[data-zone-id]').length < zoneCount) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from)));
          }).observe(document, { childList: true, subtree: true });
          (document.querySelector('a[href="/dashboard"]') as HTMLAnchorElement).click();
        }),
      map.zones,
    );
    mapRenders.push(Math.round(await painted));
  }
  const mapRenderMs = percentile(mapRenders, 50);
  progress(`the storage map painted ${rounds} times`);

  // a batch move: the board's newest pallets ticked on one page, "Move here" into a row of a zone
  // with room for them all, from the click to the other page's map showing the row full; the same
  // pallets move on to the next row each round
  const batchZone = await call<{ id: string }>(
    server.url,
    'POST',
    '/api/storage/zones',
    { locationId, name: 'Batch zone', rows: rounds, rowCapacity: batchSize },
    adminToken,
  );
  const rowButton = (page: Page, row: number) =>
    page
      .locator(`[data-zone-id="${batchZone.id}"]`)
      .getByRole('button', { name: new RegExp(`^Row ${row} `) });
  await rowButton(writer, 1).waitFor();
  await rowButton(reader, 1).waitFor();
  const batchMoves: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    await tickNewest(writer, batchSize);
    await rowButton(writer, round).click();
    const full = reader.waitForFunction(
      ([zoneId, row, count]) =>
        [...document.querySelectorAll(`[data-zone-id="${zoneId}"] button`)].some(
          (b) => b.firstElementChild?.textContent === row && b.lastElementChild?.textContent === count,
        )
          ? Date.now()
          : false,
      [batchZone.id, `Row ${round}`, `${batchSize}/${batchSize}`] as const,
      { polling: 'raf', timeout: 30_000 },
    );
    const clickedAt = Date.now();
    await writer.getByRole('button', { name: `Move here (${batchSize})` }).click();
    batchMoves.push(((await (await full).jsonValue()) as number) - clickedAt);
  }
  const batchMoveMs = percentile(batchMoves, 50);
  progress(`${rounds} batch moves of ${batchSize} pallets shown`);

  // a language switch from the header: from the click to the dashboard painted in the language,
  // its heading and its rows both changed
  const switchTo = (locale: 'nl' | 'en') =>
    reader.evaluate(
      (to) =>
        new Promise<number>((resolve) => {
          // no named functions in here: the bundler would wrap them in a helper the page lacks
          const heading = document.querySelector('main h1')?.textContent;
          const row = document.querySelector('[data-pallet-id] input')?.getAttribute('aria-label');
          const from = performance.now();
          new MutationObserver((_, observer) => {
            if (
              document.documentElement.lang !== to ||
              document.querySelector('main h1')?.textContent === heading ||
              document.querySelector('[data-pallet-id] input')?.getAttribute('aria-label') === row
            )
              return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from)));
          }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
          (document.querySelector(`header button[lang="${to}"]`) as HTMLButtonElement).click();
        }),
      locale,
    );
  const firstSwitchMs = Math.round(await switchTo('nl'));
  await switchTo('en');
  const switches: number[] = [];
  for (let i = 0; i < 5; i++) {
    await sleep(500);
    switches.push(Math.round(await switchTo(i % 2 === 0 ? 'nl' : 'en')));
  }
  if ((await reader.evaluate(() => document.documentElement.lang)) !== 'en') await switchTo('en');
  const languageSwitchMs = percentile(switches, 50);
  progress('the language switched 7 times');

  // a sort from the head: the click to the first rows painted in the new order; ascending and
  // descending alternate, each a new order of all the pallets (the way back is not timed). By ID:
  // its order owes nothing to the newest pallets, so the first row always changes
  const clickSorts: number[] = [];
  for (let i = 0; i < rounds * 2; i++) {
    const descending = i % 2 === 1;
    await sleep(300);
    const ms = await reader.evaluate(
      (want) =>
        new Promise<number>((resolve) => {
          // no named functions in here: the bundler would wrap them in a helper the page lacks
          const head = [...document.querySelectorAll('thead th')].find(
            (th) => th.textContent === 'ID',
          ) as HTMLElement;
          const from = performance.now();
          // done when the head says the order and the rows shown are in it (the newest pallet,
          // first before the click, may be first in the new order too: waiting for another first
          // row could wait for ever)
          new MutationObserver((_, observer) => {
            if (head.getAttribute('aria-sort') !== want) return;
            const shown = [...document.querySelectorAll('[data-pallet-id]')].map((row) =>
              Number.parseInt((row.getAttribute('data-pallet-id') as string).slice(-8), 16),
            );
            if (shown.length === 0) return;
            for (let k = 1; k < shown.length; k++)
              if (want === 'descending' ? shown[k - 1] < shown[k] : shown[k - 1] > shown[k]) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from)));
          }).observe(document, { subtree: true, childList: true, attributes: true });
          (head.querySelector('button') as HTMLButtonElement).click();
        }),
      descending ? 'descending' : 'ascending',
    );
    // the figure counts only if the rows shown are in that order
    const shortIds = (await reader
      .locator('[data-pallet-id]')
      .evaluateAll((rows) =>
        rows.map((r) => Number.parseInt((r.getAttribute('data-pallet-id') as string).slice(-8), 16)),
      )) as number[];
    if (!shortIds.every((n, k) => k === 0 || (descending ? shortIds[k - 1] > n : shortIds[k - 1] < n)))
      throw new Error(`the board is not sorted by ID after the click: ${shortIds.join(', ')}`);
    clickSorts.push(Math.round(ms));
    // from descending, the third click goes back to the display order: the next round starts there
    if (descending) {
      await reader.getByRole('columnheader', { name: 'ID', exact: true }).getByRole('button').click();
      await reader.locator('thead th[aria-sort="none"]', { hasText: /^ID$/ }).first().waitFor();
    }
  }
  const sortClickMs = percentile(clickSorts, 50);
  progress(`the board sorted ${clickSorts.length} times`);

  // the store's own sort of 100,000 pallets: a new order of the list shown, as a click asks for.
  // Ids shaped as the server's (UUID v7: the time they were made, then random digits), a pallet
  // made every 30 s; wall time and this process's CPU time, as the machine may be shared
  const hex = (value: number, digits: number) => Math.floor(value).toString(16).padStart(digits, '0');
  const bigTable = tableOf<Pallet>(
    Array.from({ length: sortedPallets }, (_, i) => {
      const madeAt = Date.UTC(2026, 0, 1) + i * 30_000;
      const time = hex(madeAt, 12);
      const random = hex(Math.random() * 2 ** 48, 12);
      return {
        id: `${time.slice(0, 8)}-${time.slice(8)}-7${hex(Math.random() * 4096, 3)}-8${hex(Math.random() * 4096, 3)}-${random}`,
        tomatoType: ['Cherry', 'Beef', 'Vine'][i % 3],
        weight: 300 + (i % 600),
        createdAt: new Date(madeAt).toISOString(),
        status: 'active',
      };
    }),
  );
  const storeSorts: number[] = [];
  const storeSortsCpu: number[] = [];
  {
    const states = new Subject<{ pallets: typeof bigTable; changedPallets: null }>();
    const queries = new BehaviorSubject<PalletQuery>({ filters: defaultFilters, created: null });
    let shown: readonly string[] = [];
    const subscription = states.pipe(visiblePalletIds(queries)).subscribe((ids) => {
      shown = ids;
    });
    states.next({ pallets: bigTable, changedPallets: null });
    const cpuNow = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1_000;
    };
    for (let i = 0; i < rounds * 2; i++) {
      const from = performance.now();
      const cpuFrom = cpuNow();
      queries.next({
        filters: defaultFilters,
        created: null,
        sort: { column: 'weight', descending: i % 2 === 1 },
      });
      storeSorts.push(Math.round((performance.now() - from) * 10) / 10);
      storeSortsCpu.push(Math.round((cpuNow() - cpuFrom) * 10) / 10);
    }
    subscription.unsubscribe();
    if (shown.length !== sortedPallets)
      throw new Error(`the store sorted ${shown.length} of ${sortedPallets} pallets`);
  }
  const storeSortMs = percentile(storeSorts, 50);
  const storeSortCpuMs = percentile(storeSortsCpu, 50);
  progress(`the store sorted ${sortedPallets.toLocaleString('en')} pallets ${storeSorts.length} times`);

  // main-thread time to apply and paint 100 events delivered as ONE batch: the page's script, style
  // and layout time around them (the renderer's own counters), less its idle rate. One by one the
  // 100 changes commit over seconds on this server, so a third page reads the live stream through a
  // proxy that holds it while they commit: a 101st change, let through first, opens the pallets'
  // throttle window, and the 100 follow in one burst within it, to be applied as one delivery
  const proxy = await startHeldStreamProxy(server.url);
  const batchPage = await open(undefined, proxy.url);
  const batchCdp = await batchPage.context().newCDPSession(batchPage);
  await batchCdp.send('Performance.enable');
  const work = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'];
  const taskSeconds = async () =>
    (await batchCdp.send('Performance.getMetrics')).metrics
      .filter((m) => work.includes(m.name))
      .reduce((sum, m) => sum + m.value, 0);
  const patch = (id: string, kg: number) =>
    call<ApiPallet>(
      server.url,
      'PATCH',
      `/api/pallets/${id}`,
      { version: versions.get(id), weight: kg },
      adminToken,
    ).then((p) => versions.set(id, p.version));
  const batches: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // the page's own background work per second (heartbeats, the clock), once all has settled
    await sleep(3_000);
    const idleFrom = { task: await taskSeconds(), at: Date.now() };
    await sleep(2_000);
    const idlePerMs = ((await taskSeconds()) - idleFrom.task) / (Date.now() - idleFrom.at);
    proxy.hold();
    await patch(made[100].id, 600 + round);
    await Promise.all(made.slice(0, 100).map((p) => patch(p.id, 700 + round)));
    const heldBy = Date.now() + 60_000;
    while (proxy.held() < 101) {
      if (Date.now() > heldBy)
        throw new Error(`the proxy holds ${proxy.held()} of the 101 changes' events after 60 s`);
      await sleep(20);
    }
    proxy.release(1);
    await sleep(30); // the opener applied; its window stays open for 150 ms
    const batchFrom = { task: await taskSeconds(), at: Date.now() };
    proxy.resume();
    // the batch is delivered at the window's end; the activity feed reads again within a second
    await sleep(1_500);
    const busySeconds = (await taskSeconds()) - batchFrom.task - idlePerMs * (Date.now() - batchFrom.at);
    batches.push(Math.round(busySeconds * 10_000) / 10);
  }
  const batchOf100Ms = percentile(batches, 50);
  await batchPage.context().close();
  await proxy.close();
  progress(`${rounds} batches of 100 changes applied`);

  const cdp = await reader.context().newCDPSession(reader);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const heapMb = Math.round(usedSize / 1024 / 102.4) / 10;

  // last, in a page of its own, so its work cannot disturb the board's figures above
  const inventoryFirstRenderMs = await renderTime(await open('/dashboard/inventory'));

  const result = {
    pallets: palletCount,
    isolated: { changes, p50Ms: percentile(isolated, 50), p99Ms: percentile(isolated, 99) },
    burst20PerSecond: { changes, p50Ms: percentile(burst, 50), p99Ms: percentile(burst, 99) },
    assignToOtherPage: { assignments, p50Ms: percentile(assigned, 50), p99Ms: percentile(assigned, 99) },
    navigationToFirstRowMs,
    navigationsToFirstRowMs,
    navigationToAllMs,
    firstRenderMs,
    storageMap: { ...map, renderMs: mapRenderMs, rendersMs: mapRenders },
    languageSwitch: { ms: languageSwitchMs, switchesMs: switches, firstWithCataloguesMs: firstSwitchMs },
    batchMove: { pallets: batchSize, ms: batchMoveMs, movesMs: batchMoves },
    sort: {
      clickToPaintedMs: sortClickMs,
      clicksMs: clickSorts,
      store: {
        pallets: sortedPallets,
        ms: storeSortMs,
        sortsMs: storeSorts,
        cpuMs: storeSortCpuMs,
        sortsCpuMs: storeSortsCpu,
      },
    },
    inventoryFirstRenderMs,
    batchOf100Ms,
    batchesOf100Ms: batches,
    heapMb,
    dashboardChunkGzipKb,
    targets,
  };
  const verdict = (value: number, target: number) =>
    `${value <= target ? 'met' : 'NOT met'}, target ≤ ${target}`;
  console.log(
    `isolated change → other page's DOM: p50 ${result.isolated.p50Ms} ms (${verdict(result.isolated.p50Ms, targets.isolatedP50Ms)}), p99 ${result.isolated.p99Ms} ms (${verdict(result.isolated.p99Ms, targets.isolatedP99Ms)})`,
  );
  console.log(
    `burst of 20/s: p50 ${result.burst20PerSecond.p50Ms} ms, p99 ${result.burst20PerSecond.p99Ms} ms (${verdict(result.burst20PerSecond.p99Ms, targets.burstP99Ms)})`,
  );
  console.log(
    `assignment → other page's order count: p50 ${result.assignToOtherPage.p50Ms} ms, p99 ${result.assignToOtherPage.p99Ms} ms (${verdict(result.assignToOtherPage.p99Ms, targets.assignP99Ms)})`,
  );
  console.log(
    `navigation to the dashboard's first row with ${palletCount.toLocaleString('en')} pallets: median ${navigationToFirstRowMs} ms of ${navigationsToFirstRowMs.join(', ')} (${verdict(navigationToFirstRowMs, targets.navigationToFirstRowMs)}); to every pallet loaded: median ${navigationToAllMs} ms`,
  );
  console.log(
    `first render of ${palletCount.toLocaleString('en')} pallets after the snapshot's first page: median ${firstRenderMs} ms (${verdict(firstRenderMs, targets.firstRenderMs)})`,
  );
  console.log(
    `dashboard with a ${map.zones}×${map.rows}×${map.perRow} storage map, opened to painted: median ${mapRenderMs} ms of ${mapRenders.join(', ')} (${verdict(mapRenderMs, targets.mapRenderMs)})`,
  );
  console.log(
    `language switch on the dashboard with ${palletCount.toLocaleString('en')} pallets, click to repaint: median ${languageSwitchMs} ms of ${switches.join(', ')} (${verdict(languageSwitchMs, targets.languageSwitchMs)}); the first, loading the Dutch catalogues: ${firstSwitchMs} ms`,
  );
  console.log(
    `a batch move of ${batchSize} ticked pallets into a row, click to the other page's map: median ${batchMoveMs} ms of ${batchMoves.join(', ')} (${verdict(batchMoveMs, targets.batchMoveMs)})`,
  );
  console.log(
    `sort of the board by ID, click to painted, ${palletCount.toLocaleString('en')} pallets: median ${sortClickMs} ms of ${clickSorts.join(', ')} (${verdict(sortClickMs, targets.sortMs)}); the store's sort of ${sortedPallets.toLocaleString('en')} pallets: median ${storeSortMs} ms of ${storeSorts.join(', ')} (${verdict(storeSortMs, targets.sortMs)}), CPU ${storeSortCpuMs} ms`,
  );
  console.log(
    `inventory's first render of ${palletCount.toLocaleString('en')} pallets after the snapshot's first page: ${inventoryFirstRenderMs} ms (${verdict(inventoryFirstRenderMs, targets.inventoryFirstRenderMs)})`,
  );
  console.log(
    `main-thread time for a 100-event batch delivered as one: median ${batchOf100Ms} ms of ${batches.join(', ')} (${verdict(batchOf100Ms, targets.batchOf100Ms)})`,
  );
  console.log(
    `JS heap with ${palletCount.toLocaleString('en')} pallets: ${heapMb} MB (${verdict(heapMb, targets.heapMb)})`,
  );
  console.log(
    `dashboard chunk: ${dashboardChunkGzipKb} KB gzipped (${verdict(dashboardChunkGzipKb, targets.dashboardChunkGzipKb)})`,
  );
  writeResults('e2e', result);
} finally {
  await browser?.close();
  server.process.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
