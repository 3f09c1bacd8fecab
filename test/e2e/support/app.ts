import type { Page } from 'playwright-core';

/** The path and query the page shows now. */
export const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits until the page's path (and query) is `path`. */
export async function waitForPath(page: Page, path: string | RegExp) {
  await page
    .waitForURL((url) => {
      const at = url.pathname + url.search;
      return typeof path === 'string' ? at === path : path.test(at);
    })
    .catch((error: Error) => {
      // the page's own path says more than "timeout" about what went wrong
      throw new Error(`expected the page at ${path}, it is at ${here(page)}: ${error.message}`);
    });
}

/** Fills and sends the login form of the current page. */
export async function submitLogin(
  page: Page,
  who: { username: string; password: string },
  rememberMe = false,
) {
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /login and waits to leave the login page; picks the first location if asked. */
export async function signIn(
  page: Page,
  base: string,
  who: { username: string; password: string },
  rememberMe = false,
) {
  await page.goto(`${base}/login`);
  await submitLogin(page, who, rememberMe);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await chooseLocationIfAsked(page);
}

/** Answers the location step with the first location when the shell asks for one. */
export async function chooseLocationIfAsked(page: Page) {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  if ((await heading.textContent()) !== 'Choose your location') return;
  const select = page.getByLabel('Select Location');
  if (await select.count()) {
    const first = await select.locator('option:not([disabled])').first().getAttribute('value');
    await select.selectOption(first!);
  }
  await page.waitForFunction(() => document.querySelector('h1')?.textContent !== 'Choose your location');
}

/** The main heading's text once the page has one. */
export async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor();
  return (await h1.textContent()) ?? '';
}

/**
 * A handheld scanner's reading: its keys and Enter, as fast as a scanner sends them, to whatever
 * has the focus. Dispatched in the page at once, so the pace does not depend on how quickly a
 * busy test machine relays single key presses.
 */
export async function scanWithWedge(page: Page, text: string) {
  await page.evaluate((reading) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...reading, 'Enter'])
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, text);
}
