import { useTranslation } from 'react-i18next';
import type { PrintJobState } from '../../streams/printing';
import type { PrintJob } from '../../streams/printing/printer-schema';
import { apiErrorText } from '../shell/api-error';

/**
 * What a print job says in the user's language: sending, sent with its bytes, or what went wrong
 * with the printer at `where` (host:port), the printer's own failure and the server's refusal
 * never in the server's English.
 */
export function usePrintJobText() {
  const { t } = useTranslation();
  return (job: PrintJobState, where: string) =>
    job.name === 'SENDING'
      ? t('print.job.sending')
      : job.name === 'FAILED'
        ? apiErrorText(job.error)
        : job.result.status === 'sent'
          ? t('print.job.sent', { count: job.result.bytes })
          : t(`print.jobFailed.${job.result.status}`, { where });
}

/** What the printer did with a recorded job (the history's outcome), in the user's language. */
export function useOutcomeText() {
  const { t } = useTranslation();
  return (job: Pick<PrintJob, 'outcome' | 'bytes'>) =>
    job.outcome === 'sent'
      ? t('print.sentBytes', { count: job.bytes ?? 0 })
      : t(`print.outcome.${job.outcome}`);
}
