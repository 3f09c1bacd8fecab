import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { sortingUndoWindowMs } from '../../streams/config';
import { processedOn, type ShiftTotals, shiftTotals, undoable } from '../../streams/consoles';
import { dayKey, dayWindow } from '../../streams/dates';
import type { Entities, Pallet } from '../../streams/live';
import { dataOf, useApiRead } from './api-read';
import { useLocationId, useUser } from './app-state';
import { useNow } from './clock';
import { usePallets } from './live';

const minuteMs = 60_000;
const noPallets: readonly Pallet[] = [];

function* palletsOf(table: Entities<Pallet> | null): Iterable<Pallet> {
  if (!table) return;
  for (const id of table.ids) yield table.get(id) as Pallet;
}

/** Today (local), as a window, moving on at midnight. */
export function useToday() {
  const day = dayKey(useNow(minuteMs));
  return useMemo(() => ({ day, window: dayWindow(day) }), [day]);
}

/** What the signed-in user made today at the chosen location (their shift), live. */
export function useShiftTotals(): ShiftTotals {
  const pallets = usePallets();
  const user = useUser();
  const { window } = useToday();
  return useMemo(() => shiftTotals(palletsOf(pallets), user?.id ?? '', window), [pallets, user, window]);
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
