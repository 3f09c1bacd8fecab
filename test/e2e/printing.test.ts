import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostStatusAnswer } from '../../streams/printing';
import { type FakePrinter, startFakePrinter } from '../server/fake-printer';
import { adminNewPassword, call, createPallet } from './support/api';
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
      // a printer that does not answer ~HS is "status unknown", and prints all the same
      await page.getByRole('button', { name: /Dock printer.*Default.*Status unknown/ }).waitFor();
      await other.getByRole('button', { name: /Dock printer.*Default/ }).waitFor({ timeout: 5_000 });
      await other.close();
      await page.bringToFront(); // a hidden tab lets its live stream go

      const preview = page.getByRole('img', { name: /^Test label of Dock printer, 100 × 150 mm at 203 dpi/ });
      await preview.locator('image').first().waitFor({ state: 'attached' });
      expect(await preview.locator('text').allTextContents()).toContain('Test label');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Print test label on Dock printer', exact: true }).click();
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
      const labels = qr.getByRole('region', { name: 'Labels printed' });
      await labels.getByText('No label of this pallet printed on a printer yet.').waitFor();
      await qr.getByRole('button', { name: 'Print label on Dock printer' }).click();
      const label = await printer.nextJob();
      const zpl = await fetch(`${server.url}/api/pallets/${pallet.id}/label.zpl`, {
        headers: { authorization: `Bearer ${adminToken}` },
      }).then((res) => res.text());
      expect(label.toString('ascii')).toBe(zpl);
      await page.getByText('Label sent to Dock printer').waitFor();
      // the dialog lists the labels printed of the pallet: this one, when, where, by whom, sent
      const listed = labels.getByRole('listitem');
      await listed.filter({ hasText: `Sent, ${label.length} bytes` }).waitFor();
      expect(await listed.allTextContents()).toEqual([
        expect.stringMatching(/Dock printer.*by admin.*Sent, \d+ bytes$/),
      ]);
      await page.screenshot({ path: join(screenshots, 'dashboard-network-print.png') });
      await labels.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, 'dashboard-pallet-labels.png') });
      // the label preview (a data: image) and the QR dialog pass the server's Content-Security-Policy
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("shows each printer's state live, refuses a label it would lose and sends it anyway on request", async () => {
    const fake = await startFakePrinter(hostStatusAnswer({ paperOut: true, labelsWaiting: 1 }));
    const browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      await call(
        server.url,
        'POST',
        '/api/printers',
        {
          locationId,
          name: 'Line printer',
          host: '127.0.0.1',
          port: fake.port,
          dpi: 203,
          labelWidthMm: 100,
          labelHeightMm: 150,
          isDefault: true,
        },
        adminToken,
      );
      const page = await browser.page();
      await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
      await page.goto(`${server.url}/printer-config`);
      const row = page.getByRole('button', { name: /^Line printer/ });
      await row.click();
      const state = row.getByTestId('printer-state');
      await page.waitForFunction(
        () =>
          document.querySelector('[aria-pressed="true"] [data-state]')?.getAttribute('data-state') ===
          'paper_out',
        undefined,
        { timeout: 10_000 },
      );
      expect(await state.textContent()).toBe('Paper out1 label waiting');

      // the test label is refused with the printer's trouble, and nothing reaches it
      await page.getByRole('button', { name: 'Print test label on Line printer', exact: true }).click();
      await page
        .getByTestId('print-status')
        .getByText('Line printer is out of labels: load labels, or print anyway')
        .waitFor();
      expect(fake.jobs).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'printer-config-paper-out.png') });
      await page.getByRole('button', { name: 'Print anyway' }).click();
      const forced = await fake.nextJob();
      await page
        .getByTestId('print-status')
        .getByText(`Sent ${forced.length} bytes to the printer`)
        .waitFor();

      // labels loaded: the next job's status query finds it ready, and the screen follows live
      fake.status = hostStatusAnswer();
      await page.getByRole('button', { name: 'Print test label on Line printer', exact: true }).click();
      await fake.nextJob();
      await page.waitForFunction(
        () =>
          document.querySelector('[aria-pressed="true"] [data-state]')?.getAttribute('data-state') ===
          'ready',
      );
      expect(await state.textContent()).toBe('Ready');
      expect(await page.getByRole('button', { name: 'Print anyway' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'printer-config-status.png') });

      // the QR dialog's "Print label" says the default printer's state too
      const pallet = await createPallet(server.url, adminToken, locationId);
      await page.goto(`${server.url}/dashboard`);
      await page.locator('output[data-status="ready"]').waitFor();
      await page
        .locator(`[data-pallet-id="${pallet.id}"]`)
        .getByRole('button', { name: /^QR of pallet/ })
        .click();
      const qr = page.getByRole('dialog', { name: 'Pallet QR code' });
      await qr.getByRole('button', { name: 'Print label on Line printer' }).waitFor();
      expect(await qr.getByTestId('printer-state').getAttribute('data-state')).toBe('ready');

      // the history lists every job of the location, the held one too, and reprints one as it was
      await page.goto(`${server.url}/printer-config`);
      const history = page.getByRole('region', { name: 'Recent labels' });
      const lineJobs = history.locator('tbody tr').filter({ hasText: 'Line printer' });
      await lineJobs.nth(2).waitFor();
      expect(await lineJobs.allInnerTexts()).toEqual([
        expect.stringMatching(/Line printer\s+Test label\s+admin\s+Sent, \d+ bytes\s+Ready → Ready/),
        expect.stringMatching(/Line printer\s+Test label\s+admin\s+Sent, \d+ bytes\s+Paper out → Paper out/),
        expect.stringMatching(
          /Line printer\s+Test label\s+admin\s+Held: printer not ready\s+Paper out → not sent/,
        ),
      ]);
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, 'printer-config-history.png') });
      await lineJobs.nth(1).getByRole('button', { name: 'Reprint Test label on Line printer' }).click();
      expect((await fake.nextJob()).equals(forced)).toBe(true);
      await page
        .getByTestId('reprint-status')
        .getByText(`Sent ${forced.length} bytes to the printer`)
        .waitFor();
      await lineJobs.nth(3).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await browser.close();
      await fake.close();
    }
  });
});
