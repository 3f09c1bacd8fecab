import CircleAlert from 'lucide-react/icons/circle-alert';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocations, useUser } from '../hooks/app-state';
import { useServices } from '../services';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { LocationSelect } from '../ui/location-select';
import { PageTitle } from '../ui/page-title';
import { apiErrorText } from './api-error';
import styles from './choose-location.module.css';

/** Asks for the working location after sign-in; a user with a single location gets it at once. */
export function ChooseLocation() {
  const { session } = useServices();
  const { t } = useTranslation(['shell', 'common']);
  const user = useUser();
  const state = useLocations();
  const only = state.status === 'ready' && state.locations.length === 1 ? state.locations[0].id : null;
  useEffect(() => {
    if (only) session.preferences.selectLocation(only);
  }, [only, session]);

  return (
    <section className={styles.panel} aria-labelledby="choose-location">
      <PageTitle page={t('chooseLocation.title')} />
      <h1 id="choose-location">{t('chooseLocation.title')}</h1>
      <p className={styles.lead}>
        <Trans
          t={t}
          i18nKey="chooseLocation.lead"
          values={{ name: user?.username }}
          components={{ strong: <strong translate="no" /> }}
        />
      </p>
      {state.status === 'loading' && (
        <p role="status" className={styles.note}>
          <Icon of={LoaderCircle} /> {t('chooseLocation.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <p role="alert" className={styles.error}>
          <Icon of={CircleAlert} /> {apiErrorText(state.error)}
        </p>
      )}
      {state.status === 'ready' && state.locations.length === 0 && (
        <p role="alert" className={styles.error}>
          <Icon of={TriangleAlert} /> {t('chooseLocation.none')}
        </p>
      )}
      {state.status === 'ready' && state.locations.length > 1 && (
        <LocationSelect
          locations={state.locations}
          value={null}
          onChange={session.preferences.selectLocation}
        />
      )}
      <Button variant="ghost" onClick={() => void session.logout()}>
        {t('common:actions.signOut')}
      </Button>
    </section>
  );
}
