import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

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

/**
 * The browser tests' Chromium runs page scripts on V8's interpreter and baseline compiler alone
 * (no Maglev, no TurboFan): a test's page lives seconds, and compiling its hot functions again with
 * the optimizing tiers took about a sixth of the pages' CPU, for runs no faster over a test's
 * length (as `--liftoff-only` for the servers' PGlite). Benchmarks run Chromium as it ships.
 */
const testArgs = [...chromiumArgs, '--js-flags=--no-opt --no-maglev'];

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the same engine without the
 * browser's windowing; the browser tests took three times the CPU under `chromium --headless`),
 * unless CHROMIUM_PATH names another, such as the full browser at /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

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
 * A page's context runs the app without its service worker unless asked (`serviceWorkers:
 * 'allow'`, the offline tests): the app works without one (a first visit, plain HTTP on a LAN),
 * and each context's worker would fetch and cache every file of the app.
 */
const withoutServiceWorker: BrowserContextOptions = { serviceWorkers: 'block' };

const firstPage = async (context: BrowserContext) => context.pages()[0] ?? (await context.newPage());

/** This test file's Chromium, launched on its first use (a launch costs more than a whole test). */
let shared: Promise<Browser> | undefined;

/** Closes this test file's Chromium (`setup.ts` does after the file's last test). */
export async function closeBrowser() {
  await (await shared)?.close();
  shared = undefined;
}

/** A page's own browser: a fresh context of this file's Chromium, with no cookies or storage yet. */
export async function openBrowser(options: BrowserContextOptions = desktop) {
  shared ??= chromium.launch({ executablePath: chromiumPath, args: testArgs });
  const context = await (await shared).newContext({ ...withoutServiceWorker, ...options });
  return {
    page: () => firstPage(context),
    /** Another tab of the same browser session (shared local storage, a session storage of its own). */
    newPage: () => context.newPage(),
    close: () => context.close(),
  };
}

/** Runs `fn` on the first page of a fresh browser context ({@link openBrowser}), closing it after. */
export async function withPage<T>(options: BrowserContextOptions, fn: (page: Page) => Promise<T>) {
  const browser = await openBrowser(options);
  try {
    return await fn(await browser.page());
  } finally {
    await browser.close();
  }
}

/**
 * Chromium of its own on a fresh profile directory. `restart()` closes the browser and opens it
 * again on the same profile: a new browser session, as after quitting and relaunching.
 */
export async function openProfile(options: BrowserContextOptions = desktop) {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: testArgs,
      ...withoutServiceWorker,
      ...options,
    });
  let context: BrowserContext = await launch();
  return {
    page: () => firstPage(context),
    async restart() {
      await context.close();
      context = await launch();
      return firstPage(context);
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The Content-Security-Policy violations Chromium reports on `page`'s console from now on (a
 * script, style, image or WebAssembly module the server's policy refused), as they come.
 */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/**
 * Chromium of its own whose camera shows `video` (a Y4M file, a single frame looping): the fake
 * camera is a launch flag, one file per launch. Camera permission is granted to its contexts by
 * the caller (`context.grantPermissions(['camera'])`).
 */
export const launchWithCamera = (video: string) =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...testArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
