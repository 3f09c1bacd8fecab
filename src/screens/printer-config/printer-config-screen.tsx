import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Locale } from '../../../streams/i18n';
import { mayCall } from '../../../streams/permissions/policy';
import {
  labelLimitsMm,
  labelWords,
  mayPrintAnyway,
  type PrintJobState,
  palletLabelLayout,
  printerDpis,
  testLabelFields,
} from '../../../streams/printing';
import type { Printer, PrinterFields, PrintJob } from '../../../streams/printing/printer-schema';
import { useChosenLocationName } from '../../hooks/app-state';
import { usePermission } from '../../hooks/permissions';
import { usePrinterCommands, usePrinters, usePrintJob, usePrintJobs } from '../../hooks/printers';
import { useFormats } from '../../i18n/format';
import { useServices } from '../../services';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { LanguageSelect } from '../../ui/language-select';
import { PageTitle } from '../../ui/page-title';
import { useOutcomeText, usePrintJobText } from '../../ui/print-job-text';
import { PrinterStateBadge } from '../../ui/printer-state';
import { SelectField } from '../../ui/select-field';
import { CheckField, TextField } from '../../ui/text-field';
import { useToasts } from '../../ui/toasts';
import { DeviceAddressFields } from './device-address-fields';
import { DeviceActions, DeviceForm } from './device-form';
import { LabelPreview } from './label-preview';
import styles from './printer-config-screen.module.css';
import { ScalesPanel } from './scales-panel';

const blank: PrinterFields = {
  name: '',
  host: '',
  port: 9100,
  dpi: 203,
  labelWidthMm: 101.6,
  labelHeightMm: 152.4,
  isDefault: false,
};

/** The day of `ms` as a label prints it (YYYY-MM-DD). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What a print job shows: sending, sent with its bytes, or what went wrong with the printer at
 * `where` (host:port); read aloud as it changes.
 */
function JobStatus({
  job,
  where,
  testId = 'print-status',
}: {
  job: PrintJobState | null;
  where: string;
  testId?: string;
}) {
  const jobText = usePrintJobText();
  const tone =
    job === null || job.name === 'SENDING'
      ? ''
      : job.name === 'DONE' && job.result.status === 'sent'
        ? styles.ok
        : styles.bad;
  return (
    <p role="status" aria-live="polite" data-testid={testId} className={[styles.status, tone].join(' ')}>
      {job && jobText(job, where)}
    </p>
  );
}

/** The add/edit form of a printer; `onDraft` gets every change so the preview follows it. */
function PrinterForm({
  initial,
  onDraft,
  onSave,
  onCancel,
}: {
  initial: PrinterFields;
  onDraft: (fields: PrinterFields) => void;
  onSave: (fields: PrinterFields) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['printers', 'common']);
  const [fields, setFields] = useState(initial);
  const change = (patch: Partial<PrinterFields>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    onDraft(next);
  };
  const mm = (limits: { min: number; max: number }) => ({
    type: 'number',
    min: limits.min,
    max: limits.max,
    step: 0.1,
  });
  return (
    <DeviceForm
      label={t('form.name')}
      saveLabel={t('form.save')}
      onSave={() => onSave(fields)}
      onCancel={onCancel}
    >
      <TextField
        label={t('form.printerName')}
        required
        maxLength={100}
        value={fields.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <DeviceAddressFields host={fields.host} port={fields.port} onChange={change} />
      <SelectField
        label={t('form.resolution')}
        value={String(fields.dpi)}
        choices={printerDpis.map((dpi) => ({ value: String(dpi), label: t('form.dpi', { dpi }) }))}
        onChange={(value) => change({ dpi: Number(value) as Printer['dpi'] })}
      />
      <TextField
        label={t('form.width')}
        {...mm(labelLimitsMm.width)}
        value={fields.labelWidthMm}
        onChange={(e) => change({ labelWidthMm: Number(e.target.value) })}
      />
      <TextField
        label={t('form.height')}
        {...mm(labelLimitsMm.height)}
        value={fields.labelHeightMm}
        onChange={(e) => change({ labelHeightMm: Number(e.target.value) })}
      />
      <CheckField
        label={t('form.default')}
        checked={fields.isDefault}
        onChange={(e) => change({ isDefault: e.target.checked })}
      />
    </DeviceForm>
  );
}

/**
 * The location's label settings: its GS1 company prefix (with it, labels carry the pallet's
 * SSCC) and the language its labels print in, whoever prints them.
 */
function LabelSettingsForm({
  prefix,
  labelLocale,
  canManage,
  onSaved,
}: {
  prefix: string | null;
  labelLocale: Locale;
  canManage: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('printers');
  const [value, setValue] = useState(prefix ?? '');
  const commands = usePrinterCommands();
  const toasts = useToasts();
  const language = t(`languageName.${labelLocale}`);
  if (!canManage)
    return (
      <>
        <p>
          {t('gs1.label')}: {prefix === null ? t('gs1.none') : <span translate="no">{prefix}</span>}
        </p>
        <p>{t('labelLanguage.shown', { language })}</p>
      </>
    );
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toasts.notify(done, { variant: 'success' });
      onSaved();
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(() => commands.setGs1CompanyPrefix(value.trim() === '' ? null : value.trim()), t('gs1.saved'));
  };
  return (
    <>
      <form className={styles.inline} onSubmit={save} aria-label={t('gs1.form')}>
        <TextField
          label={t('gs1.field')}
          inputMode="numeric"
          pattern="[0-9]{4,12}"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">{t('gs1.save')}</Button>
      </form>
      <LanguageSelect
        label={t('labelLanguage.field')}
        value={labelLocale}
        onChange={(locale) =>
          locale &&
          void run(
            () => commands.setLabelLocale(locale),
            t('labelLanguage.saved', { language: t(`languageName.${locale}`) }),
          )
        }
      />
    </>
  );
}

/**
 * The location's recent label jobs: when, on which printer, which label (a pallet's or the test
 * label), who sent it, what the printer did and said before and after; "Reprint" sends a label
 * again as it was, "Print anyway" after a refusal.
 */
function JobHistory({ jobs, onPrinted }: { jobs: PrintJob[]; onPrinted: () => void }) {
  const { t } = useTranslation(['printers', 'common']);
  const format = useFormats();
  const commands = usePrinterCommands();
  const [job, startJob] = usePrintJob();
  const [reprinted, setReprinted] = useState<PrintJob | null>(null);
  const reprint = (of: PrintJob, force: boolean) => {
    setReprinted(of);
    startJob(async () => {
      try {
        return await commands.reprint(of.id, force)();
      } finally {
        onPrinted();
      }
    });
  };
  const outcomeText = useOutcomeText();
  const statusText = (status: PrintJob['statusBefore'] | null) =>
    status ? t(`common:print.state.${status.state}`) : t('jobs.notAsked');
  return (
    <section aria-labelledby="jobs-heading" className={`${styles.panel} ${styles.jobs}`}>
      <h2 id="jobs-heading">{t('jobs.heading')}</h2>
      {jobs.length === 0 ? (
        <p>{t('jobs.none')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('jobs.when')}</th>
              <th scope="col">{t('jobs.printer')}</th>
              <th scope="col">{t('jobs.label')}</th>
              <th scope="col">{t('jobs.by')}</th>
              <th scope="col">{t('jobs.outcome')}</th>
              <th scope="col">{t('jobs.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('jobs.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((row) => {
              const label = row.palletId ?? t('jobs.testLabel');
              return (
                <tr key={row.id} data-job-id={row.id}>
                  <td>{format.dateTime(row.createdAt)}</td>
                  <td translate="no">{row.printerName}</td>
                  <td translate={row.palletId ? 'no' : undefined}>{label}</td>
                  <td translate="no">{row.username ?? '–'}</td>
                  <td>{outcomeText(row)}</td>
                  <td>
                    {t('jobs.statusChange', {
                      before: statusText(row.statusBefore),
                      after: statusText(row.statusAfter),
                    })}
                  </td>
                  <td>
                    {row.printerId !== null && (
                      <Button
                        onClick={() => reprint(row, false)}
                        disabled={job?.name === 'SENDING'}
                        aria-label={t('jobs.reprintOf', { label, printer: row.printerName })}
                      >
                        {t('jobs.reprint')}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className={styles.actions}>
        {reprinted && mayPrintAnyway(job) && (
          <Button onClick={() => reprint(reprinted, true)}>{t('common:print.anyway')}</Button>
        )}
      </div>
      <JobStatus job={job} where={reprinted?.printerName ?? ''} testId="reprint-status" />
    </section>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; printer: Printer } | null;

/**
 * Printers and scales: the chosen location's label printers, a preview of their label and a test
 * print, and its network scales.
 */
export default function PrinterConfigScreen() {
  const { t } = useTranslation(['printers', 'common']);
  const format = useFormats();
  const { state, reload } = usePrinters();
  const commands = usePrinterCommands();
  const toasts = useToasts();
  const permissions = usePermission();
  const canManage = mayCall(permissions, 'POST /api/printers');
  const locationName = useChosenLocationName();
  const { scheduler } = useServices();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<PrinterFields | null>(null);
  const [job, startJob] = usePrintJob();
  const history = usePrintJobs();
  const printTest = (printer: Printer, force: boolean) =>
    startJob(async () => {
      try {
        return await commands.test(printer.id, force)();
      } finally {
        history.reload();
      }
    });

  const printers = state.status === 'ready' ? state.printers : [];
  const selected = printers.find((p) => p.id === selectedId) ?? printers[0] ?? null;
  const shown = draft ?? selected;
  const prefix = state.status === 'ready' ? state.gs1CompanyPrefix : null;
  const labelLocale = state.status === 'ready' ? state.labelLocale : 'en';
  const words = labelWords[labelLocale];

  const openForm = (next: Editing) => {
    setEditing(next);
    setDraft(
      next?.kind === 'edit' ? next.printer : next ? { ...blank, isDefault: printers.length === 0 } : null,
    );
  };
  // a refusal stays in the form, which says it
  const save = async (fields: PrinterFields) => {
    const saved =
      editing?.kind === 'edit'
        ? await commands.update(editing.printer.id, fields)
        : await commands.create(fields);
    toasts.notify(t('saved', { name: saved.name }), { variant: 'success' });
    setSelectedId(saved.id);
    openForm(null);
    reload();
  };

  return (
    <div className={styles.screen}>
      <PageTitle page={t('title')} />
      <h1>{t('title')}</h1>
      <p className={styles.summary}>
        {locationName === null ? (
          t('summaryHere')
        ) : (
          <Trans
            t={t}
            i18nKey="summary"
            values={{ name: locationName }}
            components={{ place: <span translate="no" /> }}
          />
        )}
      </p>
      {state.status === 'loading' && <p>{t('common:loading')}</p>}
      {state.status === 'failed' && <p role="alert">{apiErrorText(state.error)}</p>}
      {state.status === 'ready' && (
        <div className={styles.columns}>
          <section aria-labelledby="printers-heading" className={styles.panel}>
            <div className={styles.head}>
              <h2 id="printers-heading">{t('printersHeading')}</h2>
              {canManage && editing === null && (
                <Button variant="primary" onClick={() => openForm({ kind: 'new' })}>
                  {t('add')}
                </Button>
              )}
            </div>
            {printers.length === 0 && <p>{t('none')}</p>}
            <ul className={styles.list}>
              {printers.map((printer) => (
                <li key={printer.id} className={printer.id === selected?.id ? styles.current : ''}>
                  <button
                    type="button"
                    className={styles.pick}
                    aria-pressed={printer.id === selected?.id}
                    onClick={() => setSelectedId(printer.id)}
                  >
                    <strong translate="no">{printer.name}</strong>
                    {printer.isDefault && <span className={styles.badge}>{t('default')}</span>}
                    <PrinterStateBadge status={printer.status} />
                    <span>
                      <span translate="no">
                        {printer.host}:{printer.port}
                      </span>{' '}
                      ·{' '}
                      {t('size', {
                        dpi: printer.dpi,
                        width: format.number(printer.labelWidthMm, 1),
                        height: format.number(printer.labelHeightMm, 1),
                      })}
                    </span>
                  </button>
                  {canManage && (
                    <DeviceActions
                      name={printer.name}
                      deleteQuestion={t('deleteQuestion', { name: printer.name })}
                      onEdit={() => openForm({ kind: 'edit', printer })}
                      onDelete={() => commands.remove(printer.id).then(reload)}
                    />
                  )}
                </li>
              ))}
            </ul>
            {editing && (
              <PrinterForm
                key={editing.kind === 'edit' ? editing.printer.id : 'new'}
                initial={draft ?? blank}
                onDraft={setDraft}
                onSave={save}
                onCancel={() => openForm(null)}
              />
            )}
            <LabelSettingsForm
              key={prefix ?? ''}
              prefix={prefix}
              labelLocale={labelLocale}
              canManage={canManage}
              onSaved={reload}
            />
          </section>
          <section aria-labelledby="preview-heading" className={styles.panel}>
            <h2 id="preview-heading">{t('preview.heading')}</h2>
            {shown ? (
              <>
                <LabelPreview
                  layout={palletLabelLayout(
                    testLabelFields(shown, dayOf(scheduler.now()), prefix, words),
                    shown,
                    words,
                  )}
                  language={labelLocale}
                  description={t('preview.description', {
                    name: shown.name || t('preview.newPrinter'),
                    width: format.number(shown.labelWidthMm, 1),
                    height: format.number(shown.labelHeightMm, 1),
                    dpi: shown.dpi,
                  })}
                />
                {selected && draft === null && (
                  <div className={styles.actions}>
                    {mayPrintAnyway(job) && (
                      <Button onClick={() => printTest(selected, true)}>{t('common:print.anyway')}</Button>
                    )}
                    <Button
                      variant="primary"
                      disabled={job?.name === 'SENDING'}
                      onClick={() => printTest(selected, false)}
                    >
                      {t('preview.print', { name: selected.name })}
                    </Button>
                  </div>
                )}
                <JobStatus job={job} where={selected ? `${selected.host}:${selected.port}` : ''} />
              </>
            ) : (
              <p>{t('preview.none')}</p>
            )}
          </section>
          <ScalesPanel canManage={mayCall(permissions, 'POST /api/scales')} />
          {history.jobs && <JobHistory jobs={history.jobs} onPrinted={history.reload} />}
        </div>
      )}
    </div>
  );
}
