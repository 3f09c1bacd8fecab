import { describe, expect, it } from 'vitest';
import { palletUrl, type StorageContext, storageContextOf, storageUrl } from './paths';

const row: StorageContext = { type: 'row_contents', zoneId: 'z1', zoneName: 'Cold store A', rowIndex: 2 };
const queryOf = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

describe('operator paths', () => {
  it('names a pallet by its type, standard when it has none (SPEC 2)', () => {
    expect(palletUrl('p1', 'Euro')).toBe('/mobile/operator/euro-pallet/p1');
    expect(palletUrl('p1')).toBe('/mobile/operator/standard-pallet/p1');
    expect(palletUrl('p1', ' Half Euro ')).toBe('/mobile/operator/half-euro-pallet/p1');
  });

  it('carries the storage context to a pallet and back (from=storage, context, zone, row)', () => {
    const url = palletUrl('p1', 'Euro', row);
    expect(url.startsWith('/mobile/operator/euro-pallet/p1?from=storage&context=row_contents')).toBe(true);
    expect(storageContextOf(queryOf(url))).toEqual(row);
    expect(storageUrl(row).startsWith('/mobile/operator/storage?context=row_contents')).toBe(true);
    expect(storageUrl({ type: 'zone_selection' })).toBe('/mobile/operator/storage');
  });

  it('falls back a level when the URL lacks or breaks a part', () => {
    expect(storageContextOf(new URLSearchParams(''))).toEqual({ type: 'zone_selection' });
    expect(storageContextOf(new URLSearchParams('zoneId=z1&zoneName=A&rowIndex=x'))).toEqual({
      type: 'row_selection',
      zoneId: 'z1',
      zoneName: 'A',
    });
  });
});
