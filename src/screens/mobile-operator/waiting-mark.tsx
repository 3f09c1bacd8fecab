import styles from './mobile.module.css';

/** Marks what a change waiting in the phone's queue shows before the server has it. */
export function WaitingMark() {
  return <span className={styles.waiting}>waiting to be sent</span>;
}
