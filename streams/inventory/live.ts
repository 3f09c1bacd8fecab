import { distinctUntilChanged, map, type OperatorFunction } from 'rxjs';
import type { Entities } from '../live/entities';
import { inStock, type Pallet, type StorageZone } from '../live/types';
import type { InventorySettings } from './ageing';
import { type KeyContext, palletsOn, type Stock, type StockFilter, stockSums } from './stock';

/** The part of a location's live state the inventory reads. */
export interface InventorySource {
  pallets: Entities<Pallet>;
  zones: Entities<StorageZone>;
}

const sameTables = (a: InventorySource, b: InventorySource) => a.pallets === b.pallets && a.zones === b.zones;

// shipped and processed pallets stay in the live state until it reloads; stock is what is left
function* palletsOf(pallets: Entities<Pallet>): Iterable<Pallet> {
  for (const id of pallets.ids) {
    const pallet = pallets.get(id);
    if (inStock(pallet)) yield pallet as Pallet;
  }
}

const contextOf = (state: InventorySource, settings: InventorySettings, nowMs: number): KeyContext => ({
  zones: state.zones,
  settings,
  nowMs,
});

/**
 * The stock of the live state, summed again only when a batch changed pallets or zones (a batch
 * touching only orders keeps the same figures object).
 */
export const liveStock =
  (settings: InventorySettings, nowMs: number): OperatorFunction<InventorySource, Stock> =>
  (state$) =>
    state$.pipe(
      distinctUntilChanged(sameTables),
      map((state) => stockSums(palletsOf(state.pallets), contextOf(state, settings, nowMs))),
    );

/** The ids of the live pallets on the chosen stock line, in display order, following every change. */
export const livePalletsOn =
  (
    filter: StockFilter | null,
    settings: InventorySettings,
    nowMs: number,
  ): OperatorFunction<InventorySource, readonly string[]> =>
  (state$) =>
    state$.pipe(
      distinctUntilChanged(sameTables),
      map((state) =>
        palletsOn(
          state.pallets.ids.filter((id) => inStock(state.pallets.get(id))),
          (id) => state.pallets.get(id),
          filter,
          contextOf(state, settings, nowMs),
        ),
      ),
    );
