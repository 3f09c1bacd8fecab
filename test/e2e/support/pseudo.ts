import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { pseudoLocaleKey } from '../../../src/deps';
import { isPseudoLocalised } from '../../../src/i18n/pseudo';

/** A text a person reads on the page, and where: the element (and attribute) holding it. */
export type ReadableText = { text: string; where: string };

/**
 * Turns the pseudo-language on for every page of the browser (before the app starts) or off:
 * every message then reads "[Šîĝñ îñ ~]", so a text left in the code stands out.
 */
export async function setPseudoLocale(page: Page, on: boolean) {
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, '1') : localStorage.removeItem(key)),
    [pseudoLocaleKey, on] as const,
  );
}

/** The browser's options for a page that opens in the pseudo-language from its first paint. */
export const pseudoStorage = (base: string): BrowserContextOptions['storageState'] => ({
  cookies: [],
  origins: [{ origin: base, localStorage: [{ name: pseudoLocaleKey, value: '1' }] }],
});

/**
 * Every text a person reads in `within` (the whole page unless told): visible text nodes, the
 * options of selects, `aria-label`, `title`, `placeholder` and `alt`, and for the whole page its
 * title.
 * Data is left out: whatever sits in `translate="no"` (names, ids, the brand) and in the `data`
 * selectors a test adds. So is a middle piece of a message (`data-message-piece`, such as the words
 * only a screen reader reads in "Delete<hidden> order of Jansen</hidden>"): the pseudo-language's
 * brackets stand at the message's ends, which are read.
 */
export function readableTexts(page: Page, { within = ['body'], data = [] as string[] } = {}) {
  return page.evaluate(
    ({ within, data }) => {
      const skip = ['[translate="no"]', '[data-message-piece]', 'script', 'style', 'noscript', ...data].join(
        ',',
      );
      const found: { text: string; where: string }[] = [];
      const where = (el: Element) =>
        el.tagName.toLowerCase() +
        (el.id ? `#${el.id}` : '') +
        (typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '');
      const seen = (el: Element) =>
        el.tagName === 'OPTION' ||
        el.closest('svg') !== null ||
        el.checkVisibility({ visibilityProperty: true });
      for (const root of within.flatMap((selector) => [...document.querySelectorAll(selector)])) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          const text = node.textContent?.trim();
          if (!el || !text || el.closest(skip) || el.closest('svg') || !seen(el)) continue;
          found.push({ text, where: where(el) });
        }
        for (const el of [root, ...root.querySelectorAll('[aria-label],[title],[placeholder],[alt]')]) {
          if (el.closest(skip) || !seen(el)) continue;
          for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            const value = el.getAttribute(name)?.trim();
            if (value) found.push({ text: value, where: `${where(el)}[${name}]` });
          }
        }
      }
      // the page's title belongs to the whole page, not to a part of it
      if (within.includes('body')) found.push({ text: document.title, where: 'title' });
      return found;
    },
    { within, data },
  );
}

/**
 * The texts in `within` that the pseudo-language did not reach: English left in the code (or a
 * piece of data the test should name in `data`). A page in the pseudo-language answers [].
 */
export async function textsLeftInCode(page: Page, options: { within?: string[]; data?: string[] } = {}) {
  return (await readableTexts(page, options)).filter(({ text }) => !isPseudoLocalised(text));
}

/** The page's `<html lang>`. */
export const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Whether anything on the page sticks out sideways (a word too long for its box pushes the page wider). */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * The texts inside `within` cut short on the screen: an element whose words are wider than its box
 * and cut at its edge (an ellipsis, clipped) or run out of a button, as a word too long for a
 * narrow column does, or that has more lines than it shows. Visually hidden texts (a box of 1 px,
 * for screen readers) are not on the screen.
 */
export const textsCutShort = (within: Locator) =>
  within.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter(
        (el) =>
          el.childElementCount === 0 &&
          el.textContent?.trim() &&
          el.clientWidth > 1 &&
          // words running out of a box drawn round them (a button's), or cut at its edge
          ((el.scrollWidth > el.clientWidth &&
            (getComputedStyle(el).overflowX !== 'visible' || el.closest('button') !== null)) ||
            // a line hidden, not the few pixels a glyph reaches below its line
            (getComputedStyle(el).overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 4)),
      )
      .map((el) => el.textContent?.trim()),
  );
