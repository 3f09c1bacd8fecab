import { useTranslation } from 'react-i18next';
import { mayPrintAnyway } from '../../streams/printing';
import { usePrinterCommands, usePrinters, usePrintJob } from '../hooks/printers';
import { apiErrorText } from '../shell/api-error';
import { Button } from './button';
import { usePrintJobText } from './print-job-text';
import styles from './print-label-button.module.css';
import { PrinterStateBadge } from './printer-state';
import { useToasts } from './toasts';

/**
 * "Print label": on the location's default network printer when it has one (the browser's print
 * stays beside it, for a printer out of labels), else in the browser. Without `onBrowserPrint`
 * (a phone, which has no printer of its own) it shows only where the location has a printer.
 * The printer's state shows beside it, live; a label refused because the printer would lose it
 * (paper out, head open) says so, and "Print anyway" sends it.
 */
export function PrintLabelButton({
  palletId,
  onBrowserPrint,
  onPrinted,
}: {
  palletId: string;
  onBrowserPrint?: () => void;
  /** After each job on the network printer, sent or not (the pallet's list of labels reads again). */
  onPrinted?: () => void;
}) {
  const { t } = useTranslation();
  const { state } = usePrinters();
  const commands = usePrinterCommands();
  const toasts = useToasts();
  const [job, startJob] = usePrintJob();
  const jobText = usePrintJobText();
  const printer = state.status === 'ready' ? state.printers.find((p) => p.isDefault) : undefined;
  if (state.status === 'loading') {
    if (!onBrowserPrint) return null;
    return (
      <Button variant="primary" disabled>
        {t('print.label')}
      </Button>
    );
  }
  if (!printer) {
    if (!onBrowserPrint) return null;
    return (
      <Button variant="primary" onClick={onBrowserPrint}>
        {t('print.label')}
      </Button>
    );
  }
  const where = `${printer.host}:${printer.port}`;
  const print = (force: boolean) =>
    startJob(async () => {
      try {
        const result = await commands.printPallet(palletId, force)();
        toasts.notify(
          result.status === 'sent'
            ? t('print.sentTo', { printer: printer.name })
            : jobText({ name: 'DONE', result }, where),
          {
            variant: result.status === 'sent' ? 'success' : 'error',
          },
        );
        return result;
      } catch (error) {
        toasts.notify(apiErrorText(error), { variant: 'error' });
        throw error;
      } finally {
        onPrinted?.();
      }
    });
  return (
    <>
      <span role="status" aria-live="polite" className={styles.status}>
        {job && jobText(job, where)}
      </span>
      <PrinterStateBadge status={printer.status} />
      {onBrowserPrint && <Button onClick={onBrowserPrint}>{t('print.inBrowser')}</Button>}
      {mayPrintAnyway(job) && <Button onClick={() => print(true)}>{t('print.anyway')}</Button>}
      <Button
        variant="primary"
        onClick={() => print(false)}
        disabled={job?.name === 'SENDING'}
        aria-label={t('print.labelOn', { printer: printer.name })}
      >
        {t('print.label')}
      </Button>
    </>
  );
}
