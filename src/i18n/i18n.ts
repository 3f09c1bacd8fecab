import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { locales } from '../../streams/i18n';
import { pseudoCatalogue, pseudoLocale } from './pseudo';
import type { Namespace } from './resources';

type Catalogue = Parameters<typeof pseudoCatalogue>[0];

/** Each catalogue file its own chunk, loaded when its language and namespace are first needed. */
const catalogues = import.meta.glob<Catalogue>('../locales/*/*.json', { import: 'default' });

/** The catalogue of a language and namespace; the pseudo-language's is made from English's. */
async function catalogue(language: string, namespace: string): Promise<Catalogue> {
  const source = language === pseudoLocale ? locales[0] : language;
  const load = catalogues[`../locales/${source}/${namespace}.json`];
  if (!load) throw new Error(`No catalogue ${source}/${namespace}`);
  const messages = await load();
  return language === pseudoLocale ? pseudoCatalogue(messages) : messages;
}

const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, done) => {
    catalogue(language, namespace).then(
      (messages) => done(null, messages),
      (error: Error) => done(error, false),
    );
  },
};

/** Every namespace that has a catalogue, as the files name them. */
export const namespaces = [
  ...new Set(Object.keys(catalogues).map((path) => path.replace(/^.*\/(.+)\.json$/, '$1'))),
] as Namespace[];

/**
 * The namespaces loaded with the language, in one round: the shared pieces', the error
 * catalogue's, and those of the screens in the first chunk (sign-in and the frame). A lazy
 * screen's own namespace loads with the screen.
 */
export const sharedNamespaces: Namespace[] = ['common', 'errors', 'login', 'shell'];

/** The app's one i18next instance; `showLanguage` starts it. */
export const i18n = i18next.createInstance();
i18n.use(backend).use(initReactI18next);

let started: Promise<unknown> | null = null;

/**
 * Shows the app in `language`: loads its catalogues of the namespaces in use (only that
 * language's: there is no fallback language, since the catalogue check keeps each complete),
 * then repaints every component that reads a message.
 */
export function showLanguage(language: string): Promise<unknown> {
  if (started) return started.then(() => i18n.changeLanguage(language));
  started = i18n.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...locales, pseudoLocale],
    ns: sharedNamespaces,
    defaultNS: 'common',
    // React escapes what it renders
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return started;
}
