import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type AdminSection, allowedAdminSections, chosenSection } from '../../../streams/admin';
import { usePermission } from '../../hooks/permissions';
import { PageTitle } from '../../ui/page-title';
import styles from './admin.module.css';
import { CatalogueSection } from './catalogue-section';
import { LocationsSection } from './locations-section';
import { PermissionsSection } from './permissions-section';
import { UsersSection } from './users-section';
import { ZonesSection } from './zones-section';

// the activity section draws charts with recharts: it loads when opened
const ActivitySection = lazy(() => import('./activity-section'));

const sections: Record<AdminSection, () => ReactNode> = {
  users: () => <UsersSection />,
  permissions: () => <PermissionsSection />,
  locations: () => <LocationsSection />,
  zones: () => <ZonesSection />,
  catalogue: () => <CatalogueSection />,
  activity: () => <LazyActivity />,
};

function LazyActivity() {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<p className={styles.muted}>{t('loading')}</p>}>
      <ActivitySection />
    </Suspense>
  );
}

/**
 * The admin area: users and their locations, permissions and restrictions, locations, storage
 * zones, the catalogue and the activity log, each section a tab shown only to those whose flags
 * the server's calls ask for.
 */
export default function AdminScreen() {
  const allowed = allowedAdminSections(usePermission());
  const [params] = useSearchParams();
  const section = chosenSection(params.get('tab'), allowed);
  const { t } = useTranslation('admin');
  return (
    <div className={styles.screen}>
      <PageTitle page={section ? t(`adminTab.${section}`) : t('title')} />
      <h1>{t('title')}</h1>
      {section === null ? (
        <p role="alert">{t('nothing')}</p>
      ) : (
        <>
          <nav aria-label={t('sections')}>
            <ul className={styles.tabs}>
              {allowed.map((tab) => (
                <li key={tab}>
                  <Link
                    to={`/nimda?tab=${tab}`}
                    className={styles.tab}
                    aria-current={tab === section ? 'page' : undefined}
                  >
                    {t(`adminTab.${tab}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {sections[section]()}
        </>
      )}
    </div>
  );
}
