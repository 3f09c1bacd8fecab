import type { Pallet, StorageZone } from '../live/types';
import { type AgeBucket, ageBucket, ageBuckets, type InventorySettings, settingsFor } from './ageing';

/** What stock is summed by: the pallet attributes, the zone it stands in, and its age bucket. */
export type StockDimension = 'tomatoType' | 'boxType' | 'tomatoOption' | 'palletType' | 'zone' | 'age';

/** One line of a stock table: the pallets and kg with one value of a dimension. */
export interface StockRow {
  key: string;
  kg: number;
  pallets: number;
}

/** Stock summed by each dimension, largest first (age buckets in their order). */
export type Stock = Record<StockDimension, readonly StockRow[]>;

/** The key a pallet counts under for pallets outside storage or without a value. */
export const notStored = 'Not in storage';
export const unknownValue = 'Unknown';

/** What a pallet's line in each dimension is, given its zone's name and the clock. */
export interface KeyContext {
  zones: { get(id: string): StorageZone | undefined };
  settings: InventorySettings;
  nowMs: number;
}

/** The line `pallet` counts under in `dimension`. */
export function keyOf(pallet: Pallet, dimension: StockDimension, context: KeyContext): string {
  switch (dimension) {
    case 'zone': {
      const zone = typeof pallet.zoneId === 'string' ? context.zones.get(pallet.zoneId) : undefined;
      return zone?.name ?? (typeof pallet.storageZone === 'string' ? pallet.storageZone : notStored);
    }
    case 'age':
      return (
        ageBucket(pallet.createdAt, settingsFor(context.settings, pallet.tomatoType), context.nowMs) ??
        unknownValue
      );
    default: {
      const value = pallet[dimension];
      return typeof value === 'string' && value !== '' ? value : unknownValue;
    }
  }
}

const dimensions: readonly StockDimension[] = [
  'tomatoType',
  'boxType',
  'tomatoOption',
  'palletType',
  'zone',
  'age',
];

const kgOf = (pallet: Pallet) => (typeof pallet.weight === 'number' ? pallet.weight : 0);

/** Sums kg and counts pallets by every dimension in one pass over `pallets`. */
export function stockSums(pallets: Iterable<Pallet>, context: KeyContext): Stock {
  const sums = new Map(dimensions.map((d) => [d, new Map<string, StockRow>()]));
  for (const pallet of pallets) {
    const kg = kgOf(pallet);
    for (const dimension of dimensions) {
      const rows = sums.get(dimension) as Map<string, StockRow>;
      const key = keyOf(pallet, dimension, context);
      const row = rows.get(key) ?? { key, kg: 0, pallets: 0 };
      row.kg += kg;
      row.pallets += 1;
      rows.set(key, row);
    }
  }
  const stock = {} as Record<StockDimension, StockRow[]>;
  for (const dimension of dimensions) {
    // sums of two-decimal weights drift in binary; a table shows them to the gram
    const rows = [...(sums.get(dimension) as Map<string, StockRow>).values()].map((row) => ({
      ...row,
      kg: Math.round(row.kg * 100) / 100,
    }));
    stock[dimension] =
      dimension === 'age'
        ? ageBuckets.map(
            (bucket: AgeBucket) => rows.find((r) => r.key === bucket) ?? { key: bucket, kg: 0, pallets: 0 },
          )
        : rows.sort((a, b) => b.kg - a.kg || a.key.localeCompare(b.key));
  }
  return stock;
}

/** A line of one stock table, chosen by clicking its bar: the pallet list shows only its pallets. */
export interface StockFilter {
  dimension: StockDimension;
  key: string;
}

/** Of `ids` (in display order), the pallets on the line `filter` names; all of them without one. */
export function palletsOn(
  ids: readonly string[],
  get: (id: string) => Pallet | undefined,
  filter: StockFilter | null,
  context: KeyContext,
): readonly string[] {
  if (filter === null) return ids;
  return ids.filter((id) => {
    const pallet = get(id);
    return pallet !== undefined && keyOf(pallet, filter.dimension, context) === filter.key;
  });
}
