import { useOfflineQueue, useQueueState } from '../../hooks/offline-queue';
import { useOnline } from '../../hooks/online';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import styles from './mobile.module.css';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * Whether the phone is offline, how many changes wait to be sent, and each change the server
 * refused once the network came back (a row filled meanwhile, a pallet moved by someone else),
 * until the operator has read it.
 */
export function OfflineQueuePanel() {
  const online = useOnline();
  const queue = useOfflineQueue();
  const { changes: kept } = useQueueState();
  const waiting = kept.filter((c) => !c.conflict);
  const refused = kept.filter((c) => c.conflict);
  return (
    <>
      {(!online || waiting.length > 0) && (
        <details className={styles.queue} data-testid="offline-queue">
          <summary>
            <span role="status">
              {!online && (
                <>
                  <Icon name="wifi-off" /> Offline ·{' '}
                </>
              )}
              {changes(waiting.length)} waiting to be sent
            </span>
          </summary>
          {waiting.length > 0 && (
            <ol aria-label="Changes waiting to be sent">
              {waiting.map((c) => (
                <li key={c.key}>{c.label}</li>
              ))}
            </ol>
          )}
          {online && waiting.length > 0 && <Button onClick={() => queue.flush()}>Send now</Button>}
        </details>
      )}
      {refused.map((c) => (
        <div key={c.key} className={styles.conflict} role="alert">
          <strong>Not done: {c.label}</strong>
          <span>{c.conflict}</span>
          <Button onClick={() => void queue.dismiss(c.key)}>Dismiss</Button>
        </div>
      ))}
    </>
  );
}
