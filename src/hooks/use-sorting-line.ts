import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pallet } from '../../streams/live';
import { type Scale, sameWeight, weightToTake } from '../../streams/scales';
import { useFormats } from '../i18n/format';
import { apiErrorText } from '../shell/api-error';
import { shortId } from '../ui/format';
import { useToasts } from '../ui/toasts';
import { minWeightKg, readWeight } from '../ui/weight';
import { useCatalog } from './catalog';
import { useShiftTotals, useSortingChoice, useSortingScale, useUndoOffer } from './consoles';
import { type PalletFields, usePalletCommands } from './pallet-commands';
import { usePrinterCommands, usePrinters } from './printers';
import { useScaleState, useScales } from './scales';

const noScales: readonly Scale[] = [];

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
 * attributes as last chosen at the location, the weight (typed, or the chosen scale's), "Make
 * pallet" (made, then its label
 * printed on the location's default network printer, else handed to the browser's print), the
 * last pallet to undo for 10 s, and the shift's pallets and kg. Pallets are made straight through
 * the API, or through `own` commands (the phone's, through its offline queue).
 */
export function useSortingLine(own?: SortingCommands) {
  const { t } = useTranslation(['consoles', 'common']);
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
  const { state: scalesState } = useScales();
  const scales = scalesState.status === 'ready' ? scalesState.scales : noScales;
  const [scale, chooseScale] = useSortingScale(scales);
  const scaleState = useScaleState(scale?.id ?? null);
  /** The scale's weight the last pallet took, until the scale shows another. */
  const [taken, setTaken] = useState<number | null>(null);
  useEffect(() => {
    if (taken === null || scaleState?.kind !== 'reading') return;
    const { weightKg, stable } = scaleState.reading;
    if (!stable || !sameWeight(weightKg, taken)) setTaken(null);
  }, [scaleState, taken]);
  /** A typed weight far from the scale's, waiting for the worker's word. */
  const [asking, setAsking] = useState<{ typedKg: number; scaleKg: number } | null>(null);
  const weightMissing = {
    type: t('common:weight.empty'),
    unsteady: t('sorting.scale.unsteady'),
    taken: t('sorting.scale.taken'),
    'no-reading': t('sorting.scale.noReading'),
  };
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

  /** Makes a pallet of the chosen attributes and `kg`, and prints its label. */
  const makeWith = async (kg: number, fromScale: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const { pallet, waiting } = await commands.create({ ...choice, weight: kg });
      if (fromScale) setTaken(kg);
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

  /**
   * Makes a pallet with the typed weight, or with the scale's stable weight when none is typed; a
   * typed weight far from the scale's asks first (`asking`), and says why when there is no weight.
   */
  const make = async () => {
    if (busy) return;
    const typed = weight.trim() === '' ? null : readWeight(weight, format);
    if (typed !== null && 'error' in typed) return setError(typed.error);
    const taking = weightToTake(typed?.kg ?? null, scaleState, taken);
    if (taking.kind === 'ask') return setAsking(taking);
    if (taking.kind !== 'take') return setError(weightMissing[taking.kind]);
    if (taking.kg < minWeightKg) return setError(t('sorting.scale.nothing'));
    await makeWith(taking.kg, taking.fromScale);
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
    scales,
    scale,
    chooseScale,
    scaleState,
    asking,
    /** Makes the pallet with the typed weight the worker confirmed. */
    confirmTyped: () => (asking ? makeWith(asking.typedKg, false) : Promise.resolve()),
    dontMakeTyped: () => setAsking(null),
    printing,
    printAgain: (pallet: Pallet) => void print(pallet),
    donePrinting: () => setPrinting(null),
    make,
    undo,
  };
}
