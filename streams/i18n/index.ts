/** The app's language as a stream: `createLocale(deps)` gives `locale$` and `choose(locale)`. */
export {
  chosenLocaleKey,
  createLocale,
  decideLocale,
  type Locale,
  type LocaleStore,
  localeOf,
  locales,
} from './locale';
