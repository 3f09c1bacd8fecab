import { useTranslation } from 'react-i18next';
import styles from './live-status.module.css';

/** What a screen's live data may be doing. */
export const liveStatuses = ['loading', 'partial', 'stale', 'reloading', 'ready'] as const;

/** Whether a screen's live data is loading (or loading its last pallets), the last known (offline), being refreshed, or live; a status for screen readers. */
export function LiveStatus({ status }: { status: (typeof liveStatuses)[number] }) {
  const { t } = useTranslation();
  return (
    <output className={styles.status} data-status={status}>
      {t(`live.${status}`)}
    </output>
  );
}
