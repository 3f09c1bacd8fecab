import type { TimeWindow } from '../dates/windows';
import type { Order, Pallet } from '../live/types';

const within = (at: unknown, window: TimeWindow): boolean => {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return ms >= window.fromMs && ms < window.toMs;
};

/** What the sorting line made in a shift: pallets and kg. */
export interface ShiftTotals {
  pallets: number;
  kg: number;
}

/** The pallets `userId` made in `shift` (undone ones are gone from the list, so they do not count). */
export function shiftTotals(pallets: Iterable<Pallet>, userId: string, shift: TimeWindow): ShiftTotals {
  const totals = { pallets: 0, kg: 0 };
  for (const pallet of pallets) {
    if (pallet.addedBy !== userId || !within(pallet.createdAt, shift)) continue;
    totals.pallets += 1;
    totals.kg += Number(pallet.weight) || 0;
  }
  return totals;
}

/**
 * The day's processed pallets, newest processing first: those the server listed and those the
 * live stream brought since, each once (the live one is the newer).
 */
export function processedOn(listed: readonly Pallet[], live: Iterable<Pallet>, day: TimeWindow): Pallet[] {
  const byId = new Map(listed.map((pallet) => [pallet.id, pallet]));
  for (const pallet of live) if (pallet.status === 'processed') byId.set(pallet.id, pallet);
  return [...byId.values()]
    .filter((pallet) => pallet.status === 'processed' && within(pallet.processedAt, day))
    .sort((a, b) => String(b.processedAt).localeCompare(String(a.processedAt)));
}

/** How many pallets an order still needs (requested minus assigned, never below 0). */
export const stillNeeds = (order: Order): number =>
  Math.max(0, (Number(order.requestedPallets) || 0) - order.palletIds.length);

/** The orders of one due date. */
export interface DueDay {
  /** YYYY-MM-DD; days before `today` are overdue. */
  day: string;
  overdue: boolean;
  orders: Order[];
}

/**
 * The orders to ship from `today` through `days` days later (YYYY-MM-DD), by due date, overdue
 * ones first; shipped and complete orders and orders without a due date are not among them.
 */
export function ordersByDueDate(orders: Iterable<Order>, today: string, lastDay: string): DueDay[] {
  const byDay = new Map<string, Order[]>();
  for (const order of orders) {
    const due = order.dueDate;
    if (typeof due !== 'string' || due > lastDay) continue;
    if (order.status === 'shipped' || order.status === 'complete') continue;
    byDay.set(due, [...(byDay.get(due) ?? []), order]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({
      day,
      overdue: day < today,
      orders: list.sort((a, b) => String(a.customer).localeCompare(String(b.customer))),
    }));
}

/** One line of a pick list: a pallet and where it stands. */
export interface PickLine {
  pallet: Pallet;
  /** Zone name, or null when the pallet is in no storage place. */
  zone: string | null;
  /** Row number as people count (1 for the first), or null. */
  row: number | null;
}

/** An order's pallets in walking order: by zone, then row; pallets outside storage last. */
export function pickList(order: Order, palletOf: (id: string) => Pallet | undefined): PickLine[] {
  return order.palletIds
    .flatMap((id) => {
      const pallet = palletOf(id);
      if (!pallet) return [];
      const zone = typeof pallet.storageZone === 'string' && pallet.storageZone ? pallet.storageZone : null;
      const row = typeof pallet.rowIndex === 'number' ? pallet.rowIndex + 1 : null;
      return [{ pallet, zone, row }];
    })
    .sort(
      (a, b) =>
        Number(a.zone === null) - Number(b.zone === null) ||
        (a.zone ?? '').localeCompare(b.zone ?? '') ||
        (a.row ?? 0) - (b.row ?? 0),
    );
}

/** What a pallet scanned against a pick list does: picks it, was picked already, or is refused. */
export type PickScan = 'picked' | 'again' | 'not-on-list';

/** A scanned pallet against an order's pick list and the pallets picked so far. */
export function pickScan(
  lines: readonly PickLine[],
  picked: ReadonlySet<string>,
  palletId: string,
): PickScan {
  if (!lines.some((line) => line.pallet.id === palletId)) return 'not-on-list';
  return picked.has(palletId) ? 'again' : 'picked';
}
