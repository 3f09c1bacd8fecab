import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  type Observable,
  type OperatorFunction,
  scan,
} from 'rxjs';
import type { TimeWindow } from '../dates/windows';
import type { Entities } from './entities';
import { boardKey, type PalletSort, resortIds, type SortedIds, sortShown } from './sorting';
import { inStock, type Order, type Pallet } from './types';

/** The dashboard filters of SPEC 3; '' or 'all' means no restriction. */
export interface DashboardFilters {
  tomatoType: string;
  boxType: string;
  tomatoOption: string;
  palletType: string;
  /** all, or an order status (open, assigned, shipped, complete). */
  orderStatus: string;
  /** active (in stock), shipped, processed or all (`palletStatusChoices`). */
  palletStatus: string;
  /** all, or day, week or month around the date settings' selection (`dateRangeWindow`), by createdAt. */
  dateRange: string;
  /** a user id, or '' for anyone. */
  addedBy: string;
  /** all, "min-max" or "min+" in kg. */
  weightRange: string;
}

/** SPEC 3's defaults: order status all, pallet status active, date range all, weight range all. */
export const defaultFilters: DashboardFilters = {
  tomatoType: '',
  boxType: '',
  tomatoOption: '',
  palletType: '',
  orderStatus: 'all',
  palletStatus: 'active',
  dateRange: 'all',
  addedBy: '',
  weightRange: 'all',
};

/**
 * The pallet-status filter's choices, as the filter bar offers them: in stock (active), each
 * status a pallet leaves the stock with (shipped with its order, processed by kleinpak), or all.
 */
export const palletStatusChoices = [
  { value: 'active', label: 'Active' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'processed', label: 'Processed' },
  { value: 'all', label: 'All' },
] as const;

/** The choices of the filters that do not come from the catalogue, each named by its message `<filter>.<value>`. */
export const fixedChoices = {
  palletStatus: palletStatusChoices.map((choice) => choice.value),
  orderStatus: ['all', 'open', 'assigned', 'shipped', 'complete'],
  dateRange: ['all', 'day', 'week', 'month'],
  weightRange: ['all', '0-500', '500-700', '700-900', '900+'],
} as const;

/** A choice of the filter `F`. */
export type FixedChoice<F extends keyof typeof fixedChoices> = (typeof fixedChoices)[F][number];

const leftStock: readonly string[] = ['shipped', 'processed'];

/** Whether a pallet passes the pallet-status filter; an unknown value keeps the default (in stock). */
const statusMatches = (wanted: string, pallet: Pallet): boolean =>
  wanted === 'all' || (leftStock.includes(wanted) ? pallet.status === wanted : inStock(pallet));

const anything = (value: string) => value === '' || value === 'all';
const same = (wanted: string, actual: unknown) => anything(wanted) || wanted === actual;

function createdWithin(window: TimeWindow | null, createdAt: unknown): boolean {
  if (window === null) return true;
  const at = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  return at >= window.fromMs && at < window.toMs;
}

function inWeightRange(range: string, weight: unknown): boolean {
  if (anything(range)) return true;
  const [min, max] = range
    .replace('+', '-')
    .split('-')
    .map((part) => (part === '' ? Number.POSITIVE_INFINITY : Number(part)));
  const kg = Number(weight);
  return kg >= min && kg <= max;
}

/**
 * What the board shows: the filters, with their date range resolved against the date settings
 * (`dateRangeWindow`) into the window the pallets' createdAt must fall in.
 */
export interface PalletQuery {
  filters: DashboardFilters;
  created: TimeWindow | null;
  /** The board's column order; none keeps the display order (newest first). */
  sort?: PalletSort | null;
  /** Users' names by id, for the order of "Added by". */
  userNames?: ReadonlyMap<string, string>;
}

/** The board's query before any filter is chosen: SPEC 3's defaults, created at any time. */
export const defaultPalletQuery: PalletQuery = Object.freeze({ filters: defaultFilters, created: null });

/** Whether two queries keep the same pallets: the same filters and the same window. */
const sameFilters = (a: PalletQuery, b: PalletQuery): boolean =>
  (Object.keys(a.filters) as (keyof DashboardFilters)[]).every((key) => a.filters[key] === b.filters[key]) &&
  a.created?.fromMs === b.created?.fromMs &&
  a.created?.toMs === b.created?.toMs;

/** Whether two queries show the same list: the same pallets in the same order. */
export const samePalletQuery = (a: PalletQuery, b: PalletQuery): boolean =>
  sameFilters(a, b) &&
  (a.sort ?? null)?.column === (b.sort ?? null)?.column &&
  a.sort?.descending === b.sort?.descending &&
  (a.sort?.column !== 'addedBy' || a.userNames === b.userNames);

/** Whether a pallet passes the query's filters. */
export function palletMatches(pallet: Pallet, { filters, created }: PalletQuery): boolean {
  return (
    same(filters.tomatoType, pallet.tomatoType) &&
    same(filters.boxType, pallet.boxType) &&
    same(filters.tomatoOption, pallet.tomatoOption) &&
    same(filters.palletType, pallet.palletType) &&
    statusMatches(filters.palletStatus, pallet) &&
    same(filters.addedBy, pallet.addedBy) &&
    createdWithin(created, pallet.createdAt) &&
    inWeightRange(filters.weightRange, pallet.weight)
  );
}

/** Whether an order passes the order-status filter. */
export const orderMatches = (order: Order, filters: DashboardFilters): boolean =>
  same(filters.orderStatus, order.status);

/** The dashboard filters as state, and the commands that change them. */
export interface DashboardFiltersStore {
  filters$: Observable<DashboardFilters>;
  setFilters: (change: Partial<DashboardFilters>) => void;
  resetFilters: () => void;
}

/** The dashboard filters as state, with their commands (DESIGN: read-only outside its owner). */
export function createDashboardFilters(initial: Partial<DashboardFilters> = {}): DashboardFiltersStore {
  const filters = new BehaviorSubject<DashboardFilters>({ ...defaultFilters, ...initial });
  return {
    filters$: filters.asObservable(),
    setFilters: (change: Partial<DashboardFilters>) => filters.next({ ...filters.value, ...change }),
    resetFilters: () => filters.next(defaultFilters),
  };
}

/** What the filtering reads of the live state (a `LiveStoreState` will do). */
export interface PalletsState {
  pallets: Entities<Pallet>;
  /** The orders, whose customers order the board by "Order" (a pallet shows its order's id without them). */
  orders?: Entities<Order>;
  /** The pallet ids the last change touched; null when everything may have changed. */
  changedPallets: readonly string[] | null;
}

interface View {
  query: PalletQuery | null;
  visible: Set<string>;
  ids: readonly string[];
  /** The list in the query's column order, or null without one. */
  sorted: SortedIds | null;
  orders: Entities<Order> | undefined;
  /** The state the list was made or last changed from: a new query alone keeps it. */
  state: PalletsState | null;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Operator: the ids of the pallets that pass the query, in display order or in the order of the
 * query's column. A new query re-filters once (a new order alone sorts what is shown); a live
 * batch only tests the pallets it changed and puts them in their place among the others, and
 * the list keeps its identity when no pallet entered, left or moved in it.
 */
export function visiblePalletIds(
  query$: Observable<PalletQuery>,
): OperatorFunction<PalletsState, readonly string[]> {
  return (state$) =>
    combineLatest([state$, query$]).pipe(
      scan<[PalletsState, PalletQuery], View>(
        (view, [state, query]) => {
          // read only when the list is made anew: joined lists (`withLeftStock`) are made on reading
          const ids = () => state.pallets.ids;
          const get = (id: string) => state.pallets.get(id);
          const test = (id: string) => {
            const pallet = get(id);
            return pallet !== undefined && palletMatches(pallet, query);
          };
          const sort = query.sort ?? null;
          const key = sort && boardKey(sort.column, { orders: state.orders, userNames: query.userNames });
          const sorted = (visible: ReadonlySet<string>) =>
            key ? sortShown(state.pallets, visible, key, sort.descending) : null;
          const made = (visible: Set<string>, list: SortedIds | null, shown?: readonly string[]): View => ({
            query,
            visible,
            sorted: list,
            ids: list?.ids ?? shown ?? ids().filter((id) => visible.has(id)),
            orders: state.orders,
            state,
          });
          // a state that may have changed everything (a snapshot) is filtered anew, once: a new
          // order of it afterwards sorts what is shown
          const anew = state !== view.state && state.changedPallets === null;
          if (view.query === null || !sameFilters(query, view.query) || anew) {
            const shown = ids().filter(test);
            const visible = new Set(shown);
            return made(visible, sorted(visible), shown);
          }
          // the same pallets in another order, or customers renamed under an order by "Order"
          if (query !== view.query || (sort?.column === 'order' && state.orders !== view.orders)) {
            const next = made(view.visible, sorted(view.visible));
            return sameList(next.ids, view.ids) ? { ...next, ids: view.ids } : next;
          }
          const changed = new Set(state.changedPallets);
          const entering: string[] = [];
          let moved = false;
          for (const id of changed) {
            const passes = test(id);
            if (passes) entering.push(id);
            if (passes === view.visible.has(id)) continue;
            moved = true;
            if (passes) view.visible.add(id);
            else view.visible.delete(id);
          }
          if (key && view.sorted) {
            const next =
              resortIds(view.sorted, changed, entering, get, key, sort.descending) ??
              sortShown(state.pallets, view.visible, key, sort.descending);
            return sameList(next.ids, view.ids)
              ? { ...view, state }
              : { ...view, sorted: next, ids: next.ids, state };
          }
          return moved ? made(view.visible, null) : { ...view, state };
        },
        { query: null, visible: new Set(), ids: [], sorted: null, orders: undefined, state: null },
      ),
      map((view) => view.ids),
      distinctUntilChanged(),
    );
}
