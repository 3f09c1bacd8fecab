import { type FormEvent, useState } from 'react';
import { hasPermission } from '../../../streams/permissions';
import {
  type LabelWords,
  labelLimitsMm,
  type PrintJobState,
  palletLabelLayout,
  printerDpis,
  printJobText,
  testLabelFields,
} from '../../../streams/printing';
import { useChosenLocationName } from '../../hooks/app-state';
import { usePermission } from '../../hooks/permissions';
import {
  type Printer,
  type PrinterFields,
  usePrinterCommands,
  usePrinters,
  usePrintJob,
} from '../../hooks/printers';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { CheckField, TextField } from '../../ui/text-field';
import { useToasts } from '../../ui/toasts';
import { LabelPreview } from './label-preview';
import styles from './printer-config-screen.module.css';

/** The label's fixed words in the preview (the app's catalogue gives them once it has them). */
const previewWords: LabelWords = {
  box: 'Box',
  option: 'Option',
  palletType: 'Pallet',
  date: 'Date',
  testLabel: 'Test label',
  decimalSeparator: '.',
};

const blank: PrinterFields = {
  name: '',
  host: '',
  port: 9100,
  dpi: 203,
  labelWidthMm: 101.6,
  labelHeightMm: 152.4,
  isDefault: false,
};

const today = () => new Date().toISOString().slice(0, 10);

/** What a print job shows: sending, sent with its bytes, or what went wrong; read aloud as it changes. */
function JobStatus({ job }: { job: PrintJobState | null }) {
  const tone =
    job === null || job.name === 'SENDING'
      ? ''
      : job.name === 'DONE' && job.result.status === 'sent'
        ? styles.ok
        : styles.bad;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="print-status"
      className={[styles.status, tone].join(' ')}
    >
      {job === null ? '' : printJobText(job)}
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
  const [fields, setFields] = useState(initial);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<PrinterFields>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    onDraft(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave(fields);
    } finally {
      setSaving(false);
    }
  };
  const mm = (limits: { min: number; max: number }) => ({
    type: 'number',
    min: limits.min,
    max: limits.max,
    step: 0.1,
  });
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Printer">
      <TextField
        label="Printer name"
        required
        maxLength={100}
        value={fields.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextField
        label="Host name or IP address"
        required
        value={fields.host}
        onChange={(e) => change({ host: e.target.value.trim() })}
      />
      <TextField
        label="Port"
        type="number"
        min={1}
        max={65535}
        value={fields.port}
        onChange={(e) => change({ port: Number(e.target.value) })}
      />
      <SelectField
        label="Resolution"
        value={String(fields.dpi)}
        choices={printerDpis.map((dpi) => ({ value: String(dpi), label: `${dpi} dpi` }))}
        onChange={(value) => change({ dpi: Number(value) as Printer['dpi'] })}
      />
      <TextField
        label="Label width (mm)"
        {...mm(labelLimitsMm.width)}
        value={fields.labelWidthMm}
        onChange={(e) => change({ labelWidthMm: Number(e.target.value) })}
      />
      <TextField
        label="Label height (mm)"
        {...mm(labelLimitsMm.height)}
        value={fields.labelHeightMm}
        onChange={(e) => change({ labelHeightMm: Number(e.target.value) })}
      />
      <CheckField
        label="Default printer of this location"
        checked={fields.isDefault}
        onChange={(e) => change({ isDefault: e.target.checked })}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={saving}>
          Save printer
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/** The GS1 company prefix of the location: with it, labels carry the pallet's SSCC. */
function Gs1Setting({
  prefix,
  canManage,
  onSaved,
}: {
  prefix: string | null;
  canManage: boolean;
  onSaved: () => void;
}) {
  const [value, setValue] = useState(prefix ?? '');
  const commands = usePrinterCommands();
  const toasts = useToasts();
  if (!canManage) return <p>GS1 company prefix: {prefix ?? 'none (labels carry no SSCC)'}</p>;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await commands.setGs1CompanyPrefix(value.trim() === '' ? null : value.trim());
      toasts.notify('GS1 company prefix saved', { variant: 'success' });
      onSaved();
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
    }
  };
  return (
    <form className={styles.inline} onSubmit={save} aria-label="GS1 settings">
      <TextField
        label="GS1 company prefix (4 to 12 digits; empty: no SSCC)"
        inputMode="numeric"
        pattern="[0-9]{4,12}"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit">Save prefix</Button>
    </form>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; printer: Printer } | null;

/** Printers: the chosen location's label printers, a preview of their label, and a test print. */
export default function PrinterConfigScreen() {
  const { state, reload } = usePrinters();
  const commands = usePrinterCommands();
  const toasts = useToasts();
  const canManage = hasPermission(usePermission(), 'manage_users');
  const locationName = useChosenLocationName();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<PrinterFields | null>(null);
  const [job, startJob] = usePrintJob();

  const printers = state.status === 'ready' ? state.printers : [];
  const selected = printers.find((p) => p.id === selectedId) ?? printers[0] ?? null;
  const shown = draft ?? selected;
  const prefix = state.status === 'ready' ? state.gs1CompanyPrefix : null;

  const openForm = (next: Editing) => {
    setEditing(next);
    setDraft(
      next?.kind === 'edit' ? next.printer : next ? { ...blank, isDefault: printers.length === 0 } : null,
    );
  };
  const save = async (fields: PrinterFields) => {
    try {
      const saved =
        editing?.kind === 'edit'
          ? await commands.update(editing.printer.id, fields)
          : await commands.create(fields);
      toasts.notify(`Printer "${saved.name}" saved`, { variant: 'success' });
      setSelectedId(saved.id);
      openForm(null);
      reload();
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
    }
  };
  const remove = async (printer: Printer) => {
    if (!window.confirm(`Delete printer "${printer.name}"?`)) return;
    try {
      await commands.remove(printer.id);
      reload();
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
    }
  };

  return (
    <div className={styles.screen}>
      <h1>Printers</h1>
      <p className={styles.summary}>
        Label printers of {locationName ?? 'this location'} (ZPL over the network, port 9100). Pallet labels
        go to the default printer; without one, the browser prints them.
      </p>
      {state.status === 'loading' && <p>Loading...</p>}
      {state.status === 'failed' && <p role="alert">{apiErrorText(state.error)}</p>}
      {state.status === 'ready' && (
        <div className={styles.columns}>
          <section aria-labelledby="printers-heading" className={styles.panel}>
            <div className={styles.head}>
              <h2 id="printers-heading">Printers</h2>
              {canManage && editing === null && (
                <Button variant="primary" onClick={() => openForm({ kind: 'new' })}>
                  Add printer
                </Button>
              )}
            </div>
            {printers.length === 0 && <p>No printer yet: labels are printed by the browser.</p>}
            <ul className={styles.list}>
              {printers.map((printer) => (
                <li key={printer.id} className={printer.id === selected?.id ? styles.current : ''}>
                  <button
                    type="button"
                    className={styles.pick}
                    aria-pressed={printer.id === selected?.id}
                    onClick={() => setSelectedId(printer.id)}
                  >
                    <strong>{printer.name}</strong>
                    {printer.isDefault && <span className={styles.badge}>Default</span>}
                    <span>
                      {printer.host}:{printer.port} · {printer.dpi} dpi · {printer.labelWidthMm} ×{' '}
                      {printer.labelHeightMm} mm
                    </span>
                  </button>
                  {canManage && (
                    <span className={styles.rowActions}>
                      <Button
                        onClick={() => openForm({ kind: 'edit', printer })}
                        aria-label={`Edit ${printer.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        onClick={() => remove(printer)}
                        aria-label={`Delete ${printer.name}`}
                      >
                        Delete
                      </Button>
                    </span>
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
            <Gs1Setting key={prefix ?? ''} prefix={prefix} canManage={canManage} onSaved={reload} />
          </section>
          <section aria-labelledby="preview-heading" className={styles.panel}>
            <h2 id="preview-heading">Label preview</h2>
            {shown ? (
              <>
                <LabelPreview
                  layout={palletLabelLayout(
                    testLabelFields(shown, today(), prefix, previewWords),
                    shown,
                    previewWords,
                  )}
                  description={`Test label of ${shown.name || 'the new printer'}, ${shown.labelWidthMm} × ${shown.labelHeightMm} mm at ${shown.dpi} dpi`}
                />
                {selected && draft === null && (
                  <div className={styles.actions}>
                    <Button
                      variant="primary"
                      disabled={job?.name === 'SENDING'}
                      onClick={() => startJob(commands.test(selected.id))}
                    >
                      Print test label on {selected.name}
                    </Button>
                  </div>
                )}
                <JobStatus job={job} />
              </>
            ) : (
              <p>Add a printer to see its label.</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
