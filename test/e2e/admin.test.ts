import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shell from '../../src/locales/en/shell.json';
import { type ApiPallet, adminNewPassword, call, createPallet, people } from './support/api';
import { chooseLocationIfAsked, heading, signIn, submitLogin, waitForPath } from './support/app';
import { seriousViolations } from './support/axe';
import { openBrowser, phone } from './support/browser';
import { startSeededServer } from './support/seeded';
import type { RunningServer } from './support/server';

// The admin area at /nimda against the real server, as an administrator, a manager of one
// location, a user whose console permission is taken away while their page is open, and a viewer
// use it.

const screenshots = join(import.meta.dirname, '..', 'screenshots');
const wide = { viewport: { width: 1440, height: 1000 } };
const slow = { timeout: 30_000 };
const admin = { username: 'admin', password: adminNewPassword };

let server: RunningServer;
let adminToken: string;
let locationId: string;
let adminPage: Page;
let closeAdmin: () => Promise<void>;

beforeAll(async () => {
  ({ server, adminToken, locationId } = await startSeededServer());
  const browser = await openBrowser(wide);
  closeAdmin = browser.close;
  adminPage = await browser.page();
  await signInAt(adminPage, '/nimda', admin);
});
afterAll(async () => {
  await closeAdmin?.();
  await server?.dispose();
});

const api = <T = unknown>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, path, body, adminToken);

/** A user made through the API, at `locationIds` (the test location unless given). */
const makeUser = (username: string, fields: Record<string, unknown>, locationIds = [locationId]) =>
  api<{ data: { id: string } }>('POST', '/api/users', {
    username,
    password: `${username}-password`,
    first_login: false,
    locationIds,
    ...fields,
  }).then((made) => made.data.id);

const signInAs = (username: string) => ({ username, password: `${username}-password` });

/** Signs in from the login page straight to `path` (one page load, not the dashboard's first). */
async function signInAt(page: Page, path: string, who: { username: string; password: string }) {
  await page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
  await submitLogin(page, who);
  await waitForPath(page, path);
  await chooseLocationIfAsked(page);
}

/** Opens a section of the admin area by its tab, as a person would. */
async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name }).click();
  await page
    .getByRole('link', { name, exact: true })
    .and(page.locator('[aria-current="page"]'))
    .waitFor(slow);
}

/** Waits for the open dialog to show the server's refusal `text` in full. */
async function refusal(page: Page, text: string | RegExp) {
  await page.getByRole('dialog').getByRole('alert').filter({ hasText: text }).waitFor(slow);
}

/** Waits for a toast of `variant` saying `text` (toasts of earlier steps may still show). */
async function toast(page: Page, variant: 'success' | 'error', text: string | RegExp) {
  await page.locator(`[data-variant="${variant}"]`, { hasText: text }).first().waitFor(slow);
}

async function shoot(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(screenshots, `admin-${name}.png`) });
}

/** The admin area's tabs once they show. */
async function tabNames(page: Page) {
  const tabs = page.getByRole('navigation', { name: 'Admin sections' });
  await tabs.waitFor(slow);
  return tabs.getByRole('link').allTextContents();
}

describe('the admin area', () => {
  it('creates a user with mobile access only, who lands on the operator area on a phone and is refused on a desktop', async () => {
    expect(await tabNames(adminPage)).toEqual([
      'Users',
      'Permissions',
      'Locations',
      'Zones',
      'Catalogue',
      'Activity',
    ]);
    await adminPage.getByRole('row', { name: /e2e-desk/ }).waitFor(slow);
    await shoot(adminPage, 'users');

    await adminPage.getByRole('button', { name: 'New user' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'New user' });
    // the form says what is wrong before anything is sent
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Enter a username').waitFor();
    await dialog.getByLabel('Username').fill('e2e-picker');
    await dialog.getByLabel('Temporary password').fill('picker-temp-1');
    await dialog.getByLabel('Desktop access').uncheck();
    await dialog.getByLabel('Mobile access').check();
    await dialog.getByLabel('E2E Depot').check();
    await shoot(adminPage, 'user-new');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await toast(adminPage, 'success', 'User "e2e-picker" created');
    const row = adminPage.getByRole('row', { name: /e2e-picker/ });
    expect(await row.textContent()).toMatch(/Mobile.*Password not chosen yet/);
    expect(await row.textContent()).not.toContain('Desktop');

    const phoneBrowser = await openBrowser(phone);
    try {
      const page = await phoneBrowser.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, { username: 'e2e-picker', password: 'picker-temp-1' });
      await waitForPath(page, '/change-password');
      await page.getByLabel('Current password').fill('picker-temp-1');
      await page.getByLabel('New password', { exact: true }).fill('picker-own-1');
      await page.getByLabel('Repeat new password').fill('picker-own-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await waitForPath(page, /^\/mobile\/operator/);
    } finally {
      await phoneBrowser.close();
    }
    const desk = await openBrowser(wide);
    try {
      const page = await desk.page();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, { username: 'e2e-picker', password: 'picker-own-1' });
      await page.getByRole('alert').first().waitFor(slow);
      expect(await page.getByRole('alert').first().textContent()).toContain(
        'Desktop access denied. This account may only be used on a mobile device.',
      );
    } finally {
      await desk.close();
    }
  });

  it("shows a manager of one location that location's users only, and only the sections their flags open", async () => {
    const far = await api<{ data: { id: string } }>('POST', '/api/locations', { name: 'Far Site' });
    await makeUser('e2e-far', { desktop_access: true }, [far.data.id]);
    await makeUser('e2e-usermgr', { desktop_access: true, permissions: { manage_users: true } });
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      await signIn(page, server.url, signInAs('e2e-usermgr'));
      await page.getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('row', { name: /e2e-desk/ }).waitFor(slow);
      expect(await tabNames(page)).toEqual(['Users']);
      const names = await page
        .locator('tbody tr[data-user]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user')));
      expect(names).toContain('e2e-usermgr');
      expect(names).not.toContain('e2e-far');
      expect(names).not.toContain('admin');
      await page.getByLabel('Search users').fill('far');
      await page.getByText('No user matches "far".').waitFor();
    } finally {
      await browser.close();
    }
  });

  it("closes a console in a user's open page at their next permission load once the admin takes its permission away", async () => {
    await makeUser('e2e-sorter', {
      desktop_access: true,
      permissions: { manage_users: true, sorting_access: true },
    });
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      // the page's clock, so the 5-minute validation that loads permissions again comes at once
      await page.clock.install();
      await signInAt(page, '/sorting', signInAs('e2e-sorter'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('textbox', { name: 'Weight' }).waitFor(slow);
      expect(await nav.getByRole('link', { name: 'Sorting' }).count()).toBe(1);

      await openTab(adminPage, 'Permissions');
      const box = adminPage.getByRole('checkbox', { name: 'sorting_access for e2e-sorter', exact: true });
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await shoot(adminPage, 'permissions');
      await adminPage.getByRole('button', { name: 'Save permissions of e2e-sorter' }).click();
      await toast(adminPage, 'success', 'Permissions of "e2e-sorter" saved');

      // SPEC 6: the sorting module needs sorting_access; the open console gives way to the sentence
      // at its route, and the navigation links it no more
      await page.clock.fastForward('05:01');
      await page.getByRole('alert').filter({ hasText: 'needs sorting access' }).waitFor(slow);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Sorting console closed');
      expect(await page.getByRole('textbox', { name: 'Weight' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Sorting' }).count()).toBe(0);
      await nav.getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('heading', { name: 'Users' }).waitFor(slow);

      // a restriction follows the same way: the area closes in the open page, with its sentence
      await adminPage
        .getByRole('checkbox', { name: 'restrict_admin_tab for e2e-sorter', exact: true })
        .check();
      await adminPage.getByRole('button', { name: 'Save restrictions of e2e-sorter' }).click();
      await toast(adminPage, 'success', 'Restrictions of "e2e-sorter" saved');
      await adminPage.getByRole('heading', { name: 'Restrictions' }).scrollIntoViewIfNeeded();
      await adminPage.screenshot({ path: join(screenshots, 'admin-restrictions.png') });
      await page.clock.fastForward('05:01');
      await page.getByRole('heading', { name: 'Admin area closed' }).waitFor(slow);
      expect(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count(),
      ).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('gives the viewer no admin entry and refuses them /nimda with a sentence', async () => {
    const { data } = await api<{ data: { id: string; username: string }[] }>('GET', '/api/users');
    const viewer = data.find((u) => u.username === people.viewer.username)!;
    await api('PUT', `/api/permissions/users/${viewer.id}/restrictions`, {
      data: [{ restriction_key: 'restrict_admin_tab' }],
    });
    const browser = await openBrowser(wide);
    try {
      const page = await browser.page();
      await signInAt(page, '/nimda', people.viewer);
      expect(await heading(page)).toContain('Admin area closed');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'Dashboard',
        'Inventory',
        'Printers and scales',
      ]);
      expect(await page.getByRole('alert').first().textContent()).toBe(shell.denied.adminRestricted);
      await shoot(page, 'refused');
    } finally {
      await browser.close();
    }
  });

  it("lists a new pallet's events in Activity, with its history and an intervention", async () => {
    const pallet: ApiPallet = await createPallet(server.url, adminToken, locationId);
    await openTab(adminPage, 'Activity');
    await adminPage.getByLabel('Pallet ID').fill(pallet.id);
    await adminPage.getByRole('button', { name: 'Show events' }).click();
    const events = adminPage.getByRole('table', { name: 'Events' });
    await events.locator('tr[data-event-type="pallet_created"]').waitFor(slow);
    expect(await events.locator('tbody tr').count()).toBe(1);
    await events.getByRole('button', { name: `History of pallet ${pallet.id.slice(-8)}` }).click();
    const history = adminPage.getByRole('table', { name: `History of pallet ${pallet.id.slice(-8)}` });
    await history.locator('tr[data-event-type="pallet_created"]').waitFor(slow);
    await adminPage.locator('.recharts-bar-rectangle').first().waitFor(slow);
    await shoot(adminPage, 'activity');

    await events.getByRole('button', { name: /^Intervene on pallet created/ }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Record intervention' }).click();
    await dialog.getByText('Describe what was done').waitFor();
    await dialog.getByLabel('What was done').fill('Label reprinted');
    await dialog.getByRole('button', { name: 'Record intervention' }).click();
    await toast(adminPage, 'success', 'Intervention recorded');
    const logged = await api<{ data: { eventType: string; notes: string }[] }>(
      'GET',
      `/api/insights/events/pallet/${pallet.id}`,
    );
    expect(logged.data.map((e) => [e.eventType, e.notes])).toContainEqual([
      'intervention_added',
      'Label reprinted',
    ]);
  });

  it('edits zones and the catalogue, and says why the server refuses what would orphan pallets', async () => {
    await openTab(adminPage, 'Zones');
    await adminPage.getByRole('button', { name: 'New zone' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'New storage zone' });
    await dialog.getByLabel('Zone name').fill('Cold store E2E');
    await dialog.getByLabel('Rows').fill('0');
    await dialog.getByRole('button', { name: 'Add zone' }).click();
    await dialog.getByText('Rows: a whole number from 1 to 200').waitFor();
    await dialog.getByLabel('Rows').fill('3');
    await dialog.getByLabel('Temperature').selectOption('cold');
    await dialog.getByRole('button', { name: 'Add zone' }).click();
    await toast(adminPage, 'success', 'Zone "Cold store E2E" added');
    const zones = await api<{ data: { id: string; name: string }[] }>(
      'GET',
      `/api/storage/zones?locationId=${locationId}`,
    );
    const zone = zones.data.find((z) => z.name === 'Cold store E2E')!;
    const pallet: ApiPallet = await createPallet(server.url, adminToken, locationId);
    await api('POST', '/api/storage/positions', { palletId: pallet.id, zoneId: zone.id, rowIndex: 0 });
    await adminPage.reload();
    await adminPage.getByRole('row', { name: /Cold store E2E.*Cold.*1 of 30/ }).waitFor(slow);
    await shoot(adminPage, 'zones');
    await adminPage.getByRole('button', { name: 'Delete Cold store E2E' }).click();
    await adminPage.getByRole('button', { name: 'Delete zone' }).click();
    await refusal(adminPage, /^Zone Cold store E2E still holds 1 pallet$/);

    await adminPage.keyboard.press('Escape');
    await openTab(adminPage, 'Catalogue');
    await adminPage.getByRole('button', { name: 'Remove Cherry from tomato types' }).click();
    await adminPage.getByLabel('New tomato type').fill('Plum');
    await adminPage.getByRole('button', { name: 'Add tomato type' }).click();
    await shoot(adminPage, 'catalogue');
    await adminPage.getByRole('button', { name: 'Save catalogue' }).click();
    await adminPage.getByRole('button', { name: 'Remove and save' }).click();
    await refusal(
      adminPage,
      /^Tomato type "Cherry" is still on 2 pallets\. Change or ship those pallets before removing it\.$/,
    );

    await adminPage.keyboard.press('Escape');
    await openTab(adminPage, 'Locations');
    await adminPage.getByRole('row', { name: /Far Site/ }).waitFor(slow);
    await shoot(adminPage, 'locations');
    await adminPage.getByRole('button', { name: 'Delete E2E Depot' }).click();
    await adminPage.getByRole('button', { name: 'Delete location' }).click();
    await refusal(
      adminPage,
      /^E2E Depot still holds \d+ pallets and 1 storage zone: delete or move them before deleting the location$/,
    );
    await shoot(adminPage, 'location-refused');
  });
});
