import {
  useObservable,
  useObservableCallback,
  useObservableEagerState,
  useObservableState,
} from 'observable-hooks';
import { useMemo } from 'react';
import { of, switchMap } from 'rxjs';
import { sortingUndoWindowMs } from '../../streams/config';
import {
  choiceIn,
  type DueDay,
  ordersByDueDate,
  processedOn,
  type SavedChoice,
  type ShiftTotals,
  shiftTotals,
  undoable,
} from '../../streams/consoles';
import { dayKey, dayWindow } from '../../streams/dates';
import type { Entities, Order, Pallet } from '../../streams/live';
import type { Scale } from '../../streams/scales';
import { useServices } from '../services';
import { dataOf, useApiRead } from './api-read';
import { useLocationId, useUser } from './app-state';
import { type Catalog, catalogAttributes } from './catalog';
import { useNow } from './clock';
import { useOrders, usePallets } from './live';

const noPallets: readonly Pallet[] = [];

function* palletsOf(table: Entities<Pallet> | null): Iterable<Pallet> {
  if (!table) return;
  for (const id of table.ids) yield table.get(id) as Pallet;
}

/** Today (local), as a window, moving on at midnight. */
export function useToday() {
  const day = dayKey(useNow());
  return useMemo(() => ({ day, window: dayWindow(day) }), [day]);
}

/** What the signed-in user made today at the chosen location (their shift), live. */
export function useShiftTotals(): ShiftTotals {
  const pallets = usePallets();
  const user = useUser();
  const { window } = useToday();
  return useMemo(() => shiftTotals(palletsOf(pallets), user?.id ?? '', window), [pallets, user, window]);
}

const nothingSaved: SavedChoice = {};

/** The sorting line's choices saved at the chosen location (kept across reloads), and how to change some. */
function useSavedSortingChoice(): [SavedChoice, (change: SavedChoice) => void] {
  const { sortingChoices } = useServices();
  const locationId = useLocationId();
  const saved$ = useObservable(
    (inputs$) =>
      inputs$.pipe(switchMap(([choices, id]) => (id === null ? of(nothingSaved) : choices.saved$(id)))),
    [sortingChoices, locationId],
  );
  const saved = useObservableEagerState(saved$);
  const change = (made: SavedChoice) => {
    if (locationId !== null) sortingChoices.choose(locationId, made);
  };
  return [saved, change];
}

/**
 * The sorting line's pallet attributes at the chosen location: as last chosen there (kept across
 * reloads) while the catalogue offers them, else its first; and `choose(attribute, value)`.
 */
export function useSortingChoice(
  catalog: Catalog,
): [Record<keyof Catalog, string>, (attribute: keyof Catalog, value: string) => void] {
  const [saved, change] = useSavedSortingChoice();
  const choice = useMemo(() => choiceIn(catalogAttributes, saved, catalog), [saved, catalog]);
  return [choice, (attribute, value) => change({ [attribute]: value })];
}

/**
 * The scale the sorting line weighs on at the chosen location: as last chosen there while the
 * location still has it, else none (null: weights are typed); and `chooseScale(id or null)`.
 */
export function useSortingScale(scales: readonly Scale[]): [Scale | null, (scaleId: string | null) => void] {
  const [saved, change] = useSavedSortingChoice();
  const scale = scales.find((each) => each.id === saved.scale) ?? null;
  return [scale, (scaleId) => change({ scale: scaleId ?? '' })];
}

/** The last made thing while it may be undone (10 s), and `offer(value)` / `offer(null)` to end it. */
export function useUndoOffer<T>(): [T | null, (value: T | null) => void] {
  const [offer, offer$] = useObservableCallback<T | null, T | null>((made$) =>
    made$.pipe(undoable<T>(sortingUndoWindowMs)),
  );
  return [useObservableState(offer$, null), offer];
}

/** The pallets processed today at the chosen location: those listed by the server, and live ones since. */
export function useProcessedToday(): { pallets: Pallet[]; failed: unknown } {
  const locationId = useLocationId();
  const { window } = useToday();
  const { state } = useApiRead<Pallet[]>(
    locationId === null ? null : '/api/pallets',
    { locationId: locationId ?? '', status: 'processed', limit: 500 },
    dataOf,
  );
  const live = usePallets();
  const listed = state.status === 'ready' ? state.data : noPallets;
  const pallets = useMemo(() => processedOn(listed, palletsOf(live), window), [listed, live, window]);
  return { pallets, failed: state.status === 'failed' ? state.error : null };
}

const weekAheadDays = 7;
const dayMs = 86_400_000;

/**
 * The location's orders, live, and those to ship from today through the coming week by due date
 * (overdue first); `lastDay` is the week's last day.
 */
export function useDueOrders(): { all: Order[]; days: DueDay[]; today: string; lastDay: string } {
  const orders = useOrders();
  const { day: today, window } = useToday();
  const all = useMemo(() => (orders ? orders.ids.map((id) => orders.get(id) as Order) : []), [orders]);
  const lastDay = dayKey(window.fromMs + weekAheadDays * dayMs + dayMs / 2);
  const days = useMemo(() => ordersByDueDate(all, today, lastDay), [all, today, lastDay]);
  return { all, days, today, lastDay };
}
