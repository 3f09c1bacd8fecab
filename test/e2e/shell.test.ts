import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people, seedPeople } from './support/api';
import { heading, signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { desktop, openBrowser, phone } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const screenshots = join(import.meta.dirname, '..', 'screenshots');

let server: RunningServer;
beforeAll(async () => {
  // a heartbeat a second: the first tells the badge the latency without a 15 s wait
  server = await startServer({ SSE_HEARTBEAT_MS: '1000' });
  await seedPeople(server.url);
});
afterAll(async () => server?.dispose());

const badge = (page: Page) => page.locator('header button[data-state]');
/**
 * Waits for the badge to be in one of `states` and answers what it and its tooltip said at that
 * moment (the badge moves on by itself: a reconnect turns an error into "Connecting..." soon after).
 */
const badgeReads = async (page: Page, states: RegExp) =>
  (
    await page.waitForFunction(
      (pattern) => {
        const button = document.querySelector('header button[data-state]');
        if (!new RegExp(pattern).test(button?.getAttribute('data-state') ?? '')) return false;
        return {
          text: button?.querySelector('span')?.textContent ?? '',
          tooltip: document.querySelector('[role="tooltip"]')?.textContent ?? '',
        };
      },
      states.source,
      { timeout: 90_000 },
    )
  ).jsonValue() as Promise<{ text: string; tooltip: string }>;

describe('the shell', () => {
  it("holds the chosen location's live connection: Connected, an error while the server is down, Connected again", async () => {
    const browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await browser.page();
      await signIn(page, server.url, people.desk);
      expect(await heading(page)).toBe('Dashboard');
      expect((await badgeReads(page, /^CONNECTED$/)).text).toBe('Connected');
      await badge(page).hover();
      // SPEC 8's sentence, then SPEC 4's quality with the last latency and the errors in a row
      const tip = page.getByRole('tooltip').first();
      await tip.getByText(/^Last latency: \d+ ms$/).waitFor({ timeout: 10_000 });
      expect(await tip.textContent()).toMatch(
        /^You are connected and receiving real-time updatesQuality: (excellent|good|degraded)Last latency: \d+ msErrors in a row: 0$/,
      );
      await page.screenshot({ path: join(screenshots, 'shell-badge-detail.png') });

      await server.stop();
      const down = await badgeReads(page, /^(ERROR|DISCONNECTED)$/);
      expect(down.text).toMatch(/^(Connection Error|Disconnected)$/);
      expect(down.tooltip).toMatch(/^Connection lost\. Will attempt to reconnect automatically\./);

      await server.start();
      expect((await badgeReads(page, /^CONNECTED$/)).text).toBe('Connected');
    } finally {
      await browser.close();
    }
  }, 300_000); // a restart of the server, and the client's backoff to reach it again

  it('hides the connection badge on a phone', async () => {
    const browser = await openBrowser(phone);
    try {
      const page = await browser.page();
      await signIn(page, server.url, people.phone);
      expect(await heading(page)).toBe('Operator');
      expect(await badge(page).count()).toBe(0);
      // every control of the phone shell is at least 44 px tall (SPEC 9 touch target)
      const heights = await page.$$eval('header button, header a, nav a', (els) =>
        els.map((el) => [el.textContent?.trim(), Math.round(el.getBoundingClientRect().height)] as const),
      );
      expect(heights.filter(([, h]) => h < 44)).toEqual([]);
      expect(heights.length).toBeGreaterThanOrEqual(4);
      // an on-screen keyboard (the viewport 200 px shorter) puts the bottom navigation away
      // nothing is wider than the phone
      expect(await page.evaluate(() => window.innerWidth)).toBe(390);
      await page.setViewportSize({ width: 390, height: 644 });
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.screenshot({ path: join(screenshots, 'shell-mobile.png') });
    } finally {
      await browser.close();
    }
  });
});

describe('accessibility and looks', () => {
  it('login on a desktop and a phone has no serious or critical axe violation', async () => {
    for (const [name, options] of [
      ['desktop', desktop],
      ['mobile', phone],
    ] as const) {
      const browser = await openBrowser(options);
      try {
        const page = await browser.page();
        await page.goto(`${server.url}/login?expired=1`);
        await heading(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: join(screenshots, `login-${name}.png`) });
      } finally {
        await browser.close();
      }
    }
  });

  it('the shell on a desktop and a tablet has no serious or critical axe violation', async () => {
    for (const [name, options] of [
      ['desktop', desktop],
      ['tablet', { viewport: { width: 900, height: 1100 } }],
    ] as const) {
      const browser = await openBrowser(options);
      try {
        const page = await browser.page();
        await signIn(page, server.url, people.desk);
        await badgeReads(page, /^CONNECTED$/);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: join(screenshots, `shell-${name}.png`) });
      } finally {
        await browser.close();
      }
    }
  });

  it('reaches the navigation and sign-out by keyboard with a visible focus ring', async () => {
    const browser = await openBrowser(desktop);
    try {
      const page = await browser.page();
      await signIn(page, server.url, people.desk);
      const seen: string[] = [];
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return {
            body: el === document.body,
            text: el.textContent?.trim() ?? '',
            ring: getComputedStyle(el).boxShadow,
            html: el.outerHTML.slice(0, 200),
          };
        });
        if (focus.body) continue;
        expect(focus.ring, `focus ring on "${focus.text}" ${focus.html}`).not.toBe('none');
        seen.push(focus.text);
      }
      expect(seen).toEqual(expect.arrayContaining(['Skip to content', 'Sign out', 'Dashboard', 'Inventory']));
    } finally {
      await browser.close();
    }
  });
});
