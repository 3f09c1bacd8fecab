import { useTranslation } from 'react-i18next';
import type { PrinterStatus } from '../../streams/printing';
import styles from './printer-state.module.css';

/**
 * What a printer says of itself, live: its state (ready, paper out, head open, paused,
 * unreachable, status unknown) and the other flags of its last answer (ribbon out, too hot,
 * labels waiting).
 */
export function PrinterStateBadge({ status }: { status: PrinterStatus }) {
  const { t } = useTranslation();
  const { flags } = status;
  const notes = flags
    ? [
        flags.ribbonOut && t('print.flag.ribbonOut'),
        flags.overTemperature && t('print.flag.overTemperature'),
        flags.labelsWaiting > 0 && t('print.flag.labelsWaiting', { count: flags.labelsWaiting }),
      ].filter((note): note is string => typeof note === 'string')
    : [];
  return (
    <span className={styles.state} data-testid="printer-state" data-state={status.state}>
      <span className={`${styles.badge} ${styles[status.state]}`}>{t(`print.state.${status.state}`)}</span>
      {notes.length > 0 && <span className={styles.notes}>{notes.join(' · ')}</span>}
    </span>
  );
}
