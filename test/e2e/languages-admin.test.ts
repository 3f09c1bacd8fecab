import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDefaultPrinter, adminNewPassword, call, createPallet } from './support/api';
import { chooseLocationIfAsked, submitLogin, waitForPath } from './support/app';
import { withPage } from './support/browser';
import { overflowsSideways, setPseudoLocale, textsCutShort, textsLeftInCode } from './support/pseudo';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The admin area and the printers in the pseudo-language (every text from a catalogue, nothing
// cut or pushed sideways) and in Dutch (a refusal by its code, a user's language, a location's
// label language).

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const slow = { timeout: 30_000 };
const admin = { username: 'admin', password: adminNewPassword };
/** A user whose language the administrator sets in the user dialog. */
const dutchUser = { username: 'e2e-dutch', password: 'e2e-dutch-password' };
const widths = [1440, 1024] as const;
const sections = ['users', 'permissions', 'locations', 'zones', 'catalogue', 'activity'] as const;

let server: RunningServer;
let adminToken: string;
let locationId: string;

beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  const api = <T>(method: string, path: string, body?: unknown) =>
    call<T>(server.url, method, path, body, adminToken);
  // a zone holding a pallet (a refusal to delete it), a printer (its label), an event (the activity)
  const zone = await api<{ id: string }>('POST', '/api/storage/zones', {
    locationId,
    name: 'Koelcel E2E',
    rows: 2,
    rowCapacity: 5,
    temperature: 'cold',
  });
  const pallet = await createPallet(server.url, adminToken, locationId);
  await api('POST', '/api/storage/positions', { palletId: pallet.id, zoneId: zone.id, rowIndex: 0 });
  await addDefaultPrinter(server.url, adminToken, locationId, 'Dock printer', 9100);
  await api('POST', '/api/users', {
    ...dutchUser,
    first_login: false,
    desktop_access: true,
    locationIds: [locationId],
  });
  for (const dir of ['pseudo', 'nl']) mkdirSync(join(screenshots, dir), { recursive: true });
});
afterAll(async () => server?.dispose());

/** Signs in from the login page straight to `path`; `words` are the login form's in its language. */
async function signInAt(
  page: Page,
  path: string,
  who: { username: string; password: string },
  words = { username: 'Username', password: 'Password', submit: 'Sign in' },
) {
  await page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel(words.username).fill(who.username);
  await page.getByLabel(words.password).fill(who.password);
  await page.getByRole('button', { name: words.submit }).click();
  await waitForPath(page, path);
  await chooseLocationIfAsked(page);
}

const dutchLogin = { username: 'Gebruikersnaam', password: 'Wachtwoord', submit: 'Inloggen' };

/** Opens a section of the admin area by its tab's address (the tab's name is in the language shown). */
async function openSection(page: Page, section: (typeof sections)[number]) {
  await page.locator(`nav a[href="/nimda?tab=${section}"]`).click();
  await page.locator(`nav a[href="/nimda?tab=${section}"][aria-current="page"]`).waitFor(slow);
}

/** What each section shows once read, so a check sees it whole. */
const sectionReady: Record<(typeof sections)[number], string> = {
  users: 'tr[data-user="e2e-dutch"]',
  permissions: 'table input[type="checkbox"]',
  locations: 'main tbody th[scope="row"]',
  zones: 'main tbody th[scope="row"]',
  catalogue: 'main ul li',
  activity: 'tr[data-event-type]',
};

/** Data: the location names a user dialog offers (as the location select shows them), the events' times. */
const data = ['[role="dialog"] fieldset:last-of-type label', 'time'];

/** Nothing left in the code and nothing sticking out sideways; then a screenshot. */
async function expectPseudo(page: Page, name: string) {
  expect(await textsLeftInCode(page, { data })).toEqual([]);
  expect(await overflowsSideways(page)).toBe(false);
  await page.screenshot({ path: join(screenshots, 'pseudo', `${name}.png`) });
}

const dialog = (page: Page) => page.getByRole('dialog');
const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
};
/** Opens a dialog with `button`, checks it (with its form's problems after `submit`), closes it. */
async function checkDialog(page: Page, name: string, button: string, submit = false) {
  await page.locator(button).first().click();
  await dialog(page).waitFor();
  if (submit) {
    await dialog(page).locator('button[type="submit"]').click();
    await dialog(page).locator('[role="alert"], [aria-invalid="true"]').first().waitFor();
  }
  await expectPseudo(page, name);
  await closeDialog(page);
}

describe('the admin area and the printers in the pseudo-language', () => {
  it.each(widths)(
    'take every text of each section, dialog and the printers from a catalogue at %i px',
    async (width) => {
      await withPage({ viewport: { width, height: 900 } }, async (page) => {
        await signInAt(page, '/nimda', admin);
        await setPseudoLocale(page, true);
        await page.reload();
        for (const section of sections) {
          await openSection(page, section);
          await page.locator(sectionReady[section]).first().waitFor(slow);
          await expectPseudo(page, `admin-${section}-${width}`);
          const primary = 'main section button[class*="primary"]';
          if (section === 'users') {
            await checkDialog(page, `admin-user-new-${width}`, primary, true);
            const row = 'tr[data-user="e2e-dutch"] button';
            await checkDialog(page, `admin-user-edit-${width}`, row);
            await checkDialog(page, `admin-user-reset-${width}`, `${row} >> nth=1`, true);
            await checkDialog(page, `admin-user-disable-${width}`, `${row} >> nth=2`);
            await checkDialog(page, `admin-user-delete-${width}`, `${row} >> nth=3`);
          } else if (section === 'zones') {
            await checkDialog(page, `admin-zone-new-${width}`, primary, true);
            await checkDialog(page, `admin-zone-delete-${width}`, 'main tbody button[class*="danger"]');
          } else if (section === 'locations') {
            await checkDialog(page, `admin-location-new-${width}`, primary, true);
            await checkDialog(page, `admin-location-delete-${width}`, 'main tbody button[class*="danger"]');
          } else if (section === 'catalogue') {
            // a value struck out, a value refused, then the question before saving
            await page.locator('main ul li[data-removed="false"] button').first().click();
            await page.locator('main form button[type="submit"]').first().click();
            await page.locator('main [aria-invalid="true"]').first().waitFor();
            await expectPseudo(page, `admin-catalogue-edited-${width}`);
            await checkDialog(page, `admin-catalogue-remove-${width}`, primary);
          } else if (section === 'activity') {
            await page.locator('main figure svg').first().waitFor(slow);
            await page.locator('tr[data-event-type] button[translate="no"]').first().click();
            await page.locator('#history-heading').waitFor();
            await expectPseudo(page, `admin-activity-history-${width}`);
            await checkDialog(
              page,
              `admin-intervention-${width}`,
              'tr[data-event-type] td:last-child button',
              true,
            );
          }
        }

        await page.locator('nav a[href="/printer-config"]').click();
        await page.getByTestId('label-preview').locator('text').first().waitFor(slow);
        await page.locator('main button[class*="primary"]').first().click();
        await page.locator('main form input').first().waitFor();
        await expectPseudo(page, `printers-${width}`);
      });
    },
  );
});

describe('the admin area and the printers in Dutch', () => {
  it('say a refusal in Dutch, and a new location prints its labels in Dutch', async () => {
    await withPage({ viewport: { width: 1440, height: 900 }, locale: 'nl-NL' }, async (page) => {
      await signInAt(page, '/nimda?tab=zones', admin, dutchLogin);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
      await page.getByRole('heading', { level: 2, name: /^Opslagzones van/ }).waitFor(slow);
      await page.getByRole('button', { name: 'Koelcel E2E verwijderen' }).click();
      await page.getByRole('button', { name: 'Zone verwijderen' }).click();
      await dialog(page)
        .getByRole('alert')
        .filter({ hasText: /^Zone Koelcel E2E bevat nog 1 pallet$/ })
        .waitFor(slow);
      await page.screenshot({ path: join(screenshots, 'nl', 'admin-zone-refused.png') });
      await closeDialog(page);

      await openSection(page, 'catalogue');
      await page.getByRole('button', { name: 'Cherry uit de tomatensoorten halen' }).click();
      await page.getByRole('button', { name: 'Catalogus opslaan' }).click();
      await page.getByRole('button', { name: 'Weghalen en opslaan' }).click();
      await dialog(page)
        .getByRole('alert')
        .filter({
          hasText:
            /^Tomatensoort „Cherry” staat nog op \d+ pallets?\. Wijzig of verzend die pallets voordat je de waarde verwijdert\.$/,
        })
        .waitFor(slow);
      await closeDialog(page);

      await openSection(page, 'locations');
      await page.getByRole('button', { name: 'Nieuwe locatie' }).click();
      await dialog(page).getByLabel('Naam van de locatie').fill('E2E Westland');
      await dialog(page).getByRole('button', { name: 'Locatie toevoegen' }).click();
      await page.getByRole('row', { name: /E2E Westland/ }).waitFor(slow);
      const places = await call<{ data: { id: string; name: string }[] }>(
        server.url,
        'GET',
        '/api/locations',
        undefined,
        adminToken,
      );
      const westland = places.data.find((place) => place.name === 'E2E Westland')!;
      const settings = await call<{ labelLocale: string }>(
        server.url,
        'GET',
        `/api/locations/${westland.id}/settings`,
        undefined,
        adminToken,
      );
      expect(settings.labelLocale).toBe('nl');
      // the admin keeps one location, so no later sign-in asks which
      await call(server.url, 'DELETE', `/api/locations/${westland.id}`, undefined, adminToken);
    });
  });

  it.each(widths)('show each section and the printers whole at %i px', async (width) => {
    await withPage({ viewport: { width, height: 900 }, locale: 'nl-NL' }, async (page) => {
      await signInAt(page, '/nimda', admin, dutchLogin);
      for (const section of sections) {
        await openSection(page, section);
        await page.locator(sectionReady[section]).first().waitFor(slow);
        expect(await overflowsSideways(page)).toBe(false);
        expect({ section, cut: await textsCutShort(page.locator('main')) }).toEqual({ section, cut: [] });
        await page.screenshot({
          path: join(screenshots, 'nl', `admin-${section}-${width}.png`),
          fullPage: true,
        });
      }
      await page.locator('nav a[href="/printer-config"]').click();
      const preview = page.getByTestId('label-preview');
      await preview.locator('text').first().waitFor(slow);
      if (width === 1440) {
        // the preview speaks the location's label language, whatever the screen's
        expect(await preview.locator('text').allTextContents()).toContain('Test label');
        await page.getByLabel('Taal van de labels').selectOption('nl');
        await page
          .locator('[data-variant="success"]', { hasText: 'Labels worden nu gedrukt in het Nederlands' })
          .waitFor(slow);
        await preview.locator('text', { hasText: 'Testlabel' }).waitFor(slow);
        expect(await preview.getAttribute('lang')).toBe('nl');
      }
      expect(await overflowsSideways(page)).toBe(false);
      expect({ printers: width, cut: await textsCutShort(page.locator('main')) }).toEqual({
        printers: width,
        cut: [],
      });
      await page.screenshot({ path: join(screenshots, 'nl', `printers-${width}.png`), fullPage: true });
    });
  });
});

describe("a user's language set in the user dialog", () => {
  it("opens that user's next sign-in in that language", async () => {
    await withPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' }, async (page) => {
      await signInAt(page, '/nimda', admin);
      await page.getByRole('button', { name: 'Edit e2e-dutch' }).click();
      await dialog(page).getByLabel('Language').selectOption('nl');
      await dialog(page).getByRole('button', { name: 'Save user' }).click();
      await page.locator('[data-variant="success"]', { hasText: 'User "e2e-dutch" saved' }).waitFor(slow);
    });
    await withPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' }, async (page) => {
      await page.goto(`${server.url}/login`);
      await submitLogin(page, dutchUser);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await chooseLocationIfAsked(page);
      await page.waitForFunction(() => document.documentElement.lang === 'nl');
      await page.getByRole('button', { name: 'Uitloggen' }).first().waitFor();
      await page.screenshot({ path: join(screenshots, 'nl', 'user-language-sign-in.png') });
    });
  });
});
