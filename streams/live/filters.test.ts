import { BehaviorSubject, Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  createDashboardFilters,
  type DashboardFilters,
  defaultFilters,
  orderMatches,
  palletMatches,
  visiblePalletIds,
} from './filters';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, type Projection, projectionOf } from './projection';
import { palletMessage } from './test-support';
import type { LiveEvent, Pallet } from './types';

const day = 86_400_000;
const now = 20 * day + 3_600_000; // 01:00 UTC on day 20
const pallet = (fields: Partial<Pallet>): Pallet => ({ id: 'p', ...fields });
const only = (change: Partial<DashboardFilters>) => ({ ...defaultFilters, ...change });

describe('dashboard filters (SPEC 3)', () => {
  it('has SPEC 3 defaults: order status all, pallet status active, date range all, weight range all', () => {
    expect(defaultFilters).toMatchObject({
      orderStatus: 'all',
      palletStatus: 'active',
      dateRange: 'all',
      weightRange: 'all',
    });
    expect(palletMatches(pallet({ status: 'active' }), defaultFilters, now)).toBe(true);
    expect(palletMatches(pallet({ status: 'shipped' }), defaultFilters, now)).toBe(false);
  });

  it('matches attributes, status, adder, dates and weights', () => {
    const p = pallet({
      tomatoType: 'cherry',
      boxType: 'crate',
      weight: 600,
      addedBy: 'u1',
      createdAt: new Date(20 * day + 60_000).toISOString(),
    });
    expect(palletMatches(p, only({ tomatoType: 'cherry', boxType: 'all' }), now)).toBe(true);
    expect(palletMatches(p, only({ tomatoType: 'plum' }), now)).toBe(false);
    expect(palletMatches(p, only({ addedBy: 'u2' }), now)).toBe(false);
    expect(palletMatches(p, only({ palletStatus: 'shipped' }), now)).toBe(false);
    expect(palletMatches(p, only({ palletStatus: 'all' }), now)).toBe(true);
    expect(palletMatches(p, only({ dateRange: 'today' }), now)).toBe(true);
    expect(
      palletMatches({ ...p, createdAt: new Date(19 * day).toISOString() }, only({ dateRange: 'today' }), now),
    ).toBe(false);
    expect(
      palletMatches({ ...p, createdAt: new Date(14 * day).toISOString() }, only({ dateRange: 'week' }), now),
    ).toBe(true);
    expect(palletMatches({ ...p, createdAt: undefined }, only({ dateRange: 'month' }), now)).toBe(false);
    expect(palletMatches(p, only({ weightRange: '500-1000' }), now)).toBe(true);
    expect(palletMatches(p, only({ weightRange: '700+' }), now)).toBe(false);
    expect(palletMatches(p, only({ weightRange: '500+' }), now)).toBe(true);
    expect(
      orderMatches(
        { id: 'o', palletIds: [], assignedPallets: 0, status: 'open' },
        only({ orderStatus: 'shipped' }),
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

describe('visiblePalletIds', () => {
  const ev = (id: string, action: string, fields: Record<string, unknown> = {}) =>
    normaliseMessage(palletMessage(id, action, fields), 0) as LiveEvent;

  it('tests only the pallets a batch changed and keeps the list when none entered or left', () => {
    const scheduler = new VirtualTimeScheduler();
    const states = new Subject<Projection>();
    const filters = new BehaviorSubject(only({ tomatoType: 'cherry' }));
    const lists: (readonly string[])[] = [];
    states.pipe(visiblePalletIds(filters, scheduler)).subscribe((ids) => lists.push(ids));
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
});
