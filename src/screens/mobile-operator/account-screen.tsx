import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocationId, useLocations, useUser } from '../../hooks/app-state';
import { useServices } from '../../services';
import { Button } from '../../ui/button';
import { LanguageSwitch } from '../../ui/language-switch';
import { LocationSelect } from '../../ui/location-select';
import { PageTitle } from '../../ui/page-title';
import styles from './mobile.module.css';

/** The Account tab: who is signed in, in which language, where, and the way out. */
export function AccountScreen() {
  const { t } = useTranslation(['mobile', 'common']);
  const { session } = useServices();
  const user = useUser();
  const locationId = useLocationId();
  const locations = useLocations();
  const choices = locations.status === 'ready' ? locations.locations : [];
  return (
    <>
      <PageTitle page={t('account.pageTitle')} />
      <h2 className={styles.title}>{t('account.title')}</h2>
      <dl className={styles.facts}>
        <dt>{t('account.signedInAs')}</dt>
        <dd translate="no">{user?.username}</dd>
        <dt>{t('common:language')}</dt>
        <dd>
          <LanguageSwitch />
        </dd>
      </dl>
      {choices.length > 0 && locationId && (
        <LocationSelect
          locations={choices}
          value={locationId}
          onChange={session.preferences.selectLocation}
        />
      )}
      <div className={styles.actions}>
        <Link className={styles.choice} to="/change-password">
          {t('account.changePassword')}
        </Link>
        <Button variant="danger" onClick={() => void session.logout()}>
          {t('common:actions.signOut')}
        </Button>
      </div>
    </>
  );
}
