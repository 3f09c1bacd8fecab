import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeScale, settling, startFakeScale } from '../server/fake-scale';
import { adminNewPassword, call } from './support/api';
import { signIn } from './support/app';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// A site's network scales, set up on the printers' screen: the admin adds the scale beside the
// sorting line, corrects it, and the server reads it for whoever opens its weight.

const screenshots = join(import.meta.dirname, '..', 'screenshots');

let server: RunningServer;
let adminToken: string;
let locationId: string;
let scale: FakeScale;
beforeAll(async () => {
  [{ server, adminToken, locationId }, scale] = await Promise.all([
    startSeededServer(),
    startFakeScale('continuous', settling(12.34)),
  ]);
});
afterAll(async () => {
  await scale?.close();
  await server?.dispose();
});

describe('scales', () => {
  it('adds a scale on /printer-config, refuses a port off the list, changes and removes it', async () => {
    const browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await browser.page();
      page.on('dialog', (dialog) => void dialog.accept());
      await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
      await page.goto(`${server.url}/printer-config`);
      await page.getByRole('heading', { name: 'Printers and scales', level: 1 }).waitFor();
      const panel = page.locator('section', {
        has: page.getByRole('heading', { name: 'Scales', exact: true }),
      });
      await panel.getByText('No scale yet').waitFor();

      await panel.getByRole('button', { name: 'Add scale' }).click();
      const form = page.getByRole('form', { name: 'Scale' });
      await form.getByLabel('Scale name').fill('Sorting line');
      await form.getByLabel('Host name or IP address').fill('127.0.0.1');
      await form.getByLabel('Port', { exact: true }).fill('80');
      await form.getByLabel('Protocol').selectOption('continuous');
      await form.getByRole('button', { name: 'Save scale' }).click();
      // said in the form, beside the port, where it stays until the next save
      await form
        .getByRole('alert')
        .filter({ hasText: /Scales may only be on port 9100/ })
        .waitFor();
      await page.screenshot({ path: join(screenshots, 'printer-config-scale-refused.png'), fullPage: true });

      await form.getByLabel('Port', { exact: true }).fill(String(scale.port));
      await form.getByRole('button', { name: 'Save scale' }).click();
      await panel.getByText(`127.0.0.1:${scale.port} · Continuous output (ST,GS,… lines)`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'printer-config-scales.png'), fullPage: true });

      const listed = await call<{ data: unknown[] }>(
        server.url,
        'GET',
        `/api/scales?locationId=${locationId}`,
        undefined,
        adminToken,
      );
      expect(listed.data).toMatchObject([{ name: 'Sorting line', protocol: 'continuous', port: scale.port }]);

      await panel.getByRole('button', { name: 'Edit Sorting line' }).click();
      await form.getByLabel('Scale name').fill('Line 2');
      await form.getByLabel('Protocol').selectOption('mt-sics');
      await form.getByRole('button', { name: 'Save scale' }).click();
      await panel.getByText('MT-SICS (Mettler Toledo)').waitFor();

      await panel.getByRole('button', { name: 'Delete Line 2' }).click();
      await panel.getByText('No scale yet').waitFor();
    } finally {
      await browser.close();
    }
  });

  it('the sorting console shows the scale live, takes its weight once steady with Enter, and says when it goes silent', async () => {
    const made = await call<{ id: string }>(
      server.url,
      'POST',
      '/api/scales',
      { locationId, name: 'Line scale', host: '127.0.0.1', port: scale.port, protocol: 'continuous' },
      adminToken,
    );
    scale.silent = false;
    scale.script = [{ weightKg: 511.9, stable: false }];
    const pallets = async () =>
      (
        await call<{ data: { weight: number }[] }>(
          server.url,
          'GET',
          `/api/pallets?locationId=${locationId}&limit=500`,
          undefined,
          adminToken,
        )
      ).data;
    const before = (await pallets()).length;
    const browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await browser.page();
      await page.addInitScript(() => {
        window.print = () => setTimeout(() => window.dispatchEvent(new Event('afterprint')));
      });
      await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
      await page.getByRole('link', { name: 'Sorting' }).click();
      await page.getByRole('combobox', { name: 'Scale' }).selectOption({ label: 'Line scale' });
      const readout = page.getByRole('status', { name: 'Weight on Line scale' });
      // settling: greyed, and Enter does not take it
      await page.locator('output[data-stable="false"]').waitFor();
      expect(await readout.textContent()).toContain('511.90 kg');
      await page.getByRole('textbox', { name: 'Weight' }).press('Enter');
      await page.getByText(/still settling/).waitFor();
      expect((await pallets()).length).toBe(before);

      // steady: Enter makes the pallet with the scale's weight
      scale.script = [{ weightKg: 512.4, stable: true }];
      await page.locator('output[data-stable="true"]').waitFor();
      expect(await readout.textContent()).toContain('512.40 kg');
      await page.getByRole('textbox', { name: 'Weight' }).press('Enter');
      await expect.poll(async () => (await pallets()).length, { timeout: 30_000 }).toBe(before + 1);
      expect((await pallets()).map((p) => p.weight)).toContain(512.4);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'console-sorting-scale.png'), fullPage: true });

      // the scale stops sending: the console says so instead of showing its last weight
      scale.silent = true;
      await page
        .getByText('Line scale sends no weight: check the scale, or type the weight')
        .waitFor({ timeout: 30_000 });
      expect(await readout.textContent()).not.toContain('512.40 kg');
    } finally {
      await browser.close();
      await call(server.url, 'DELETE', `/api/scales/${made.id}`, undefined, adminToken);
    }
  });
});
