import { useObservable, useObservableEagerState, useObservableState } from 'observable-hooks';
import { useCallback, useState } from 'react';
import { catchError, from, map, of, startWith, switchMap } from 'rxjs';
import {
  type InventorySettings,
  livePalletsOn,
  liveStock,
  type Stock,
  type StockFilter,
  type TypeSettings,
} from '../../streams/inventory';
import type { PalletSort } from '../../streams/live';
import { useServices } from '../services';
import { useLocationId } from './app-state';
import { useLiveInventorySettings } from './live';

/** The chosen location's inventory settings: loading, ready, or failed with the error. */
export type SettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: InventorySettings }
  | { status: 'failed'; error: unknown };

const loading: SettingsState = { status: 'loading' };

/**
 * The chosen location's ageing thresholds and minimum stock per tomato type (GET
 * /api/inventory/settings), and `save` (admin), after which the server's answer is shown.
 */
export function useInventorySettings() {
  const { session } = useServices();
  const locationId = useLocationId();
  // the PUT answers every type's settings: shown at once, without a reload that would blank the screen
  const [saved, setSaved] = useState<(InventorySettings & { locationId: string }) | null>(null);
  const settings$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id]) =>
          id === null
            ? of(loading)
            : from(api.get<InventorySettings>('/api/inventory/settings', { query: { locationId: id } })).pipe(
                map((settings): SettingsState => ({ status: 'ready', settings })),
                catchError((error: unknown) => of<SettingsState>({ status: 'failed', error })),
                startWith(loading),
              ),
        ),
      ),
    [session.api, locationId],
  );
  const read = useObservableState(settings$, loading);
  // another administrator's change arrives live; this page's own save shows before its event does
  const live = useLiveInventorySettings() as (InventorySettings & { locationId: string }) | null;
  const newest = [live, saved].find((s) => s !== null && s.locationId === locationId);
  const state: SettingsState = newest ? { status: 'ready', settings: newest } : read;
  const save = useCallback(
    async (tomatoTypes: (TypeSettings & { tomatoType: string })[]) => {
      setSaved(
        await session.api.put<InventorySettings & { locationId: string }>('/api/inventory/settings', {
          locationId,
          tomatoTypes,
        }),
      );
    },
    [session.api, locationId],
  );
  return { state, save };
}

/** Stock of the chosen location by every dimension, live; null before a location's data. */
export function useStock(settings: InventorySettings, nowMs: number): Stock | null {
  const { live$ } = useServices();
  const stock$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([live, s, now]) =>
          live.pipe(switchMap((store) => store?.state$.pipe(liveStock(s, now)) ?? of(null))),
        ),
      ),
    [live$, settings, nowMs],
  );
  return useObservableEagerState(stock$);
}

const noIds: readonly string[] = [];

/** The ids of the live pallets on the chosen stock line (all without one), in display order or in a column's. */
export function useInventoryPalletIds(
  filter: StockFilter | null,
  settings: InventorySettings,
  nowMs: number,
  sort: PalletSort | null,
): readonly string[] {
  const { live$ } = useServices();
  const ids$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([live, f, s, now, order]) =>
          live.pipe(switchMap((store) => store?.state$.pipe(livePalletsOn(f, s, now, order)) ?? of(noIds))),
        ),
      ),
    [live$, filter, settings, nowMs, sort],
  );
  return useObservableEagerState(ids$);
}
