import { describe, expect, it } from 'vitest';
import { defaultFilters } from '../../../streams/live';
import { filtersOf, searchWith } from './filter-query';

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
