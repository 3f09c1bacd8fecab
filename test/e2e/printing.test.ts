import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePrinter, startFakePrinter } from '../server/fake-printer';
import { adminNewPassword, createPallet } from './support/api';
import { signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { cspViolations, openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// Label printing as a site sets it up: the admin adds the network printer, checks its label and
// prints a test, then a desk worker's pallet label reaches the printer.

const screenshots = join(import.meta.dirname, '..', 'screenshots');

let server: RunningServer;
let adminToken: string;
let locationId: string;
let printer: FakePrinter;
beforeAll(async () => {
  [{ server, adminToken, locationId }, printer] = await Promise.all([
    startSeededServer(),
    startFakePrinter(),
  ]);
});
afterAll(async () => {
  await printer?.close();
  await server?.dispose();
});

describe('label printing', () => {
  it('adds a printer, previews and test-prints its label, and prints a pallet label from the dashboard', async () => {
    const browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await browser.page();
      const refused = cspViolations(page);
      await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
      await page.goto(`${server.url}/printer-config`);
      // after a reload the badge says what the live stream is, though it opened before the badge
      await page.locator('header').getByText('Connected', { exact: true }).waitFor({ timeout: 5_000 });
      // a second screen of the printers, open before the printer is added, follows it live
      const other = await browser.newPage();
      await other.goto(`${server.url}/printer-config`);
      await other.getByText('No printer yet').waitFor();
      await page.getByRole('button', { name: 'Add printer' }).click();
      const form = page.getByRole('form', { name: 'Printer' });
      await form.getByLabel('Printer name').fill('Dock printer');
      await form.getByLabel('Host name or IP address').fill('127.0.0.1');
      await form.getByLabel('Port', { exact: true }).fill(String(printer.port));
      await form.getByLabel('Label width (mm)').fill('100');
      await form.getByLabel('Label height (mm)').fill('150');
      await form.getByRole('button', { name: 'Save printer' }).click();
      await page.getByRole('button', { name: /Dock printer.*Default/ }).waitFor();
      await other.getByRole('button', { name: /Dock printer.*Default/ }).waitFor({ timeout: 5_000 });
      await other.close();
      await page.bringToFront(); // a hidden tab lets its live stream go

      const preview = page.getByRole('img', { name: /^Test label of Dock printer, 100 × 150 mm at 203 dpi/ });
      await preview.locator('image').first().waitFor({ state: 'attached' });
      expect(await preview.locator('text').allTextContents()).toContain('Test label');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Print test label on Dock printer' }).click();
      const status = page.getByTestId('print-status');
      await page.waitForFunction(() =>
        /Sent \d+ bytes/.test(document.querySelector('[data-testid="print-status"]')?.textContent ?? ''),
      );
      const test = await printer.nextJob();
      expect(await status.textContent()).toBe(`Sent ${test.length} bytes to the printer`);
      expect(test.toString('ascii')).toMatch(/^\^XA.*Test label.*Dock printer.*\^XZ\n$/);
      await page.screenshot({ path: join(screenshots, 'printer-config.png') });

      const pallet = await createPallet(server.url, adminToken, locationId);
      await page.goto(`${server.url}/dashboard`);
      await page.locator('output[data-status="ready"]').waitFor();
      await page
        .locator(`[data-pallet-id="${pallet.id}"]`)
        .getByRole('button', { name: /^QR of pallet/ })
        .click();
      const qr = page.getByRole('dialog', { name: 'Pallet QR code' });
      await qr.getByRole('button', { name: 'Print label on Dock printer' }).click();
      const label = await printer.nextJob();
      const zpl = await fetch(`${server.url}/api/pallets/${pallet.id}/label.zpl`, {
        headers: { authorization: `Bearer ${adminToken}` },
      }).then((res) => res.text());
      expect(label.toString('ascii')).toBe(zpl);
      await page.getByText('Label sent to Dock printer').waitFor();
      await page.screenshot({ path: join(screenshots, 'dashboard-network-print.png') });
      // the label preview (a data: image) and the QR dialog pass the server's Content-Security-Policy
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
