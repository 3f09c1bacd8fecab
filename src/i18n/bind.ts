import type { Services } from '../services';
import { showLanguage } from './i18n';
import { pseudoLocale } from './pseudo';

/**
 * Shows the app in the chosen language from now on, repainting it in place (live data, filters
 * and dialogs stay) and setting `<html lang>` to match. Resolves once the first language's
 * catalogues are in, so the first paint has its words (a screen that waited for them inside
 * React would be shown no sooner than React's Suspense throttle allows, 300 ms).
 */
export function bindLanguage({ locale, page }: Pick<Services, 'locale' | 'page'>): Promise<unknown> {
  return new Promise((firstShown) => {
    locale.locale$.subscribe((chosen) => {
      const language = page?.pseudo ? pseudoLocale : chosen;
      firstShown(showLanguage(language));
      page?.setLanguage(language === pseudoLocale ? 'en-XA' : language);
    });
  });
}
