import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, people, seedPeople } from './support/api';
import { submitLogin, waitForPath } from './support/app';
import { desktop, openBrowser, phone } from './support/browser';
import {
  htmlLang,
  overflowsSideways,
  pseudoStorage,
  setPseudoLocale,
  textsCutShort,
  textsLeftInCode,
} from './support/pseudo';
import { type RunningServer, startServer } from './support/server';

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const wide: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
/** A first-login user on two locations: the change of password, the location step and the header's select. */
const linguist = { username: 'e2e-linguist', password: 'linguist-password-1' };
/** A desk user on two locations, past the first login: the location step in Dutch. */
const traveller = { username: 'e2e-traveller', password: 'traveller-password-1' };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  const { adminToken, locations } = await seedPeople(server.url);
  const annex = await call<{ data: { id: string } }>(
    server.url,
    'POST',
    '/api/locations',
    { name: 'E2E Annex' },
    adminToken,
  );
  await call(
    server.url,
    'POST',
    '/api/users',
    {
      ...linguist,
      locationIds: [...locations.map((l) => l.id), annex.data.id],
      first_login: true,
      desktop_access: true,
      mobile_access: false,
    },
    adminToken,
  );
  await call(
    server.url,
    'POST',
    '/api/users',
    {
      ...traveller,
      locationIds: [...locations.map((l) => l.id), annex.data.id],
      first_login: false,
      desktop_access: true,
      mobile_access: false,
    },
    adminToken,
  );
  for (const dir of ['pseudo', 'nl']) mkdirSync(join(screenshots, dir), { recursive: true });
});
afterAll(async () => server?.dispose());

async function withPage<T>(options: BrowserContextOptions, fn: (page: Page) => Promise<T>) {
  const browser = await openBrowser(options);
  try {
    return await fn(await browser.page());
  } finally {
    await browser.close();
  }
}

const submitButton = (page: Page) => page.locator('form button[type="submit"]');

describe('the pseudo-language', () => {
  it.each([
    ['desktop at 1440 px', wide, 'login-1440'],
    ['phone at 390 px', phone, 'login-390'],
  ])('reaches every text of the sign-in screen on a %s', async (_, options, name) => {
    await withPage({ ...options, storageState: pseudoStorage(server.url) }, async (page) => {
      await page.goto(`${server.url}/login`);
      await submitButton(page).waitFor();
      expect(await htmlLang(page)).toBe('en-XA');
      expect(await submitButton(page).textContent()).toMatch(/^\[Šîĝñ îñ ~+\]$/);
      expect(await textsLeftInCode(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await page.screenshot({ path: join(screenshots, 'pseudo', `${name}.png`) });
    });
  });

  it('reaches every text of the change of password, the location step, a toast and the frame', async () => {
    await withPage(wide, async (page) => {
      await page.goto(`${server.url}/login`);
      await submitLogin(page, linguist);
      await waitForPath(page, '/change-password');
      await setPseudoLocale(page, true);
      await page.reload();
      const passwords = page.locator('input[type="password"]');
      await passwords.first().waitFor();
      expect(await textsLeftInCode(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'pseudo', 'change-password-1440.png') });

      await passwords.nth(0).fill(linguist.password);
      await passwords.nth(1).fill('linguist-password-2');
      await passwords.nth(2).fill('linguist-password-2');
      await submitButton(page).click();
      // the toast of the change, over the location step inside the frame
      await page.locator('[data-variant="success"]').waitFor();
      await page.locator('main select').waitFor();
      expect(await textsLeftInCode(page)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'pseudo', 'choose-location-1440.png') });

      await page.locator('main select').selectOption({ index: 1 });
      await page.locator('header select').waitFor();
      await page.locator('header button[data-state]').hover();
      const frame = { within: ['header', 'nav', '[aria-live]'] };
      expect(await textsLeftInCode(page, frame)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await page.screenshot({ path: join(screenshots, 'pseudo', 'shell-1440.png') });
    });
  });

  it('fails a text left in the code, unless the test names it as data', async () => {
    await withPage({ ...wide, storageState: pseudoStorage(server.url) }, async (page) => {
      await page.goto(`${server.url}/login`);
      await submitButton(page).waitFor();
      await page.evaluate(() => {
        const left = document.createElement('p');
        left.className = 'left-in-code';
        left.textContent = 'Forgot your password?';
        document.querySelector('form')!.append(left);
      });
      expect(await textsLeftInCode(page)).toEqual([
        { text: 'Forgot your password?', where: 'p.left-in-code' },
      ]);
      expect(await textsLeftInCode(page, { data: ['.left-in-code'] })).toEqual([]);
    });
  });
});

describe('a Dutch browser', () => {
  it('opens the sign-in screen in Dutch, and the switch changes it at once, keeping what was typed', async () => {
    await withPage({ ...desktop, locale: 'nl-NL' }, async (page) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
      expect(await htmlLang(page)).toBe('nl');
      expect(await page.title()).toBe('Inloggen · Tomato Warehouse');
      await page.getByLabel('Gebruikersnaam').fill(people.desk.username);
      expect(await page.getByLabel('Onthoud mij').count()).toBe(1);
      expect(await textsCutShort(page.locator('body'))).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'nl', 'login.png') });

      await page.getByRole('button', { name: 'EN – English' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.getByLabel('Username').inputValue()).toBe(people.desk.username);
      expect(await page.getByRole('button', { name: 'EN – English' }).getAttribute('aria-pressed')).toBe(
        'true',
      );

      // the choice outlives a reload
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
    });
  });

  it('signs in and frames the screens in Dutch', async () => {
    await withPage({ ...wide, locale: 'nl-NL' }, async (page) => {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Gebruikersnaam').fill(people.desk.username);
      await page.getByLabel('Wachtwoord').fill(people.desk.password);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
      await nav.getByRole('link', { name: 'Overzicht' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Voorraad' }).count()).toBe(1);
      expect(await page.locator('header').getByRole('button', { name: 'Uitloggen' }).count()).toBe(1);
      expect(await htmlLang(page)).toBe('nl');
      // the frame's words whole: the header, the menu
      expect(await textsCutShort(page.locator('header'))).toEqual([]);
      expect(await textsCutShort(nav)).toEqual([]);
      await page.screenshot({ path: join(screenshots, 'nl', 'shell.png') });
    });
  });

  it("shows the location step, the change of password with a 422's fields worded, and the refusals of a console and of the sign-in in Dutch", async () => {
    await withPage({ ...wide, locale: 'nl-NL' }, async (page) => {
      const shoot = async (name: string) => {
        expect({ name, cut: await textsCutShort(page.locator('body')) }).toEqual({ name, cut: [] });
        await page.screenshot({ path: join(screenshots, 'nl', `${name}.png`) });
      };
      const signInAs = async (who: { username: string; password: string }) => {
        await page.goto(`${server.url}/login`);
        await page.getByLabel('Gebruikersnaam').fill(who.username);
        await page.getByLabel('Wachtwoord').fill(who.password);
        await page.getByRole('button', { name: 'Inloggen' }).click();
      };
      await signInAs(traveller);
      await page.getByRole('heading', { level: 1, name: 'Kies je locatie' }).waitFor();
      await shoot('choose-location');
      await page.getByLabel('Locatie kiezen').selectOption({ label: 'E2E Annex' });
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).waitFor();

      await page.goto(`${server.url}/change-password`);
      const passwords = page.locator('input[type="password"]');
      await passwords.nth(0).fill('not-the-password-1');
      await passwords.nth(1).fill('a-new-password-1');
      await passwords.nth(2).fill('a-new-password-1');
      await submitButton(page).click();
      // the server answers {currentPassword: {code: 'CURRENT_PASSWORD_INCORRECT'}} beside its English
      await page
        .locator('form')
        .getByRole('alert')
        .filter({ hasText: 'Ongeldige gegevens ingevoerd: Het huidige wachtwoord klopt niet' })
        .waitFor();
      expect(await page.getByText('Current password is incorrect', { exact: false }).count()).toBe(0);
      await shoot('change-password-refused');

      // a console this account may not open
      await page.goto(`${server.url}/kleinpak`);
      await page.getByRole('heading', { level: 1, name: 'Console Kleinpak gesloten' }).waitFor();
      await shoot('console-denied');

      // a phone-only account on a desktop: refused at the sign-in
      await page.locator('header').getByRole('button', { name: 'Uitloggen' }).click();
      await signInAs(people.phone);
      await page
        .getByRole('alert')
        .getByText('Geen toegang op de desktop. Dit account werkt alleen op een mobiel apparaat.')
        .waitFor();
      await shoot('login-desktop-refused');
    });
  });

  it('reads a refusal of the sign-in in Dutch', async () => {
    await withPage({ ...desktop, locale: 'nl-NL' }, async (page) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('Vul zowel gebruikersnaam als wachtwoord in');
    });
  });
});
