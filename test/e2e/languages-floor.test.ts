import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoLocalise } from '../../src/i18n/pseudo';
import consoles from '../../src/locales/en/consoles.json';
import inventory from '../../src/locales/en/inventory.json';
import { toastDefaultDurationMs } from '../../streams/config';
import { type ApiPallet, adminNewPassword, call } from './support/api';
import { signIn } from './support/app';
import { withPage } from './support/browser';
import { overflowsSideways, setPseudoLocale, textsCutShort, textsLeftInCode } from './support/pseudo';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The floor's screens (sorting, kleinpak, logistics with its printed pick list and delivery note,
// and the inventory) in the pseudo-language and in Dutch.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
// the machine running the suite may be busy: waits are generous, never sleeps
const slow = { timeout: 30_000 };
const admin = { username: 'admin', password: adminNewPassword };
const widths = [1440, 1024] as const;
const at = (width: number): BrowserContextOptions => ({ viewport: { width, height: 900 } });

let server: RunningServer;
let adminToken: string;
let locationId: string;
/** A pallet on an order (it cannot be processed) and one in storage, both on the order to ship. */
let onOrder: ApiPallet;
let stored: ApiPallet;

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);
const make = (tomatoType: string, weight: number) =>
  api<ApiPallet>('POST', '/api/pallets', {
    locationId,
    palletType: 'Euro',
    boxType: 'Crate',
    tomatoType,
    tomatoOption: 'Loose',
    weight,
  });
const mine = async () =>
  (await api<{ data: ApiPallet[] }>('GET', `/api/pallets?locationId=${locationId}&limit=500`)).data;

beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  await make('Beef', 640);
  await make('Beef', 100.25);
  const processed = await make('Cherry', 410.5);
  await api('POST', `/api/pallets/${processed.id}/process`);
  stored = await make('Cherry', 380);
  onOrder = await make('Vine', 300);
  const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
    locationId,
    name: 'Cold store L',
    rows: 4,
    rowCapacity: 5,
  });
  await api('POST', '/api/storage/positions', { palletId: stored.id, zoneId: zone.id, rowIndex: 1 });
  const order = await api<{ id: string }>('POST', '/api/orders', {
    locationId,
    customer: 'Hoogvliet DC',
    requestedPallets: 3,
    dueDate: new Date().toLocaleDateString('en-CA'),
  });
  await api('POST', `/api/orders/${order.id}/assign`, { palletIds: [stored.id, onOrder.id] });
  for (const dir of ['pseudo', 'nl']) mkdirSync(join(screenshots, dir), { recursive: true });
}, 120_000);
afterAll(async () => server?.dispose());

/** An English message as the pseudo-language shows it, its placeholders filled in. */
const pseudo = (message: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, value),
    pseudoLocalise(message),
  );

/** A page whose print dialog never opens, so what is printed stays on the page to be looked at. */
const withPrintablePage = <T>(options: BrowserContextOptions, fn: (page: Page) => Promise<T>) =>
  withPage(options, async (page) => {
    await page.addInitScript(() => {
      window.print = () => {};
    });
    return fn(page);
  });

/**
 * Data the screens show as it is: the catalogue's values in the selects, figures whose only word
 * is the unit "kg" (the same in every language), and ages as `Intl` words them in the language
 * shown (the pseudo-language's are English's).
 */
const data = ['option', '[data-figure]', 'td[class*="number"]', 'time'];

/** Shows the page as the browser prints it (only the printed document), then as the screen again. */
async function asPrinted<T>(page: Page, look: () => Promise<T>): Promise<T> {
  await page.emulateMedia({ media: 'print' });
  try {
    return await look();
  } finally {
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  }
}

describe('the pseudo-language', () => {
  it.each(widths)(
    'reaches every text of the consoles and the inventory at %i px',
    async (width) => {
      await withPrintablePage(at(width), async (page) => {
        const look = async (name: string) => {
          expect(await textsLeftInCode(page, { data })).toEqual([]);
          expect(await overflowsSideways(page)).toBe(false);
          await page.screenshot({
            path: join(screenshots, 'pseudo', `${name}-${width}.png`),
            fullPage: true,
          });
        };
        await signIn(page, server.url, admin);
        await setPseudoLocale(page, true);

        // sorting: a pallet made, then undone
        await page.goto(`${server.url}/sorting`);
        const weight = page.locator('input[inputmode="decimal"]');
        await weight.waitFor(slow);
        await page.locator('select option', { hasText: 'Vine' }).first().waitFor({ state: 'attached' });
        const before = (await mine()).length;
        await weight.fill('250');
        await weight.press('Enter');
        await expect.poll(async () => (await mine()).length, slow).toBe(before + 1);
        const undo = page.locator('[role="status"] button');
        await undo.waitFor(slow);
        await look('console-sorting');
        await undo.click();
        await page.locator('[data-variant="info"]').waitFor(slow);
        await expect.poll(async () => (await mine()).length, slow).toBe(before);
        await look('console-sorting-undone');
        // what the weight field cannot read, said in words
        await weight.fill('12,3,4');
        await weight.press('Enter');
        await page.locator('[role="alert"], [aria-invalid="true"]').first().waitFor(slow);
        expect(await textsLeftInCode(page, { data })).toEqual([]);

        // kleinpak: a pallet scanned, the stock to pick from, the day's processed pallets
        await page.goto(`${server.url}/kleinpak`);
        const scan = page.locator('form input').first();
        await scan.waitFor(slow);
        await scan.fill(onOrder.id);
        await scan.press('Enter');
        await page.getByTestId('scanned-pallet').waitFor(slow);
        await page.locator('[aria-labelledby="kleinpak-today"] tbody tr').first().waitFor(slow);
        await look('console-kleinpak');
        // the server refuses it: on an order
        await page.getByTestId('scanned-pallet').locator('button').click();
        await page.locator('[data-variant="error"]').waitFor(slow);
        await look('console-kleinpak-refused');

        // logistics: the day's order, its pick list on screen, then printed; the delivery note printed
        await page.goto(`${server.url}/logistics`);
        const card = page.locator('[data-order]').first();
        await card.waitFor(slow);
        await look('console-logistics');
        const customer = { customer: 'Hoogvliet DC' };
        await card.getByRole('button', { name: pseudo(consoles.logistics.pickListFor, customer) }).click();
        const dialog = page.getByRole('dialog');
        await dialog.locator(`[data-pallet="${stored.id}"]`).waitFor(slow);
        await look('console-logistics-pick-list');
        await dialog.getByRole('button', { name: pseudo(consoles.logistics.printPickList) }).click();
        await asPrinted(page, async () => {
          await page.locator('article').waitFor(slow);
          await look('console-logistics-pick-list-printed');
        });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', ...slow });
        await card
          .getByRole('button', { name: pseudo(consoles.logistics.deliveryNoteFor, customer) })
          .click();
        await asPrinted(page, async () => {
          await page.locator('article').waitFor(slow);
          await look('console-logistics-delivery-note-printed');
        });

        // the inventory: figures, charts, tables, its settings dialog, and a list filtered by a chart's bar
        await page.goto(`${server.url}/dashboard/inventory`);
        await page.locator('[data-status="ready"]').waitFor(slow);
        await page.locator('[data-chart="tomatoType"] .recharts-bar-rectangle').first().waitFor(slow);
        await page.locator('[data-pallet-id]').first().waitFor(slow);
        await look('inventory');
        await page.locator('[data-chart="age"] .recharts-bar-rectangle').first().click();
        await page.locator('button', { hasText: '✕' }).waitFor(slow);
        await look('inventory-filtered');
        await page.getByRole('button', { name: pseudo(inventory.editSettings) }).click();
        await page.getByRole('dialog').locator('input').first().waitFor(slow);
        await look('inventory-settings');
      });
    },
    180_000,
  );
});

/** Signs in on the Dutch sign-in screen, and picks the first location if asked. */
async function signInInDutch(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Gebruikersnaam').fill(admin.username);
  await page.getByLabel('Wachtwoord').fill(admin.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor(slow);
  if ((await heading.textContent()) !== 'Kies je locatie') return;
  const select = page.getByLabel('Locatie kiezen');
  if (await select.count()) {
    const first = await select.locator('option:not([disabled])').first().getAttribute('value');
    await select.selectOption(first!);
  }
  await page.waitForFunction(() => document.querySelector('h1')?.textContent !== 'Kies je locatie');
}

describe('a Dutch browser', () => {
  it('reads a typed weight as Dutch writes it, and says in Dutch what it cannot read; a refusal in Dutch', async () => {
    await withPrintablePage({ ...at(1440), locale: 'nl-NL' }, async (page) => {
      const shoot = async (name: string) => {
        expect(await overflowsSideways(page)).toBe(false);
        expect({ name, cut: await textsCutShort(page.locator('main')) }).toEqual({ name, cut: [] });
        await page.screenshot({ path: join(screenshots, 'nl', `${name}-1440.png`), fullPage: true });
        await page.setViewportSize({ width: 1024, height: 900 });
        expect(await overflowsSideways(page)).toBe(false);
        expect({ name, cut: await textsCutShort(page.locator('main')) }).toEqual({ name, cut: [] });
        await page.screenshot({ path: join(screenshots, 'nl', `${name}-1024.png`), fullPage: true });
        await page.setViewportSize({ width: 1440, height: 900 });
      };
      await signInInDutch(page);
      await page.goto(`${server.url}/sorting`);
      await page.getByRole('heading', { level: 1, name: 'Sorteren' }).waitFor(slow);
      expect(await page.title()).toBe('Sorteren · Tomato Warehouse');
      const weight = page.getByRole('textbox', { name: 'Gewicht' });
      await page
        .getByRole('combobox', { name: 'Tomatensoort' })
        .locator('option', { hasText: 'Vine' })
        .waitFor({ state: 'attached', ...slow });

      // "1,234.5" is English's way: not read, and not guessed
      await weight.fill('1,234.5');
      await weight.press('Enter');
      await page.getByText('“1,234.5” is niet te lezen als gewicht: schrijf het als 1.234,5').waitFor(slow);

      const before = new Set((await mine()).map((p) => p.id));
      await weight.fill('1.234,5');
      await weight.press('Enter');
      await expect.poll(async () => (await mine()).filter((p) => !before.has(p.id)).length, slow).toBe(1);
      const made = (await mine()).find((p) => !before.has(p.id))!;
      expect(made.weight).toBe(1234.5);
      await page.getByRole('status').getByText('1.234,50 kg').waitFor(slow);
      // the shift's kilos (the pallets made before by the same user among them), grouped as Dutch groups them
      await page.locator('[data-figure="shift-kg"]', { hasText: /^\d\.\d{3} kg$/ }).waitFor(slow);
      // undone within its 10 s, before the screenshots, which may take longer than that on a busy machine
      await page.getByRole('button', { name: 'Laatste pallet ongedaan maken' }).click();
      await expect.poll(async () => (await mine()).some((p) => p.id === made.id), slow).toBe(false);
      await shoot('console-sorting');

      // kleinpak: a pallet on an order cannot be processed, and the server's refusal reads in Dutch
      await page.goto(`${server.url}/kleinpak`);
      const scan = page.getByRole('textbox', { name: 'Pallet-ID of scan' });
      await scan.fill(onOrder.id);
      await scan.press('Enter');
      await page.getByTestId('scanned-pallet').getByRole('button', { name: 'Verwerkt' }).click();
      const refusal = page.locator('[data-variant="error"]');
      const sentence = refusal.getByText(
        `Pallet ${onOrder.id} staat op een order; haal hem eerst van de order voordat je hem verwerkt`,
      );
      await sentence.waitFor(slow);
      // cut at two lines in the stack, it reads whole while the pointer is on it, which keeps it past its time
      const cut = () => sentence.evaluate((message) => message.scrollHeight > message.clientHeight);
      expect(await cut()).toBe(true);
      await refusal.hover();
      expect(await cut()).toBe(false);
      await page.waitForTimeout(toastDefaultDurationMs + 500);
      expect(await sentence.isVisible()).toBe(true);
      await page.mouse.move(0, 0);
      await shoot('console-kleinpak');

      // logistics: the order's card, its pick list, and the printed pick list and delivery note
      await page.goto(`${server.url}/logistics`);
      const card = page.getByRole('listitem', { name: 'Order voor Hoogvliet DC' });
      await card.getByText('Nog 1 pallet nodig').waitFor(slow);
      await shoot('console-logistics');
      await card.getByRole('button', { name: 'Picklijst voor Hoogvliet DC' }).click();
      const dialog = page.getByRole('dialog', { name: 'Picklijst: Hoogvliet DC' });
      await dialog.locator(`[data-pallet="${stored.id}"]`).waitFor(slow);
      await shoot('console-logistics-pick-list');
      await dialog.getByRole('button', { name: 'Picklijst printen' }).click();
      await asPrinted(page, async () => {
        await page.getByRole('article', { name: 'Picklijst' }).waitFor(slow);
        await shoot('console-logistics-pick-list-printed');
      });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', ...slow });
      await card.getByRole('button', { name: 'Pakbon voor Hoogvliet DC' }).click();
      await asPrinted(page, async () => {
        const note = page.getByRole('article', { name: 'Pakbon' });
        await note.getByText('2 pallets, 680 kg').waitFor(slow);
        await shoot('console-logistics-delivery-note-printed');
      });
    });
  }, 120_000);

  it('heads the inventory and its CSV export in Dutch', async () => {
    await withPrintablePage({ ...at(1440), locale: 'nl-NL' }, async (page) => {
      const shoot = async (name: string) => {
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          expect(await overflowsSideways(page)).toBe(false);
          expect({ name, cut: await textsCutShort(page.locator('main')) }).toEqual({ name, cut: [] });
          await page.screenshot({ path: join(screenshots, 'nl', `${name}-${width}.png`), fullPage: true });
        }
      };
      await signInInDutch(page);
      await page.goto(`${server.url}/dashboard/inventory`);
      await page.getByRole('heading', { level: 1, name: 'Voorraad' }).waitFor(slow);
      await page.locator('[data-chart="tomatoType"] .recharts-bar-rectangle').first().waitFor(slow);
      await page.locator('[data-pallet-id]').first().waitFor(slow);
      await shoot('inventory');
      await page.locator('[data-stock="zone"]').scrollIntoViewIfNeeded();
      await shoot('inventory-tables');
      await page.locator('[data-testid="inventory-scroller"]').scrollIntoViewIfNeeded();
      await shoot('inventory-list');
      await page.getByRole('button', { name: 'Alleen pallets Beef tonen' }).click();
      await page.getByRole('button', { name: 'Filter Tomatensoort: Beef wissen' }).waitFor(slow);
      await page.getByTestId('inventory-count').filter({ hasText: '2 pallets' }).waitFor(slow);
      await shoot('inventory-filtered');

      const [download] = await Promise.all([
        page.waitForEvent('download', slow),
        page.getByRole('button', { name: 'CSV exporteren' }).click(),
      ]);
      const csv = readFileSync((await download.path()) as string, 'utf8').trim();
      // a Dutch spreadsheet's separators: semicolons between cells, a comma in a number
      const [head, ...rows] = Papa.parse<string[]>(csv, { delimiter: ';' }).data;
      expect(head).toEqual([
        'ID',
        'Tomatensoort',
        'Doostype',
        'Optie',
        'Type',
        'Gewicht (kg)',
        'Zone',
        'Leeftijd',
        'Gemaakt',
      ]);
      expect(rows.map((row) => row[1])).toEqual(['Beef', 'Beef']);
      expect(rows.map((row) => row[5]).filter((kg) => !/^\d+(,\d+)?$/.test(kg))).toEqual([]);
      expect(rows.some((row) => row[5].includes(','))).toBe(true);

      await page.getByRole('button', { name: 'Rijping en minimumvoorraad' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rijping en minimumvoorraad' });
      await dialog.getByLabel('Beef minimum kg').waitFor(slow);
      await shoot('inventory-settings');
      // days out of order: said in Dutch, with the type, before anything is sent
      await dialog.getByLabel('Beef bijna over datum vanaf dag').fill('2');
      await dialog.getByRole('button', { name: 'Instellingen opslaan' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'Beef: elke dag moet groter zijn dan de dag ervoor' })
        .waitFor(slow);
    });
  }, 120_000);
});
