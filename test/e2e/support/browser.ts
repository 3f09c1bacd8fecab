import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

/** The flags every headless Chromium of the tests and benchmarks runs with. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A phone: 390×844, touch, a mobile user agent. */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** A desktop: 1366×850. */
export const desktop: BrowserContextOptions = { viewport: { width: 1366, height: 850 } };

/**
 * Debian's Chromium with a fresh profile directory. `restart()` closes the browser and opens it
 * again on the same profile: a new browser session, as after quitting and relaunching.
 */
export async function openBrowser(options: BrowserContextOptions = desktop) {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      ...options,
    });
  let context: BrowserContext = await launch();
  return {
    get context() {
      return context;
    },
    async page() {
      return context.pages()[0] ?? (await context.newPage());
    },
    async restart() {
      await context.close();
      context = await launch();
      return context.pages()[0] ?? (await context.newPage());
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
