import { useLocation } from 'react-router-dom';
import { adminRestrictedMessage } from '../../streams/admin';
import { type ConsoleName, consoleDenial, consoleNames, consoleTitles } from '../../streams/consoles';
import { useMobileDevice, useUser } from '../hooks/app-state';
import { usePermission } from '../hooks/permissions';
import { useServices } from '../services';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import styles from './choose-location.module.css';

/** Shown when no screen of the route table fits this user on this device. */
export function AccessDenied() {
  const { session } = useServices();
  const user = useUser();
  const mobile = useMobileDevice();
  return (
    <main className={styles.panel} aria-labelledby="denied-title">
      <h1 id="denied-title">
        <Icon name="warning" size={28} /> {mobile ? 'Mobile access denied' : 'Access denied'}
      </h1>
      <p className={styles.lead}>
        {user?.username ?? 'This account'} has no screen on this device.{' '}
        {mobile ? 'Please sign in on a desktop computer.' : 'Ask an administrator to grant access.'}
      </p>
      <Button variant="primary" onClick={() => void session.logout()}>
        Sign out
      </Button>
    </main>
  );
}

/** /nimda for a user under restrict_admin_tab (SPEC 6): the sentence saying why, inside the shell. */
export function AdminDenied() {
  return (
    <section className={styles.panel} aria-labelledby="admin-denied-title">
      <h1 id="admin-denied-title">
        <Icon name="warning" size={28} /> Admin area closed
      </h1>
      <p className={styles.lead} role="alert">
        {adminRestrictedMessage}
      </p>
    </section>
  );
}

/** A console's URL opened without access to it (SPEC 6): the sentence saying why, inside the shell. */
export function ConsoleDenied() {
  const permissions = usePermission();
  const segment = useLocation().pathname.split('/')[1];
  const name = consoleNames.find((n) => n === segment) ?? ('sorting' as ConsoleName);
  return (
    <section className={styles.panel} aria-labelledby="console-denied-title">
      <h1 id="console-denied-title">
        <Icon name="warning" size={28} /> {consoleTitles[name]} console closed
      </h1>
      <p className={styles.lead} role="alert">
        {consoleDenial(permissions, name)}
      </p>
    </section>
  );
}
