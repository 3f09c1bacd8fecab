import { useEffect } from 'react';
import { useLocations, useUser } from '../hooks/app-state';
import { useServices } from '../services';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { LocationSelect } from '../ui/location-select';
import { apiErrorText } from './api-error';
import styles from './choose-location.module.css';

/** Asks for the working location after sign-in; a user with a single location gets it at once. */
export function ChooseLocation() {
  const { session } = useServices();
  const user = useUser();
  const state = useLocations();
  const only = state.status === 'ready' && state.locations.length === 1 ? state.locations[0].id : null;
  useEffect(() => {
    if (only) session.preferences.selectLocation(only);
  }, [only, session]);

  return (
    <section className={styles.panel} aria-labelledby="choose-location">
      <h1 id="choose-location">Choose your location</h1>
      <p className={styles.lead}>
        Signed in as <strong>{user?.username}</strong>. Pallets, orders and live updates follow the location
        you choose; you can change it later in the header.
      </p>
      {state.status === 'loading' && (
        <p role="status" className={styles.note}>
          <Icon name="loader" /> Loading locations...
        </p>
      )}
      {state.status === 'failed' && (
        <p role="alert" className={styles.error}>
          <Icon name="alert" /> {apiErrorText(state.error)}
        </p>
      )}
      {state.status === 'ready' && state.locations.length === 0 && (
        <p role="alert" className={styles.error}>
          <Icon name="warning" /> Your account has no locations yet. Ask an administrator to add you to one.
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
        Sign out
      </Button>
    </section>
  );
}
