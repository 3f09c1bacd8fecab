import type { TFunction } from 'i18next';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useTranslation } from 'react-i18next';
import { ApiError, isErrorCode } from '../../../streams/http';
import type { ChangeLabel, KeptRefusal } from '../../../streams/offline';
import { useLiveStatus } from '../../hooks/live';
import { useOfflineQueue, useQueueState } from '../../hooks/offline-queue';
import { useOnline } from '../../hooks/online';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import styles from './mobile.module.css';

/** A kept change in the reader's language (a change kept by an older app holds its own words). */
const changeText = (t: TFunction<'mobile'>, label: ChangeLabel | string) =>
  // the keys are those of `changeKinds` (use-phone-commands.ts), which the catalogue test holds
  typeof label === 'string' ? label : t(`change.${label.key}` as never, label.params);

/** A kept refusal in the reader's language, as `apiErrorText` words a refusal just answered. */
const refusalText = (kept: KeptRefusal | string) =>
  typeof kept === 'string'
    ? kept
    : apiErrorText(
        new ApiError(
          kept.message,
          'status',
          kept.status,
          null,
          kept.code !== null && isErrorCode(kept.code) ? kept.code : null,
          undefined,
          kept.params,
        ),
      );

/**
 * One line beside the area's title: whether the phone is offline and how many changes wait to be
 * sent ("3 waiting"; their list behind a tap, so the screen's own work stays in view), and whether
 * the data shown is the phone's last known copy.
 */
export function QueueLine() {
  const { t } = useTranslation('mobile');
  const online = useOnline();
  const queue = useOfflineQueue();
  const waiting = useQueueState().changes.filter((c) => !c.conflict);
  const stale = useLiveStatus() === 'stale';
  if (online && waiting.length === 0 && !stale) return null;
  return (
    <details className={styles.queue} data-testid="offline-queue">
      <summary>
        <span role="status">
          {!online && (
            <>
              <Icon of={WifiOff} />{' '}
            </>
          )}
          {online
            ? t('queue.waiting', { count: waiting.length })
            : t('queue.offlineWaiting', { count: waiting.length })}
        </span>
        {stale && <span className={styles.stale}>{t('queue.stale')}</span>}
      </summary>
      {stale && <p>{t('queue.staleHint')}</p>}
      {waiting.length > 0 && (
        <ol aria-label={t('queue.list')}>
          {waiting.map((c) => (
            <li key={c.key}>{changeText(t, c.label)}</li>
          ))}
        </ol>
      )}
      {online && waiting.length > 0 && <Button onClick={() => queue.flush()}>{t('queue.sendNow')}</Button>}
    </details>
  );
}

/**
 * Each change the server refused once the network came back (a row filled meanwhile, a pallet
 * moved by someone else), in its words, until the operator has read it.
 */
export function Refusals() {
  const { t } = useTranslation('mobile');
  const queue = useOfflineQueue();
  const refused = useQueueState().changes.filter((c) => c.conflict);
  return refused.map((c) => (
    <div key={c.key} className={styles.conflict} role="alert">
      <strong>{t('queue.notDone', { change: changeText(t, c.label) })}</strong>
      <span>{c.conflict && refusalText(c.conflict)}</span>
      <Button onClick={() => void queue.dismiss(c.key)}>{t('queue.dismiss')}</Button>
    </div>
  ));
}
