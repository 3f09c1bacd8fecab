import styles from './live-status.module.css';

const statusText = {
  loading: 'Loading…',
  stale: 'Last known data',
  reloading: 'Refreshing…',
  ready: 'Live',
} as const;

/** Whether a screen's live data is loading, the last known (offline), being refreshed, or live; a status for screen readers. */
export function LiveStatus({ status }: { status: keyof typeof statusText }) {
  return (
    <output className={styles.status} data-status={status}>
      {statusText[status]}
    </output>
  );
}
