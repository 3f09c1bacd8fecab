import fc from 'fast-check';
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { tableOf } from './entities';
import { defaultFilters, type PalletQuery, samePalletQuery, visiblePalletIds } from './filters';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, type Projection, projectionOf } from './projection';
import { boardKey, palletKeys, resortIds, sortIds } from './sorting';
import { palletMessage, update } from './test-support';
import type { LiveEvent, Order, Pallet } from './types';

const minute = 60_000;
// ids begin with the time they were made, as the server's do: a higher one is newer
const id = (n: number) => `0000-${String(n).padStart(8, '0')}`;
const pallet = (n: number, fields: Partial<Pallet> = {}): Pallet => ({ id: id(n), ...fields });
const lookup = (pallets: readonly Pallet[]) => {
  const byId = new Map(pallets.map((p) => [p.id, p]));
  return (palletId: string) => byId.get(palletId);
};
const ns = (ids: readonly string[]) => ids.map((palletId) => Number(palletId.slice(-8)));

describe('sortIds', () => {
  const pallets = [
    pallet(1, { weight: 600, tomatoType: 'Vine', createdAt: new Date(5 * minute).toISOString() }),
    pallet(2, { weight: 300, tomatoType: 'beef', createdAt: new Date(9 * minute).toISOString() }),
    pallet(3, { tomatoType: 'Cherry', createdAt: new Date(1 * minute).toISOString() }),
    pallet(4, { weight: 300, tomatoType: 'Beef' }),
  ];
  const ids = pallets.map((p) => p.id);
  const get = lookup(pallets);

  it('orders by weight both ways, pallets without one last either way, equal ones newest first', () => {
    expect(ns(sortIds(ids, get, palletKeys.weight, false).ids)).toEqual([4, 2, 1, 3]);
    expect(ns(sortIds(ids, get, palletKeys.weight, true).ids)).toEqual([1, 4, 2, 3]);
  });

  it('orders by age: youngest first ascending, oldest first descending', () => {
    expect(ns(sortIds(ids, get, palletKeys.age, false).ids)).toEqual([2, 1, 3, 4]);
    expect(ns(sortIds(ids, get, palletKeys.age, true).ids)).toEqual([3, 1, 2, 4]);
  });

  it('orders text as people read it: case aside, numbers by value', () => {
    expect(ns(sortIds(ids, get, palletKeys.tomato, false).ids)).toEqual([4, 2, 3, 1]);
    const rows = [
      pallet(1, { storageZone: 'Hall', rowIndex: 9 }),
      pallet(2, { storageZone: 'Hall', rowIndex: 1 }),
    ];
    const place = boardKey('place', {}) ?? palletKeys.id;
    expect(ns(sortIds([id(1), id(2)], lookup(rows), place, false).ids)).toEqual([2, 1]);
  });

  it("orders the board's order and adder columns by the customer's and the user's name", () => {
    const orders = tableOf<Order>([
      { id: 'o1', palletIds: [], assignedPallets: 0, customer: 'Zeeman' },
      { id: 'o2', palletIds: [], assignedPallets: 0, customer: 'Albert' },
    ]);
    const on = [pallet(1, { orderId: 'o1', addedBy: 'u1' }), pallet(2, { orderId: 'o2', addedBy: 'u2' })];
    const byOrder = boardKey('order', { orders }) ?? palletKeys.id;
    expect(ns(sortIds([id(1), id(2)], lookup(on), byOrder, false).ids)).toEqual([2, 1]);
    const names = new Map([
      ['u1', 'anna'],
      ['u2', 'Bram'],
    ]);
    const byAdder = boardKey('addedBy', { userNames: names }) ?? palletKeys.id;
    expect(ns(sortIds([id(1), id(2)], lookup(on), byAdder, true).ids)).toEqual([2, 1]);
    expect(boardKey('actions', {})).toBeUndefined();
  });
});

describe('resortIds', () => {
  it('gives the order a full sort gives, for any batch of changes, adds and deletes', () => {
    const weight = fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined });
    const tomato = fc.constantFrom('Beef', 'Cherry', 'Vine', undefined);
    const entry = fc.record({ n: fc.integer({ min: 0, max: 30 }), weight, tomato });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => e.n }),
        fc.array(fc.record({ n: fc.integer({ min: 0, max: 40 }), weight, gone: fc.boolean() })),
        fc.boolean(),
        fc.constantFrom('weight', 'tomato'),
        (before, batch, descending, column) => {
          const now = new Map(
            before.map((e) => [id(e.n), pallet(e.n, { weight: e.weight, tomatoType: e.tomato })]),
          );
          const key = palletKeys[column as 'weight' | 'tomato'];
          const sorted = sortIds([...now.keys()], (i) => now.get(i), key, descending);
          const changed = new Set<string>();
          for (const change of batch) {
            changed.add(id(change.n));
            if (change.gone) now.delete(id(change.n));
            else
              now.set(id(change.n), {
                ...now.get(id(change.n)),
                ...pallet(change.n, { weight: change.weight }),
              });
          }
          const entering = [...changed].filter((i) => now.has(i));
          const get = (i: string) => now.get(i);
          const expected = sortIds([...now.keys()], get, key, descending).ids;
          expect(resortIds(sorted, changed, entering, get, key, descending)?.ids).toEqual(expected);
        },
      ),
    );
  });

  it('asks for a full sort when a pallet brings a text the list did not hold', () => {
    const pallets = new Map([[id(1), pallet(1, { tomatoType: 'Beef' })]]);
    const get = (i: string) => pallets.get(i);
    const sorted = sortIds([id(1)], get, palletKeys.tomato, false);
    pallets.set(id(2), pallet(2, { tomatoType: 'Plum' }));
    expect(resortIds(sorted, new Set([id(2)]), [id(2)], get, palletKeys.tomato, false)).toBeNull();
  });
});

describe('visiblePalletIds in a column order', () => {
  const ev = (palletId: string, action: string, fields: Record<string, unknown> = {}) =>
    normaliseMessage(palletMessage(palletId, action, fields), 0) as LiveEvent;
  const byWeight = (descending: boolean): PalletQuery => ({
    filters: defaultFilters,
    created: null,
    sort: { column: 'weight', descending },
  });

  it('sorts once per query, puts a live arrival or change in its place, keeps the list when none moved', () => {
    const states = new Subject<Projection>();
    const query = new BehaviorSubject(byWeight(false));
    const lists: (readonly string[])[] = [];
    states.pipe(visiblePalletIds(query)).subscribe((ids) => lists.push(ids));
    let state = projectionOf(
      {
        pallets: [pallet(1, { weight: 500 }), pallet(2, { weight: 100 }), pallet(3, { weight: 300 })],
        orders: [],
        zones: [],
      },
      0,
      emptyProjection.pendingZones,
      [],
      0,
    );
    states.next(state);
    state = applyEvents(state, [ev(id(4), 'add', { weight: 200 })], 0);
    states.next(state);
    state = applyEvents(state, [ev(id(1), 'update', { weight: 500, tomatoType: 'Beef' })], 0);
    states.next(state); // a change that keeps its place: the same list, not emitted again
    state = applyEvents(state, [ev(id(2), 'update', { weight: 900 }), ev(id(3), 'delete')], 0);
    states.next(state);
    query.next(byWeight(true));
    expect(lists.map(ns)).toEqual([
      [2, 3, 1],
      [2, 4, 3, 1],
      [4, 1, 2],
      [2, 1, 4],
    ]);
  });

  it('sorts again by "Order" when a customer is renamed, though no pallet changed', () => {
    const states = new Subject<Projection>();
    const lists: (readonly string[])[] = [];
    const byOrder = { filters: defaultFilters, created: null, sort: { column: 'order', descending: false } };
    states.pipe(visiblePalletIds(new BehaviorSubject(byOrder))).subscribe((ids) => lists.push(ids));
    const order = (orderId: string, customer: string) => ({
      id: orderId,
      palletIds: [],
      assignedPallets: 0,
      customer,
    });
    let state = projectionOf(
      {
        pallets: [pallet(1, { orderId: 'o1' }), pallet(2, { orderId: 'o2' })],
        orders: [order('o1', 'Albert'), order('o2', 'Bakker')],
        zones: [],
      },
      0,
      emptyProjection.pendingZones,
      [],
      0,
    );
    states.next(state);
    const renamed = normaliseMessage(
      update({ type: 'ORDER_UPDATE', action: 'update', orders: [order('o1', 'Zeeman')] }),
      0,
    ) as LiveEvent;
    state = applyEvents(state, [renamed], 0);
    states.next(state);
    expect(lists.map(ns)).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('sorts what a snapshot shows without filtering all its pallets again', () => {
    const base = projectionOf(
      { pallets: [pallet(1, { weight: 5 }), pallet(2, { weight: 1 })], orders: [], zones: [] },
      0,
      emptyProjection.pendingZones,
      [],
      0,
    );
    let reads = 0;
    const pallets = {
      get: (palletId: string) => base.pallets.get(palletId),
      forEach: (visit: (p: Pallet) => void) => base.pallets.forEach(visit),
      count: base.pallets.count,
      get ids() {
        reads++;
        return base.pallets.ids;
      },
    };
    const query = new BehaviorSubject<PalletQuery>({ filters: defaultFilters, created: null });
    const lists: (readonly string[])[] = [];
    new BehaviorSubject({ pallets, changedPallets: null })
      .pipe(visiblePalletIds(query))
      .subscribe((ids) => lists.push(ids));
    query.next(byWeight(false));
    query.next(byWeight(true));
    expect(lists.map(ns)).toEqual([
      [1, 2],
      [2, 1],
      [1, 2],
    ]);
    expect(reads).toBe(1);
  });

  it('reads a query of another order or another direction as another list', () => {
    expect(samePalletQuery(byWeight(true), byWeight(true))).toBe(true);
    expect(samePalletQuery(byWeight(true), byWeight(false))).toBe(false);
    expect(samePalletQuery(byWeight(true), { ...byWeight(true), sort: null })).toBe(false);
  });
});
