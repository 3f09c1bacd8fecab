import { useObservableEagerState } from 'observable-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canAccessAdminTab } from '../../../streams/permissions';
import { useLocations, useMobileDevice, useUser } from '../../hooks/app-state';
import { useOpenConsoles, usePermission } from '../../hooks/permissions';
import { useFormats } from '../../i18n/format';
import { useServices } from '../../services';
import { specText } from '../../shell/api-error';
import { desktopNav, mobileNav } from '../../shell/nav';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import styles from './admin-refresh-screen.module.css';

/**
 * Admin refresh (`/admin`, `/admin-refresh`): after an administrator changed someone's flags,
 * locations or restrictions, that person opens it to take the change at once, without signing in
 * again or waiting for the 5-minute check, and sees what they may open now.
 */
export default function AdminRefreshScreen() {
  const { session, locations: locationList, scheduler } = useServices();
  const { t } = useTranslation('shell');
  const format = useFormats();
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
    setCheckedAt(new Date(scheduler.now()));
    setChecking(false);
  }, [session, locationList, scheduler]);
  useEffect(() => {
    void check();
  }, [check]);

  const consoles = useOpenConsoles();
  const screens = useMemo(
    () => (mobile ? mobileNav(consoles) : desktopNav(canAccessAdminTab(permissions), consoles)),
    [mobile, permissions, consoles],
  );
  const status =
    checking || permissions.loading
      ? t('refresh.checking')
      : state.name === 'FAILED'
        ? t('refresh.failed', { reason: specText(state.reason) })
        : permissions.error
          ? specText(permissions.error)
          : t('refresh.upToDate', { time: checkedAt ? format.time(checkedAt) : '' });

  return (
    <div className={styles.screen}>
      <PageTitle page={t('refresh.title')} />
      <h1>{t('refresh.title')}</h1>
      <p className={styles.summary}>{t('refresh.summary')}</p>
      <p role="status" className={styles.status} data-busy={checking || permissions.loading}>
        {status}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('refresh.signedInAs')}</dt>
          <dd translate="no">{user?.username}</dd>
        </div>
        <div>
          <dt>{t('refresh.locations')}</dt>
          <dd>
            {locations.status !== 'ready' ? (
              '…'
            ) : locations.locations.length ? (
              <span translate="no">{format.list(locations.locations.map((l) => l.name))}</span>
            ) : (
              t('refresh.noLocations')
            )}
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('refresh.canOpen')}</dt>
          <dd>
            <ul className={styles.screens}>
              {screens.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{t(`nav.${item.name}`)}</Link>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <Button onClick={() => void check()} disabled={checking}>
        {t('refresh.checkAgain')}
      </Button>
    </div>
  );
}
