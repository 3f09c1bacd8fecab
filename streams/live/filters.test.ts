import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  createDashboardFilters,
  type DashboardFilters,
  defaultFilters,
  orderMatches,
  type PalletsState,
  palletMatches,
  palletStatusChoices,
  samePalletQuery,
  visiblePalletIds,
} from './filters';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, type Projection, projectionOf } from './projection';
import { palletMessage } from './test-support';
import type { LiveEvent, Pallet } from './types';

const day = 86_400_000;
const pallet = (fields: Partial<Pallet>): Pallet => ({ id: 'p', ...fields });
/** A query of the default filters but `change`, created at any time. */
const only = (change: Partial<DashboardFilters>) => ({
  filters: { ...defaultFilters, ...change },
  created: null,
});

describe('dashboard filters (SPEC 3)', () => {
  it('has SPEC 3 defaults: order status all, pallet status active, date range all, weight range all', () => {
    expect(defaultFilters).toMatchObject({
      orderStatus: 'all',
      palletStatus: 'active',
      dateRange: 'all',
      weightRange: 'all',
    });
    expect(palletMatches(pallet({ status: 'active' }), only({}))).toBe(true);
    expect(palletMatches(pallet({ status: 'shipped' }), only({}))).toBe(false);
  });

  it('offers every status a pallet can have, in stock first (the default), then all', () => {
    expect(palletStatusChoices.map((c) => [c.value, c.label])).toEqual([
      ['active', 'Active'],
      ['shipped', 'Shipped'],
      ['processed', 'Processed'],
      ['all', 'All'],
    ]);
    expect(palletStatusChoices[0].value).toBe(defaultFilters.palletStatus);
  });

  it('matches attributes, status, adder, dates and weights', () => {
    const p = pallet({
      tomatoType: 'cherry',
      boxType: 'crate',
      weight: 600,
      addedBy: 'u1',
      createdAt: new Date(20 * day + 60_000).toISOString(),
    });
    expect(palletMatches(p, only({ tomatoType: 'cherry', boxType: 'all' }))).toBe(true);
    expect(palletMatches(p, only({ tomatoType: 'plum' }))).toBe(false);
    expect(palletMatches(p, only({ addedBy: 'u2' }))).toBe(false);
    expect(palletMatches(p, only({ palletStatus: 'shipped' }))).toBe(false);
    expect(palletMatches(p, only({ palletStatus: 'all' }))).toBe(true);
    // a processed pallet (kleinpak) has left the stock: not active, not shipped either
    const processed = { ...p, status: 'processed' as const };
    expect(palletMatches(processed, only({ palletStatus: 'active' }))).toBe(false);
    expect(palletMatches(processed, only({ palletStatus: 'shipped' }))).toBe(false);
    expect(palletMatches(processed, only({ palletStatus: 'all' }))).toBe(true);
    // ... and the filter's Processed keeps it alone, as Shipped keeps the shipped ones alone
    expect(palletMatches(processed, only({ palletStatus: 'processed' }))).toBe(true);
    expect(palletMatches(p, only({ palletStatus: 'processed' }))).toBe(false);
    expect(palletMatches({ ...p, status: 'shipped' as const }, only({ palletStatus: 'processed' }))).toBe(
      false,
    );
    expect(palletMatches({ ...p, status: 'shipped' }, only({ palletStatus: 'shipped' }))).toBe(true);
    // a value no choice has (an old link) keeps the default: what is in stock
    expect(palletMatches(p, only({ palletStatus: 'lost' }))).toBe(true);
    expect(palletMatches(processed, only({ palletStatus: 'lost' }))).toBe(false);
    // the date range reaches the projection as the window it stands for (streams/dates)
    const day20 = { filters: defaultFilters, created: { fromMs: 20 * day, toMs: 21 * day } };
    expect(palletMatches(p, day20)).toBe(true);
    expect(palletMatches({ ...p, createdAt: new Date(20 * day - 1).toISOString() }, day20)).toBe(false);
    expect(palletMatches({ ...p, createdAt: new Date(21 * day).toISOString() }, day20)).toBe(false);
    expect(palletMatches({ ...p, createdAt: undefined }, day20)).toBe(false);
    expect(palletMatches({ ...p, createdAt: undefined }, only({}))).toBe(true);
    expect(palletMatches(p, only({ weightRange: '500-1000' }))).toBe(true);
    expect(palletMatches(p, only({ weightRange: '700+' }))).toBe(false);
    expect(palletMatches(p, only({ weightRange: '500+' }))).toBe(true);
    expect(
      orderMatches(
        { id: 'o', palletIds: [], assignedPallets: 0, status: 'open' },
        only({ orderStatus: 'shipped' }).filters,
      ),
    ).toBe(false);
    expect(orderMatches({ id: 'o', palletIds: [], assignedPallets: 0, status: 'open' }, defaultFilters)).toBe(
      true,
    );
  });

  it('keeps filter state with commands', () => {
    const filters = createDashboardFilters({ boxType: 'crate' });
    const seen: DashboardFilters[] = [];
    filters.filters$.subscribe((f) => seen.push(f));
    filters.setFilters({ tomatoType: 'plum' });
    filters.resetFilters();
    expect(seen.map((f) => `${f.boxType}/${f.tomatoType}`)).toEqual(['crate/', 'crate/plum', '/']);
  });
});

describe('samePalletQuery', () => {
  it('reads two queries as one when their filters and windows match, whatever the objects', () => {
    const window = (fromMs: number) => ({ fromMs, toMs: fromMs + day });
    expect(samePalletQuery(only({ boxType: 'crate' }), only({ boxType: 'crate' }))).toBe(true);
    expect(samePalletQuery(only({ boxType: 'crate' }), only({ boxType: 'box' }))).toBe(false);
    expect(samePalletQuery({ ...only({}), created: window(0) }, { ...only({}), created: window(0) })).toBe(
      true,
    );
    expect(samePalletQuery({ ...only({}), created: window(0) }, { ...only({}), created: window(day) })).toBe(
      false,
    );
    expect(samePalletQuery(only({}), { ...only({}), created: window(0) })).toBe(false);
  });
});

describe('visiblePalletIds', () => {
  const ev = (id: string, action: string, fields: Record<string, unknown> = {}) =>
    normaliseMessage(palletMessage(id, action, fields), 0) as LiveEvent;

  it('tests only the pallets a batch changed and keeps the list when none entered or left', () => {
    const states = new Subject<Projection>();
    const filters = new BehaviorSubject(only({ tomatoType: 'cherry' }));
    const lists: (readonly string[])[] = [];
    states.pipe(visiblePalletIds(filters)).subscribe((ids) => lists.push(ids));
    let state = projectionOf(
      {
        pallets: [pallet({ id: 'a', tomatoType: 'cherry' }), pallet({ id: 'b', tomatoType: 'plum' })],
        orders: [],
        zones: [],
      },
      0,
      emptyProjection.pendingZones,
      [],
      0,
    );
    states.next(state);
    state = applyEvents(state, [ev('b', 'update', { tomatoType: 'plum', weight: 1 })], 0);
    states.next(state); // b changed but stays out: same list, not emitted again
    state = applyEvents(state, [ev('c', 'add', { tomatoType: 'cherry' })], 0);
    states.next(state);
    state = applyEvents(state, [ev('b', 'update', { tomatoType: 'cherry' }), ev('a', 'delete')], 0);
    states.next(state);
    filters.next(only({ tomatoType: 'plum' }));
    expect(lists).toEqual([['a'], ['c', 'a'], ['c', 'b'], []]);
  });

  it('reads the order of all pallets only when the list is made anew, not for a batch that moves none', () => {
    const states = new Subject<PalletsState>();
    const base = projectionOf(
      { pallets: [pallet({ id: 'a', tomatoType: 'cherry' })], orders: [], zones: [] },
      0,
      emptyProjection.pendingZones,
      [],
      0,
    );
    let reads = 0;
    const counted = (state: Projection): PalletsState => ({
      changedPallets: state.changedPallets,
      pallets: {
        get: (id) => state.pallets.get(id),
        forEach: (visit) => state.pallets.forEach(visit),
        count: state.pallets.count,
        get ids() {
          reads++;
          return state.pallets.ids;
        },
      },
    });
    states.pipe(visiblePalletIds(new BehaviorSubject(only({})))).subscribe();
    states.next(counted(base));
    expect(reads).toBe(1);
    states.next(counted(applyEvents(base, [ev('a', 'update', { weight: 2 })], 0)));
    expect(reads).toBe(1);
  });
});
