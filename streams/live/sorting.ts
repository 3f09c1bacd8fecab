import type { Entities } from './entities';
import type { Order, Pallet } from './types';

/** A table sorted by one column, ascending or descending. */
export interface PalletSort {
  column: string;
  descending: boolean;
}

/** A pallet's key for a column: a number, or text compared as people read it; null when it has none. */
export type SortKey = (pallet: Pallet) => number | string | null | undefined;

/**
 * Ids in a column's order, with what it takes to place a changed pallet among them without
 * sorting them all again.
 */
export interface SortedIds {
  readonly ids: readonly string[];
  /** The rank of each text the column held when sorted, in the language's order. */
  readonly ranks: ReadonlyMap<string, number>;
}

// people read "Row 10" after "Row 9", and "beef" beside "Beef"
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The keys shared by the pallet board and the inventory's list. */
export const palletKeys = {
  // the last 8 hex digits, as the tables show them
  id: (pallet) => number(Number.parseInt(pallet.id.slice(-8), 16)),
  tomato: (pallet) => text(pallet.tomatoType),
  box: (pallet) => text(pallet.boxType),
  option: (pallet) => text(pallet.tomatoOption),
  palletType: (pallet) => text(pallet.palletType),
  weight: (pallet) => number(pallet.weight),
  // younger first when ascending, as the age grows
  age: (pallet) => {
    const at = typeof pallet.createdAt === 'string' ? Date.parse(pallet.createdAt) : Number.NaN;
    return Number.isFinite(at) ? -at : null;
  },
} satisfies Record<string, SortKey>;

/** A pallet's key as a number: a text by its rank (undefined for a text not ranked), NaN for none. */
function numericKey(key: SortKey, ranks: ReadonlyMap<string, number>, pallet: Pallet | undefined) {
  const value = pallet === undefined ? null : key(pallet);
  if (value === null || value === undefined) return Number.NaN;
  return typeof value === 'number' ? value : ranks.get(value);
}

/**
 * The order of two keys: pallets without one last in either direction, equal keys newest first
 * (pallet ids begin with the time they were made), so a list has one order however it was reached.
 */
function compare(ka: number, kb: number, a: string, b: string, descending: boolean): number {
  const noA = Number.isNaN(ka);
  const noB = Number.isNaN(kb);
  if (noA !== noB) return noA ? 1 : -1;
  if (!noA && ka !== kb) return ka < kb !== descending ? -1 : 1;
  return a < b ? 1 : a > b ? -1 : 0;
}

/** `ids` in the order of their keys (`values`, one each); each text ranked once, the keys compared as numbers. */
function sortKeyed(
  ids: readonly string[],
  values: readonly (number | string | null | undefined)[],
  descending: boolean,
): SortedIds {
  const texts = new Set<string>();
  for (const value of values) if (typeof value === 'string') texts.add(value);
  // texts people read as one ("Beef", "beef") share their rank
  const ranks = new Map<string, number>();
  let rank = -1;
  let last: string | undefined;
  for (const value of [...texts].sort(collator.compare)) {
    if (last === undefined || collator.compare(last, value) !== 0) rank++;
    ranks.set(value, rank);
    last = value;
  }
  const keys = new Float64Array(ids.length);
  values.forEach((value, i) => {
    keys[i] =
      value === null || value === undefined
        ? Number.NaN
        : typeof value === 'number'
          ? value
          : (ranks.get(value) as number);
  });
  const order = Array.from(ids.keys()).sort((a, b) => compare(keys[a], keys[b], ids[a], ids[b], descending));
  return { ids: order.map((i) => ids[i]), ranks };
}

/** Sorts `ids` by `key`, every key read once. */
export function sortIds(
  ids: readonly string[],
  get: (id: string) => Pallet | undefined,
  key: SortKey,
  descending: boolean,
): SortedIds {
  return sortKeyed(
    ids,
    ids.map((id) => {
      const pallet = get(id);
      return pallet === undefined ? null : key(pallet);
    }),
    descending,
  );
}

/**
 * Sorts the pallets of `shown` by `key`, read in one pass over the table rather than one look-up
 * by id each: 100,000 look-ups alone took longer than the sort.
 */
export function sortShown(
  pallets: Entities<Pallet>,
  shown: ReadonlySet<string>,
  key: SortKey,
  descending: boolean,
): SortedIds {
  const ids: string[] = [];
  const values: (number | string | null | undefined)[] = [];
  // all of them shown (the stock, unfiltered): none need be looked for
  const all = shown.size === pallets.count;
  pallets.forEach((pallet) => {
    if (!all && !shown.has(pallet.id)) return;
    ids.push(pallet.id);
    values.push(key(pallet));
  });
  return sortKeyed(ids, values, descending);
}

/**
 * `sorted` after a live batch: `changed` taken out, those of them in `entering` put back in
 * their place, each found by halving, so a batch costs one pass over the list, never a sort of
 * it. Null when a pallet entering holds a text the list did not have: its rank needs a full sort.
 */
export function resortIds(
  sorted: SortedIds,
  changed: ReadonlySet<string>,
  entering: readonly string[],
  get: (id: string) => Pallet | undefined,
  key: SortKey,
  descending: boolean,
): SortedIds | null {
  const keyOf = (id: string) => numericKey(key, sorted.ranks, get(id));
  const incoming: { id: string; key: number }[] = [];
  for (const id of entering) {
    const k = keyOf(id);
    if (k === undefined) return null;
    incoming.push({ id, key: k });
  }
  incoming.sort((a, b) => compare(a.key, b.key, a.id, b.id, descending));
  const rest = sorted.ids.filter((id) => !changed.has(id));
  const ids: string[] = [];
  let from = 0;
  for (const { id, key: k } of incoming) {
    let low = from;
    let high = rest.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = rest[middle];
      if (compare(keyOf(other) as number, k, other, id, descending) < 0) low = middle + 1;
      else high = middle;
    }
    for (let i = from; i < low; i++) ids.push(rest[i]);
    ids.push(id);
    from = low;
  }
  for (let i = from; i < rest.length; i++) ids.push(rest[i]);
  return { ids, ranks: sorted.ranks };
}

/** What the pallet board's keys read beside the pallet: its order's customer, its adder's name. */
export interface BoardSortContext {
  orders?: Entities<Order>;
  /** Users' names by id, as far as they are known; an id stands for a name not known. */
  userNames?: ReadonlyMap<string, string>;
}

/** The key of a column of the pallet board (SPEC 3's fields, the place, the order, the adder), or undefined for one that does not sort. */
export function boardKey(column: string, { orders, userNames }: BoardSortContext): SortKey | undefined {
  switch (column) {
    case 'place':
      return (pallet) => {
        const zone = text(pallet.storageZone);
        return zone !== null && typeof pallet.rowIndex === 'number' ? `${zone} ${pallet.rowIndex + 1}` : zone;
      };
    case 'order':
      return (pallet) => {
        const id = text(pallet.orderId);
        if (id === null) return null;
        return text(orders?.get(id)?.customer) ?? id.slice(-8);
      };
    case 'addedBy':
      return (pallet) => {
        const id = text(pallet.addedBy);
        return id === null ? null : (userNames?.get(id) ?? id);
      };
    default:
      return Object.hasOwn(palletKeys, column) ? palletKeys[column as keyof typeof palletKeys] : undefined;
  }
}
