/** The app's language as a stream: `createLocale(deps)` gives `locale$` and `choose(locale)`. */
export { chosenLocaleKey, createLocale, decideLocale, type LocaleStore, localeOf } from './locale';
export { isLocale, type Locale, locales } from './locales';
