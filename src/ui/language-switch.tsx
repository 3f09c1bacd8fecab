import { useObservableEagerState } from 'observable-hooks';
import { useTranslation } from 'react-i18next';
import { type Locale, locales } from '../../streams/i18n';
import { useServices } from '../services';
import { apiErrorText } from '../shell/api-error';
import styles from './language-switch.module.css';

/** Each language in its own words ("Nederlands"), as a reader of it looks for it. */
export const ownName = (locale: Locale) =>
  new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;

/**
 * The languages side by side ("EN NL"), the chosen one pressed: chooses for this browser before
 * sign-in and for the user after it (kept on the server, so phone and desktop agree).
 */
export function LanguageSwitch() {
  const { locale, toasts } = useServices();
  const { t } = useTranslation();
  const chosen = useObservableEagerState(locale.locale$);
  const choose = (next: Locale) =>
    locale.choose(next).catch((error: unknown) => toasts.notify(apiErrorText(error), { variant: 'error' }));
  return (
    <fieldset aria-label={t('language')} className={styles.switch}>
      {locales.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          translate="no"
          className={styles.choice}
          aria-pressed={l === chosen}
          aria-label={`${l.toUpperCase()} – ${ownName(l)}`}
          title={ownName(l)}
          onClick={() => void choose(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
