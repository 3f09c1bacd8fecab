import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { consoleNames, consoleRefusal, type OperatorConsoleName } from '../../streams/consoles';
import { useMobileDevice, useUser } from '../hooks/app-state';
import { usePermission } from '../hooks/permissions';
import { useServices } from '../services';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { PageTitle } from '../ui/page-title';
import styles from './choose-location.module.css';

/** Shown when no screen of the route table fits this user on this device. */
export function AccessDenied() {
  const { session } = useServices();
  const { t } = useTranslation(['shell', 'common']);
  const user = useUser();
  const mobile = useMobileDevice();
  const title = mobile ? t('denied.mobileTitle') : t('denied.title');
  return (
    <main className={styles.panel} aria-labelledby="denied-title">
      <PageTitle page={title} />
      <h1 id="denied-title">
        <Icon of={TriangleAlert} size={28} /> {title}
      </h1>
      <p className={styles.lead}>
        {t('denied.noScreen', { name: user?.username })}{' '}
        {mobile ? t('denied.useDesktop') : t('denied.askAdmin')}
      </p>
      <Button variant="primary" onClick={() => void session.logout()}>
        {t('common:actions.signOut')}
      </Button>
    </main>
  );
}

/** /nimda for a user under restrict_admin_tab (SPEC 6): the sentence saying why, inside the shell. */
export function AdminDenied() {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.panel} aria-labelledby="admin-denied-title">
      <PageTitle page={t('denied.adminTitle')} />
      <h1 id="admin-denied-title">
        <Icon of={TriangleAlert} size={28} /> {t('denied.adminTitle')}
      </h1>
      <p className={styles.lead} role="alert">
        {t('denied.adminRestricted')}
      </p>
    </section>
  );
}

/**
 * A console opened by its address without access to it (SPEC 6), on the desktop or in the phone's
 * operator area: the sentence saying why. Without `name`, the desktop console of the path.
 */
export function ConsoleDenied({ name }: { name?: OperatorConsoleName }) {
  const { t } = useTranslation('shell');
  const permissions = usePermission();
  const segment = useLocation().pathname.split('/')[1];
  const shown = name ?? consoleNames.find((n) => n === segment) ?? 'sorting';
  const console = t(`nav.${shown}`);
  const refusal = consoleRefusal(permissions, shown);
  const title = t('denied.consoleTitle', { console });
  return (
    <section className={styles.panel} aria-labelledby="console-denied-title">
      <PageTitle page={title} />
      <h1 id="console-denied-title">
        <Icon of={TriangleAlert} size={28} /> {title}
      </h1>
      <p className={styles.lead} role="alert">
        {refusal === 'module'
          ? shown === 'storage'
            ? t('denied.storageMap', { console })
            : t('denied.consoleModule', { console, module: shown })
          : refusal === 'restricted' && t('denied.consoleRestricted', { console })}
      </p>
    </section>
  );
}
