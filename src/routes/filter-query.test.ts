import { describe, expect, it } from 'vitest';
import { defaultFilters } from '../../streams/live';
import { filtersOf, searchWith, searchWithSort, sortOf } from './filter-query';

describe('dashboard filters in the URL', () => {
  it('reads every filter of SPEC 3 by its name, the defaults for the rest', () => {
    expect(filtersOf('')).toEqual(defaultFilters);
    expect(filtersOf('?tomatoType=Cherry&palletStatus=all&weightRange=500-700&other=1')).toEqual({
      ...defaultFilters,
      tomatoType: 'Cherry',
      palletStatus: 'all',
      weightRange: '500-700',
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(searchWith('', defaultFilters)).toBe('');
    expect(searchWith('?q=1&boxType=Crate', { ...defaultFilters, tomatoType: 'Beef' })).toBe(
      '?q=1&tomatoType=Beef',
    );
    const all = {
      tomatoType: 'Cherry',
      boxType: 'Crate',
      tomatoOption: 'Loose',
      palletType: 'Euro',
      orderStatus: 'open',
      palletStatus: 'shipped',
      dateRange: 'week',
      addedBy: 'u1',
      weightRange: '700+',
    };
    expect(filtersOf(searchWith('', all))).toEqual(all);
  });
});

describe('a column order in the URL', () => {
  const columns = ['weight', 'age'];

  it('reads a known column and its direction, ascending unless it says desc', () => {
    expect(sortOf('?sort=weight', columns)).toEqual({ column: 'weight', descending: false });
    expect(sortOf('?tomatoType=Beef&sort=age&dir=desc', columns)).toEqual({
      column: 'age',
      descending: true,
    });
    expect(sortOf('?sort=actions&dir=desc', columns)).toBeNull();
    expect(sortOf('', columns)).toBeNull();
  });

  it('writes the order beside the filters and drops it for the display order', () => {
    const search = searchWithSort('?tomatoType=Beef', { column: 'weight', descending: true });
    expect(search).toBe('?tomatoType=Beef&sort=weight&dir=desc');
    expect(filtersOf(search).tomatoType).toBe('Beef');
    expect(searchWithSort(search, { column: 'age', descending: false })).toBe('?tomatoType=Beef&sort=age');
    expect(searchWithSort(search, null)).toBe('?tomatoType=Beef');
  });
});
