import { describe, expect, it } from 'vitest';
import { type DashboardFilters, defaultFilters } from './filters';
import { filtersShowing } from './filters-showing';
import type { Pallet } from './types';

const day = 86_400_000;
const pallet = (fields: Partial<Pallet>): Pallet => ({ id: 'p', ...fields });
/** A query of the default filters but `change`, created at any time. */
const only = (change: Partial<DashboardFilters>) => ({
  filters: { ...defaultFilters, ...change },
  created: null,
});

describe('filtersShowing: a scanned pallet the filters hide widens them (SPEC 3)', () => {
  it('keeps the filters when the pallet is shown', () => {
    expect(filtersShowing(pallet({ status: 'active' }), only({}))).toBeNull();
    expect(filtersShowing(pallet({ status: 'shipped' }), only({ palletStatus: 'shipped' }))).toBeNull();
  });

  it('widens the pallet status to all for a pallet that left the stock, keeping the other filters', () => {
    const query = only({ tomatoType: 'cherry', weightRange: '500-700' });
    const shipped = pallet({ status: 'shipped', tomatoType: 'cherry', weight: 600 });
    expect(filtersShowing(shipped, query)).toEqual({ ...query.filters, palletStatus: 'all' });
    expect(filtersShowing({ ...shipped, status: 'processed' }, query)).toEqual({
      ...query.filters,
      palletStatus: 'all',
    });
  });

  it('widens the pallet status for an in-stock pallet the Shipped or Processed view hides', () => {
    expect(filtersShowing(pallet({ status: 'active' }), only({ palletStatus: 'processed' }))).toEqual({
      ...defaultFilters,
      palletStatus: 'all',
    });
  });

  it('widens only the pallet status, whichever filter hides the pallet', () => {
    // the date range, the type and the others are the user's choice: the scan does not undo them
    const old = pallet({ status: 'active', tomatoType: 'plum', createdAt: new Date(day).toISOString() });
    const query = {
      filters: { ...defaultFilters, tomatoType: 'cherry' },
      created: { fromMs: 5 * day, toMs: 6 * day },
    };
    expect(filtersShowing(old, query)).toEqual({ ...query.filters, palletStatus: 'all' });
  });

  it('does not change the filters it was given', () => {
    const query = only({});
    filtersShowing(pallet({ status: 'shipped' }), query);
    expect(query.filters).toEqual(defaultFilters);
  });
});
