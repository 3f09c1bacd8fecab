/**
 * `npm run bench:web`: the built app's bundle sizes (initial JS for /login gzipped, each lazy chunk)
 * and the time from navigation to an interactive login form in headless Chromium against the real
 * server (median of 10 cold loads, each in a fresh browser context), and each language's
 * catalogue chunks (only the chosen language's load). Targets: initial JS ≤ 100 KB gzipped (the
 * languages' issue), login interactive ≤ 300 ms. Writes bench/results/web.json.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/support/browser';
import { startServerProcess } from '../test/server/support/process';
import { root, size, writeResults } from './support';

const dist = join(root, 'dist');
const runs = size('RUNS', 10, 1);
const targets = { initialJsGzipKb: 100, loginInteractiveMs: 300 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipKb = (file: string) => kb(gzipSync(readFileSync(join(dist, file))).length);

// what index.html loads up front: the entry module and whatever it preloads
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => `assets/${f}`);
const initialJsGzipKb = Math.round(initial.reduce((sum, f) => sum + gzipKb(f), 0) * 10) / 10;
const lazyChunks = Object.fromEntries(lazy.map((f) => [f.replace(/^assets\//, ''), gzipKb(f)]));
// the catalogue chunks by language and namespace (vite.config.ts names them
// locale-<language>-<namespace>-<hash>.js; the hash is 8 characters, dashes among them)
const catalogues: Record<string, Record<string, number>> = {};
for (const [name, size] of Object.entries(lazyChunks)) {
  const match = /^locale-([^-]+)-(.+)-[\w-]{8}\.js$/.exec(name);
  if (match) catalogues[match[1]] = { ...catalogues[match[1]], [match[2]]: size };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-web-admin' });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

const timesMs: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    // the moment React has put an enabled submit button in the page, since navigation start
    await page.addInitScript(() => {
      const w = window as unknown as { loginReadyMs?: number };
      new MutationObserver((_, observer) => {
        const button = document.querySelector('form button[type="submit"]:not([disabled])');
        if (button && w.loginReadyMs === undefined) {
          w.loginReadyMs = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/login`);
    await page.waitForFunction(
      () => (window as unknown as { loginReadyMs?: number }).loginReadyMs !== undefined,
    );
    timesMs.push(
      Math.round(await page.evaluate(() => (window as unknown as { loginReadyMs: number }).loginReadyMs)),
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.process.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...timesMs].sort((a, b) => a - b);
const medianMs = sorted[Math.floor(sorted.length / 2)];
const result = {
  initialJs: initial,
  initialJsGzipKb,
  lazyChunksGzipKb: lazyChunks,
  catalogueChunksGzipKb: catalogues,
  loginInteractive: { runs, timesMs, medianMs, minMs: sorted[0], maxMs: sorted.at(-1) },
  targets,
  ratios: {
    initialJsToTarget: Number((initialJsGzipKb / targets.initialJsGzipKb).toFixed(2)),
    loginInteractiveToTarget: Number((medianMs / targets.loginInteractiveMs).toFixed(2)),
  },
};

console.log(
  `initial JS for /login: ${initialJsGzipKb} KB gzipped (target ≤ ${targets.initialJsGzipKb} KB, ratio ${result.ratios.initialJsToTarget})`,
);
for (const [name, size] of Object.entries(lazyChunks))
  console.log(`  lazy chunk ${name}: ${size} KB gzipped`);
for (const [language, chunks] of Object.entries(catalogues)) {
  const total = Math.round(Object.values(chunks).reduce((sum, size) => sum + size, 0) * 10) / 10;
  const each = Object.entries(chunks).map(([namespace, size]) => `${namespace} ${size}`);
  console.log(`catalogues ${language}: ${total} KB gzipped (${each.join(', ')})`);
}
console.log(
  `navigation → interactive login form: median ${medianMs} ms of ${runs} (min ${sorted[0]}, max ${sorted.at(-1)}; target ≤ ${targets.loginInteractiveMs} ms, ratio ${result.ratios.loginInteractiveToTarget})`,
);
writeResults('web', result);
