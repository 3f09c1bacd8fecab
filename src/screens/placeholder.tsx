import { useChosenLocationName, useConnectionState, useMobileDevice, useUser } from '../hooks/app-state';
import { ConnectionBadge } from '../ui/connection-badge';
import styles from './placeholder.module.css';

/** A screen whose content another part of the product fills: its heading and the working context. */
export function ScreenPlaceholder({ title, summary }: { title: string; summary: string }) {
  const user = useUser();
  const mobile = useMobileDevice();
  const connection = useConnectionState();
  const location = useChosenLocationName();
  return (
    <div className={styles.screen}>
      <h1>{title}</h1>
      <p className={styles.summary}>{summary}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Signed in as</dt>
          <dd data-testid="screen-user">{user?.username}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd data-testid="screen-location">{location ?? '…'}</dd>
        </div>
        {!mobile && (
          <div>
            <dt>Live updates</dt>
            <dd>
              <ConnectionBadge state={connection} mobile={mobile} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
