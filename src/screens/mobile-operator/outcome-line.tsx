import styles from './mobile.module.css';
import type { Outcome } from './use-command';

/** The last command's outcome, read out by screen readers as it changes. */
export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={styles[outcome.kind]} role={outcome.kind === 'refused' ? 'alert' : 'status'}>
      {outcome.text}
    </p>
  );
}
