import {
  useObservable,
  useObservableEagerState,
  useObservableState,
  useSubscription,
} from 'observable-hooks';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  merge,
  type Observable,
  of,
  switchMap,
  tap,
} from 'rxjs';
import { rowHighlightMs } from '../../streams/config';
import {
  type Entities,
  highlightChanges,
  type LeftStock,
  type LiveStore,
  type LiveStoreState,
  noLeftStock,
  type Order,
  type OverviewStats,
  type Pallet,
  type PalletQuery,
  type ZoneOccupancy,
} from '../../streams/live';
import { useServices } from '../services';

// Every hook here reads one slice of the chosen location's live state through a selector that
// keeps object identity: a component re-renders only when its slice is a new object, so a batch
// that changed one pallet re-renders that pallet's row and nothing else.

/**
 * A stream the chosen location's store keeps, picked by `pick` (fixed for the component's life),
 * or `none` before a location is chosen.
 */
function useStoreStream$<T>(pick: (store: LiveStore) => Observable<T>, none: T): Observable<T> {
  const { live$ } = useServices();
  return useObservable(
    (inputs$) =>
      inputs$.pipe(switchMap(([live]) => live.pipe(switchMap((store) => (store ? pick(store) : of(none)))))),
    [live$],
  );
}

/** The chosen location's live state, or null before a location is chosen. */
const useLiveState$ = () => useStoreStream$<LiveStoreState | null>((store) => store.state$, null);

/** One slice of the live state as it changes, chosen by `select` (its inputs in `deps`). */
function useLiveSlice$<T, D extends readonly unknown[]>(
  select: (state: LiveStoreState | null, ...deps: D) => T,
  deps: D,
): Observable<T> {
  const state$ = useLiveState$();
  return useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([states, ...rest]) =>
          states.pipe(
            map((state) => select(state, ...(rest as unknown as D))),
            distinctUntilChanged(),
          ),
        ),
      ),
    [state$, ...deps] as const,
  );
}

/** One slice of the live state, chosen by `select` (its inputs in `deps`). */
function useLiveSlice<T, D extends readonly unknown[]>(
  select: (state: LiveStoreState | null, ...deps: D) => T,
  deps: D,
): T {
  return useObservableEagerState(useLiveSlice$(select, deps));
}

const noIds: readonly string[] = [];

/** loading (no data yet), partial (the first pallets, the rest loading), stale (the phone's last known data), ready, or reloading (after a reset or a refresh, older data still shown); null without a location. */
export const useLiveStatus = () => useLiveSlice((state) => state?.status ?? null, []);

/**
 * Whether a pallet missing from the live data is surely not there: not while nothing has loaded,
 * nor while the pallets beyond the first page are loading.
 */
export const allPalletsKnown = (status: LiveStoreState['status'] | null) =>
  status !== 'loading' && status !== 'partial';

/** The location's pallets in display order (newest first). */
export const usePalletIds = () => useLiveSlice((state) => state?.pallets.ids ?? noIds, []);

/** The pallets table (get by id, ids, count). */
export const usePallets = (): Entities<Pallet> | null => useLiveSlice((state) => state?.pallets ?? null, []);

/** One pallet, or undefined when the location has none by that id. */
export const usePallet = (id: string) =>
  useLiveSlice((state, palletId: string) => state?.pallets.get(palletId), [id]);

/** The location's orders in display order. */
export const useOrderIds = () => useLiveSlice((state) => state?.orders.ids ?? noIds, []);

/** One order, or undefined. */
export const useOrder = (id: string) =>
  useLiveSlice((state, orderId: string) => state?.orders.get(orderId), [id]);

/** The orders table. */
export const useOrders = (): Entities<Order> | null => useLiveSlice((state) => state?.orders ?? null, []);

const noStats: OverviewStats = { totalKgWarehouse: 0, totalKgAssigned: 0, shippedToday: 0 };

/** The overview figures of SPEC 3, live. */
export const useOverview = () => useLiveSlice((state) => state?.overview ?? noStats, []);

/** The inventory settings an administrator saved since the location's data loaded (live), or null. */
export const useLiveInventorySettings = () => useLiveSlice((state) => state?.inventorySettings ?? null, []);

/**
 * The printing set-up of the newest PRINTERS_UPDATE since the location's data loaded (null before
 * one), as it changes: an Observable, for a hook that takes the newer of it and a REST read.
 */
export const useLivePrinting$ = () => useLiveSlice$((state) => state?.printing ?? null, []);

/** The network scales of the newest SCALES_UPDATE since the location's data loaded (null before one), as an Observable. */
export const useLiveScales$ = () => useLiveSlice$((state) => state?.scales ?? null, []);

/** Whether an id (pallet or order) is marked optimistic (SPEC 4: for 3 s after the user's own change). */
export const useOptimistic = (id: string) =>
  useLiveSlice((state, entityId: string) => state?.optimistic.has(entityId) ?? false, [id]);

/**
 * Whether a row's pallet changed since the row first showed it (someone's live change): true for
 * `rowHighlightMs` after each change, on the services' clock.
 */
export function useChanged(pallet: Pallet | undefined): boolean {
  const { scheduler } = useServices();
  const changed$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        map(([shown]) => shown),
        filter((shown) => shown !== undefined),
        highlightChanges(rowHighlightMs, scheduler),
      ),
    [pallet],
  );
  return useObservableState(changed$, false);
}

/** Whether a change to an id (pallet or order) waits in the phone's queue, shown as if done. */
export const useWaiting = (id: string) =>
  useLiveSlice((state, entityId: string) => state?.waiting.has(entityId) ?? false, [id]);

/** The ids of the users who added the location's pallets, for the "Added by" filter (kept by the store). */
export const useAddedBy = (): readonly string[] =>
  useObservableEagerState(useStoreStream$((store) => store.addedBy$, noIds));

/** Of `ids`, those the location still has (a ticked pallet someone shipped or deleted drops out). */
export function usePresentPallets(ids: ReadonlySet<string>): readonly string[] {
  const key = useLiveSlice(
    (state, wanted: ReadonlySet<string>) => [...wanted].filter((id) => state?.pallets.get(id)).join('\n'),
    [ids],
  );
  return useMemo(() => (key ? key.split('\n') : noIds), [key]);
}

/** Reads a pallet as the store holds it now, without re-rendering on each change (for event handlers). */
export function usePalletLookup(): (id: string) => Pallet | undefined {
  const state$ = useLiveState$();
  const latest = useRef<LiveStoreState | null>(null);
  useSubscription(state$, (state) => {
    latest.current = state;
  });
  return useCallback((id: string) => latest.current?.pallets.get(id), []);
}

/** The storage zones with their rows and the pallets in each, live; null without a location. */
export const useZones = (): readonly ZoneOccupancy[] | null =>
  useObservableEagerState(useStoreStream$<readonly ZoneOccupancy[] | null>((store) => store.zones$, null));

/**
 * The ids of the pallets that pass the dashboard's query, in display order: the store filters
 * them (streams/) and keeps them, so a dashboard opened again with the same filters reads them.
 */
export const useVisiblePalletIds = (query$: Observable<PalletQuery>): readonly string[] =>
  useObservableEagerState(
    useStoreStream$(
      (store) =>
        merge(
          query$.pipe(
            tap((query) => store.showPalletQuery(query)),
            ignoreElements(),
          ),
          store.visiblePalletIds$,
        ),
      noIds,
    ),
  );

/**
 * Asks the chosen location's store to show the pallets of a pallet status beyond the stock
 * (shipped, processed, all) while the caller is shown, and tells how their loading goes.
 */
export function usePalletStatus(status: string): LeftStock {
  const { live$ } = useServices();
  const store = useObservableState(live$, null);
  useEffect(() => {
    store?.showPalletStatus(status);
    return () => store?.showPalletStatus('active');
  }, [store, status]);
  return useLiveSlice((state) => state?.leftStock ?? noLeftStock, []);
}
