import { distinctUntilChanged, map, type OperatorFunction } from 'rxjs';
import type { Entities } from '../live/entities';
import { type PalletSort, palletKeys, type SortKey, sortIds } from '../live/sorting';
import { inStock, type Pallet, type StorageZone } from '../live/types';
import type { InventorySettings } from './ageing';
import {
  type KeyContext,
  keyOf,
  notStored,
  palletsOn,
  type Stock,
  type StockFilter,
  stockSums,
} from './stock';

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

/** The key of a column of the inventory's pallet list (the pallet's fields, its zone, its age), or undefined for one that does not sort. */
export function inventoryKey(column: string, context: KeyContext): SortKey | undefined {
  if (column === 'zone')
    return (pallet) => {
      const zone = keyOf(pallet, 'zone', context);
      return zone === notStored ? null : zone;
    };
  return Object.hasOwn(palletKeys, column) ? palletKeys[column as keyof typeof palletKeys] : undefined;
}

/**
 * The ids of the live pallets on the chosen stock line, in display order or in the order of a
 * column, following every change. The list is made anew for each batch, as the sums are, so a
 * sort is too: its keys are read once each and compared as numbers.
 */
export const livePalletsOn =
  (
    filter: StockFilter | null,
    settings: InventorySettings,
    nowMs: number,
    sort: PalletSort | null = null,
  ): OperatorFunction<InventorySource, readonly string[]> =>
  (state$) =>
    state$.pipe(
      distinctUntilChanged(sameTables),
      map((state) => {
        const context = contextOf(state, settings, nowMs);
        const get = (id: string) => state.pallets.get(id);
        const ids = palletsOn(
          state.pallets.ids.filter((id) => inStock(get(id))),
          get,
          filter,
          context,
        );
        const key = sort && inventoryKey(sort.column, context);
        return key ? sortIds(ids, get, key, sort.descending).ids : ids;
      }),
    );
