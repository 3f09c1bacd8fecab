import styles from './mobile.module.css';
import type { Outcome } from './use-command';

/** The last command's outcome, read out by screen readers as it changes. */
export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      className={outcome.kind === 'done' ? styles.done : styles.alert}
      role={outcome.kind === 'done' ? 'status' : 'alert'}
    >
      {outcome.text}
    </p>
  );
}
