import { type FormEvent, useRef, useState } from 'react';
import type { Pallet } from '../../../streams/live';
import { useCatalog } from '../../hooks/catalog';
import { useShiftTotals, useSortingChoice, useUndoOffer } from '../../hooks/consoles';
import { type PalletFields, usePalletCommands } from '../../hooks/pallet-commands';
import { usePrinterCommands, usePrinters } from '../../hooks/printers';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { PrintLabel } from '../../ui/pallet-label';
import { formatWeight } from '../../ui/qr-modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useToasts } from '../../ui/toasts';
import { countText, shortId, totalKgText } from '../dashboard/format';
import { attributes } from '../dashboard/pallet-dialog';
import { readWeight } from '../dashboard/weight';
import styles from './consoles.module.css';

/**
 * The sorting console: pallets coming off the line, keyboard first. The four attributes stay as
 * last chosen; a weight and Enter make the pallet and print its label at once (the location's
 * default network printer, else the browser). The last pallet may be undone for 10 s.
 */
export default function SortingConsole() {
  const catalog = useCatalog();
  const [choice, choose] = useSortingChoice(catalog);
  const [weight, setWeight] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState<Pallet | null>(null);
  const [offer, setOffer] = useUndoOffer<Pallet>();
  const totals = useShiftTotals();
  const commands = usePalletCommands();
  const { state: printers } = usePrinters();
  const printerCommands = usePrinterCommands();
  const toasts = useToasts();
  const weightField = useRef<HTMLInputElement>(null);
  const printer = printers.status === 'ready' ? printers.printers.find((p) => p.isDefault) : undefined;

  const print = async (pallet: Pallet) => {
    if (!printer) return setPrinting(pallet);
    try {
      const result = await printerCommands.printPallet(pallet.id)();
      if (result.status !== 'sent') toasts.notify(result.message, { variant: 'error' });
    } catch (failure) {
      toasts.notify(`The label did not print: ${apiErrorText(failure)}`, { variant: 'error' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const kg = readWeight(weight);
    if ('error' in kg) return setError(kg.error);
    setBusy(true);
    setError(null);
    try {
      const fields: PalletFields = { ...choice, weight: kg.kg };
      const pallet = await commands.create(fields);
      setWeight('');
      setOffer(pallet);
      void print(pallet);
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setBusy(false);
      weightField.current?.focus();
    }
  };

  const undo = async () => {
    if (!offer) return;
    setOffer(null);
    try {
      await commands.remove(offer);
      toasts.notify(`Pallet ${shortId(offer.id)} undone`, { variant: 'info' });
    } catch (failure) {
      toasts.notify(apiErrorText(failure), { variant: 'error' });
    }
    weightField.current?.focus();
  };

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <h1>Sorting</h1>
        <span className={styles.muted}>
          {printer ? `Labels print on ${printer.name}` : 'Labels print in the browser'}
        </span>
      </div>
      <dl className={styles.figures} aria-label="This shift">
        <div className={figures.figure}>
          <dt>Pallets this shift</dt>
          <dd data-figure="shift-pallets">{countText(totals.pallets)}</dd>
        </div>
        <div className={figures.figure}>
          <dt>Kg this shift</dt>
          <dd data-figure="shift-kg">{totalKgText(totals.kg)}</dd>
        </div>
      </dl>
      <form className={styles.sortingForm} onSubmit={submit} aria-label="New pallet">
        {attributes.map(([key, label]) => (
          <SelectField
            key={key}
            label={label}
            value={choice[key]}
            choices={catalog[key].map((value) => ({ value, label: value }))}
            onChange={(value) => choose(key, value)}
          />
        ))}
        <div className={styles.weightRow}>
          <TextField
            ref={weightField}
            label="Weight"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={weight}
            error={error}
            onChange={(e) => setWeight(e.target.value)}
            placeholder="kg, then Enter"
          />
          <Button type="submit" variant="primary" disabled={busy}>
            Make pallet and print
          </Button>
        </div>
      </form>
      <div className={styles.undoBar} role="status" aria-live="polite">
        {offer && (
          <>
            <span>
              Made pallet {shortId(offer.id)}: {offer.tomatoType}, {formatWeight(offer.weight)}
            </span>
            <Button onClick={undo}>Undo last pallet</Button>
          </>
        )}
      </div>
      {printing && <PrintLabel key={printing.id} pallet={printing} onDone={() => setPrinting(null)} />}
    </div>
  );
}
