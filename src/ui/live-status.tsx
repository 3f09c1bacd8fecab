import styles from './live-status.module.css';

const statusText = { loading: 'Loading…', reloading: 'Refreshing…', ready: 'Live' } as const;

/** Whether a screen's live data is loading, being refreshed, or live; a status for screen readers. */
export function LiveStatus({ status }: { status: keyof typeof statusText }) {
  return (
    <output className={styles.status} data-status={status}>
      {statusText[status]}
    </output>
  );
}
