import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pallet } from '../../../streams/live';
import { useCatalog } from '../../hooks/catalog';
import { useShiftTotals, useSortingChoice, useUndoOffer } from '../../hooks/consoles';
import { type PalletFields, usePalletCommands } from '../../hooks/pallet-commands';
import { usePrinterCommands, usePrinters } from '../../hooks/printers';
import { useFormats } from '../../i18n/format';
import { apiErrorText } from '../../shell/api-error';
import { useToasts } from '../../ui/toasts';
import { shortId } from '../dashboard/format';
import { readWeight } from '../dashboard/weight';

/** How a sorting line makes its pallets and undoes one. */
export interface SortingCommands {
  /**
   * Makes a pallet; answers it, `waiting` while the server does not have it yet (made on a phone
   * without network: a label printer, which prints what the server holds, cannot print it).
   */
  create(fields: PalletFields): Promise<{ pallet: Pallet; waiting: boolean }>;
  remove(pallet: Pallet): Promise<unknown>;
}

/**
 * The sorting line, whatever screen shows it (the desk's console, the phone's): the four
 * attributes as last chosen at the location, the typed weight, "Make pallet" (made, then its label
 * printed on the location's default network printer, else handed to the browser's print), the
 * last pallet to undo for 10 s, and the shift's pallets and kg. Pallets are made straight through
 * the API, or through `own` commands (the phone's, through its offline queue).
 */
export function useSortingLine(own?: SortingCommands) {
  const { t } = useTranslation('consoles');
  const format = useFormats();
  const catalog = useCatalog();
  const [choice, choose] = useSortingChoice(catalog);
  const [weight, setWeight] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The pallet whose label waits for the browser's print dialog. */
  const [printing, setPrinting] = useState<Pallet | null>(null);
  /** The last pallet made here (until undone). */
  const [made, setMade] = useState<Pallet | null>(null);
  const [offer, setOffer] = useUndoOffer<Pallet>();
  const totals = useShiftTotals();
  const palletCommands = usePalletCommands();
  const commands: SortingCommands = own ?? {
    create: async (fields) => ({ pallet: await palletCommands.create(fields), waiting: false }),
    remove: palletCommands.remove,
  };
  const { state: printers } = usePrinters();
  const printerCommands = usePrinterCommands();
  const toasts = useToasts();
  const printer = printers.status === 'ready' ? printers.printers.find((p) => p.isDefault) : undefined;
  const printerSays = {
    refused: t('sorting.printer.refused'),
    timed_out: t('sorting.printer.timedOut'),
    unreachable: t('sorting.printer.unreachable'),
    failed: t('sorting.printer.failed'),
  };

  const print = async (pallet: Pallet) => {
    if (!printer) return setPrinting(pallet);
    try {
      const result = await printerCommands.printPallet(pallet.id)();
      if (result.status !== 'sent')
        toasts.notify(t('sorting.notPrinted', { reason: printerSays[result.status] }), { variant: 'error' });
    } catch (failure) {
      toasts.notify(t('sorting.notPrinted', { reason: apiErrorText(failure) }), { variant: 'error' });
    }
  };

  /** Makes a pallet of the chosen attributes and the typed weight, and prints its label. */
  const make = async () => {
    if (busy) return;
    const kg = readWeight(weight, format);
    if ('error' in kg) return setError(kg.error);
    setBusy(true);
    setError(null);
    try {
      const { pallet, waiting } = await commands.create({ ...choice, weight: kg.kg });
      setWeight('');
      setMade(pallet);
      setOffer(pallet);
      if (waiting) setPrinting(pallet);
      else void print(pallet);
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  /** Deletes the last pallet while its undo lasts. */
  const undo = async () => {
    if (!offer) return;
    setOffer(null);
    setMade((last) => (last?.id === offer.id ? null : last));
    try {
      await commands.remove(offer);
      toasts.notify(t('sorting.undone', { id: shortId(offer.id) }), { variant: 'info' });
    } catch (failure) {
      toasts.notify(apiErrorText(failure), { variant: 'error' });
    }
  };

  return {
    catalog,
    choice,
    choose,
    weight,
    setWeight,
    error,
    busy,
    made,
    offer,
    totals,
    printer,
    printing,
    printAgain: (pallet: Pallet) => void print(pallet),
    donePrinting: () => setPrinting(null),
    make,
    undo,
  };
}
