import { Link } from 'react-router-dom';
import { useLocationId, useLocations, useUser } from '../../hooks/app-state';
import { useServices } from '../../services';
import { Button } from '../../ui/button';
import { LanguageSwitch } from '../../ui/language-switch';
import { LocationSelect } from '../../ui/location-select';
import styles from './mobile.module.css';

/** The Account tab: who is signed in, where, in which language, and the way out. */
export function AccountScreen() {
  const { session } = useServices();
  const user = useUser();
  const locationId = useLocationId();
  const locations = useLocations();
  const choices = locations.status === 'ready' ? locations.locations : [];
  return (
    <>
      <h2 className={styles.title}>Account</h2>
      <dl className={styles.facts}>
        <dt>Signed in as</dt>
        <dd>{user?.username}</dd>
      </dl>
      {choices.length > 0 && locationId && (
        <LocationSelect
          locations={choices}
          value={locationId}
          onChange={session.preferences.selectLocation}
        />
      )}
      <LanguageSwitch />
      <div className={styles.actions}>
        <Link className={styles.choice} to="/change-password">
          Change password
        </Link>
        <Button variant="danger" onClick={() => void session.logout()}>
          Sign out
        </Button>
      </div>
    </>
  );
}
