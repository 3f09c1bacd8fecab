import { useTranslation } from 'react-i18next';
import styles from './live-status.module.css';

/** Whether a screen's live data is loading, the last known (offline), being refreshed, or live; a status for screen readers. */
export function LiveStatus({ status }: { status: 'loading' | 'stale' | 'reloading' | 'ready' }) {
  const { t } = useTranslation();
  return (
    <output className={styles.status} data-status={status}>
      {t(`live.${status}`)}
    </output>
  );
}
