import { useObservableEagerState } from 'observable-hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { showsAdminEntry } from '../../streams/admin';
import {
  useConnectionHealth,
  useConnectionState,
  useLocationId,
  useLocations,
  useMobileDevice,
  useUser,
  useViewport,
} from '../hooks/app-state';
import { useLiveStatus } from '../hooks/live';
import { useOpenConsoles, usePermission } from '../hooks/permissions';
import { useServices } from '../services';
import { Button } from '../ui/button';
import { ConnectionBadge } from '../ui/connection-badge';
import { LanguageSwitch } from '../ui/language-switch';
import { PullToRefresh } from '../ui/layout/pull-to-refresh';
import { LoadingOverlay, ProcessingIndicator } from '../ui/loading-overlay';
import { LocationSelect } from '../ui/location-select';
import { Logo } from '../ui/logo';
import { ModalStackProvider } from '../ui/modal-stack';
import { apiErrorText } from './api-error';
import { ChooseLocation } from './choose-location';
import { desktopNav, mobileNav } from './nav';
import { NavIcon } from './nav-icon';
import styles from './shell.module.css';

/**
 * The work under way (SPEC 2): the last action that must not be interrupted behind the
 * full-screen overlay, background work (the last begun, a reload of the location's data after
 * the server's `reset`, or its pallets beyond the first page) in the corner.
 */
function Processing() {
  const { t } = useTranslation();
  const jobs = useObservableEagerState(useServices().processing.state$);
  const status = useLiveStatus();
  // the location's data loading while the screen shows what it has
  const liveWork =
    status === 'reloading'
      ? t('background.reload')
      : status === 'partial'
        ? t('background.morePallets')
        : undefined;
  const blocking = jobs.findLast((job) => job.kind === 'blocking');
  const background = jobs.findLast((job) => job.kind === 'background');
  return (
    <>
      <LoadingOverlay show={blocking !== undefined} text={blocking?.text} />
      <ProcessingIndicator
        show={background !== undefined || liveWork !== undefined}
        text={background ? background.text : liveWork}
      />
    </>
  );
}

/**
 * The frame around every signed-in screen, laid out by the viewport's strategy: desktop sidebar,
 * tablet collapsible sidebar, mobile bottom navigation with pull-to-refresh. Until a location is
 * chosen it asks for one instead of showing the screen.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const services = useServices();
  const { session } = services;
  const { t } = useTranslation(['shell', 'common']);
  const user = useUser();
  const { layout, keyboardOpen } = useViewport();
  const mobile = useMobileDevice();
  const locationId = useLocationId();
  const locations = useLocations();
  const connection = useConnectionState();
  const health = useConnectionHealth();
  const permissions = usePermission();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const consoles = useOpenConsoles();
  const nav = mobile ? mobileNav(consoles) : desktopNav(showsAdminEntry(permissions), consoles);
  const choices = locations.status === 'ready' ? locations.locations : [];
  // until a first-login user has chosen their password the server answers none of their
  // locations' calls: the screens they may reach meanwhile need no location
  const working = !user?.first_login;
  // a location remembered from another account, or since taken away, is forgotten
  const stale =
    working &&
    locationId !== null &&
    locations.status === 'ready' &&
    !choices.some((l) => l.id === locationId);
  useEffect(() => {
    if (stale) session.preferences.selectLocation(null);
  }, [stale, session]);
  const failure = locations.status === 'failed' ? locations.error : null;
  useEffect(() => {
    if (failure) services.toasts.notify(apiErrorText(failure), { variant: 'error' });
  }, [failure, services]);
  const content = !working || (locationId && !stale) ? children : <ChooseLocation />;

  const links = (className: string) =>
    nav.map((item) => (
      <NavLink
        key={item.to}
        to={item.to}
        end
        className={({ isActive }) => `${className} ${isActive ? styles.active : ''}`}
        onClick={() => setSidebarOpen(false)}
      >
        <span className={styles.short}>
          <NavIcon name={item.name} />
        </span>
        <span className={styles.label}>{t(`nav.${item.name}`)}</span>
      </NavLink>
    ));

  return (
    <ModalStackProvider maxLayers={layout.maxModalLayers}>
      <div
        className={styles.shell}
        data-layout={layout.kind}
        data-sidebar={sidebarOpen ? 'open' : 'closed'}
        data-keyboard={keyboardOpen ? 'open' : 'closed'}
      >
        <a className={styles.skip} href="#main">
          {t('skip')}
        </a>
        <header className={styles.header}>
          {layout.navigation === 'collapsible-sidebar' && (
            <Button
              variant="ghost"
              iconOnly
              aria-label={sidebarOpen ? t('closeMenu') : t('openMenu')}
              aria-expanded={sidebarOpen}
              aria-controls="shell-nav"
              onClick={() => setSidebarOpen((o) => !o)}
            >
              <span className={styles.burger} aria-hidden="true" />
            </Button>
          )}
          <span className={styles.brand}>
            <Logo />
            <span className={styles.brandName} translate="no">
              Tomato Warehouse
            </span>
          </span>
          <div className={styles.headerEnd}>
            {locationId && choices.length > 1 && (
              <div className={styles.location}>
                <LocationSelect
                  compact
                  locations={choices}
                  value={locationId}
                  onChange={session.preferences.selectLocation}
                />
              </div>
            )}
            {choices.length === 1 && choices[0].id === locationId && (
              <span className={styles.place} translate="no">
                {choices[0].name}
              </span>
            )}
            <ConnectionBadge state={connection} health={health} mobile={mobile} />
            {/* a phone chooses its language under Account: its header's room goes to the location */}
            {!mobile && <LanguageSwitch />}
            <span className={styles.user} title={t('signedIn')}>
              <span translate="no">{user?.username}</span>
            </span>
            <Button variant="ghost" className={styles.signOut} onClick={() => void session.logout()}>
              {t('common:actions.signOut')}
            </Button>
          </div>
        </header>
        {layout.navigation !== 'bottom' && (
          <nav id="shell-nav" className={styles.sidebar} aria-label={t('mainNav')}>
            {links(styles.sideLink)}
          </nav>
        )}
        <main id="main" className={styles.main} tabIndex={-1}>
          {layout.pullToRefresh ? (
            <PullToRefresh onRefresh={services.refresh}>{content}</PullToRefresh>
          ) : (
            content
          )}
        </main>
        {/* an open on-screen keyboard needs the room more than the navigation does */}
        {layout.navigation === 'bottom' && !keyboardOpen && (
          <nav className={styles.bottomNav} aria-label={t('mainNav')}>
            {links(styles.bottomLink)}
          </nav>
        )}
        <Processing />
      </div>
    </ModalStackProvider>
  );
}
