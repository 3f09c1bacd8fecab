import { useObservableEagerState } from 'observable-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { openConsoles } from '../../../streams/consoles';
import { canAccessAdminTab } from '../../../streams/permissions';
import { useLocations, useMobileDevice, useUser } from '../../hooks/app-state';
import { usePermission } from '../../hooks/permissions';
import { useServices } from '../../services';
import { desktopNav, mobileNav } from '../../shell/nav';
import { Button } from '../../ui/button';
import styles from './admin-refresh-screen.module.css';

/**
 * Admin refresh (`/admin`, `/admin-refresh`): after an administrator changed someone's flags,
 * locations or restrictions, that person opens it to take the change at once, without signing in
 * again or waiting for the 5-minute check, and sees what they may open now.
 */
export default function AdminRefreshScreen() {
  const { session, locations: locationList } = useServices();
  const state = useObservableEagerState(session.state$);
  const user = useUser();
  const permissions = usePermission();
  const locations = useLocations();
  const mobile = useMobileDevice();
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [checking, setChecking] = useState(true);

  const check = useCallback(async () => {
    setChecking(true);
    await session.validate();
    locationList.reload();
    setCheckedAt(new Date());
    setChecking(false);
  }, [session, locationList]);
  useEffect(() => {
    void check();
  }, [check]);

  const screens = useMemo(
    () => (mobile ? mobileNav : desktopNav(canAccessAdminTab(permissions), openConsoles(permissions))),
    [mobile, permissions],
  );
  const status =
    checking || permissions.loading
      ? 'Checking your access with the server…'
      : state.name === 'FAILED'
        ? `Your access could not be checked: ${state.reason}`
        : (permissions.error ?? `Your access is up to date (checked at ${checkedAt?.toLocaleTimeString()}).`);

  return (
    <div className={styles.screen}>
      <h1>Admin refresh</h1>
      <p className={styles.summary}>
        Takes what an administrator changed about your account (what you may do, your locations and
        restrictions) without signing in again.
      </p>
      <p role="status" className={styles.status} data-busy={checking || permissions.loading}>
        {status}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Signed in as</dt>
          <dd>{user?.username}</dd>
        </div>
        <div>
          <dt>Your locations</dt>
          <dd>
            {locations.status === 'ready'
              ? locations.locations.map((l) => l.name).join(', ') || 'None yet: ask an administrator'
              : '…'}
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>You can open</dt>
          <dd>
            <ul className={styles.screens}>
              {screens.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <Button onClick={() => void check()} disabled={checking}>
        Check again
      </Button>
    </div>
  );
}
