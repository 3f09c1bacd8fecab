import { useTranslation } from 'react-i18next';
import type { PrintJob } from '../../streams/printing/printer-schema';
import { usePrinters } from '../hooks/printers';
import { useFormats } from '../i18n/format';
import styles from './pallet-labels.module.css';
import { useOutcomeText } from './print-job-text';

/**
 * The labels printed of a pallet on the location's printers, newest first: when, on which printer,
 * by whom and what the printer did, so a pallet that left without its label is seen to have
 * none. Shown only where the location has a printer (labels printed in the browser are not kept).
 */
export function PalletLabels({ jobs }: { jobs: PrintJob[] | null }) {
  const { t } = useTranslation();
  const format = useFormats();
  const outcomeText = useOutcomeText();
  const { state } = usePrinters();
  if (state.status !== 'ready' || state.printers.length === 0 || jobs === null) return null;
  return (
    <section className={styles.labels} aria-labelledby="pallet-labels-heading">
      <h3 id="pallet-labels-heading">{t('print.labels.heading')}</h3>
      {jobs.length === 0 ? (
        <p className={styles.none}>{t('print.labels.none')}</p>
      ) : (
        <ul>
          {jobs.map((job) => (
            <li key={job.id} data-job-id={job.id} data-outcome={job.outcome}>
              <time dateTime={job.createdAt}>{format.dateTime(job.createdAt)}</time>
              <span translate="no">{job.printerName}</span>
              {job.username && <span>{t('print.labels.by', { user: job.username })}</span>}
              <span className={job.outcome === 'sent' ? undefined : styles.failed}>{outcomeText(job)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
