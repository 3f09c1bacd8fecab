import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { tableOf } from '../live/entities';
import type { Pallet, StorageZone } from '../live/types';
import type { InventorySettings } from './ageing';
import { type InventorySource, livePalletsOn, liveStock } from './live';

const settings: InventorySettings = {
  general: { ripeningDays: 3, nearExpiryDays: 6, urgentDays: 9, minimumKg: 1000 },
  tomatoTypes: [],
};
const now = Date.parse('2026-11-25T12:00:00Z');
const zones = tableOf<StorageZone>([]);
const pallet = (id: string, tomatoType: string, weight: number): Pallet => ({
  id,
  tomatoType,
  weight,
  createdAt: new Date(now).toISOString(),
});

describe('liveStock and livePalletsOn', () => {
  it('follow each change of the pallets and skip batches that changed neither table', () => {
    const states = new Subject<InventorySource>();
    const stocks: unknown[] = [];
    const lists: (readonly string[])[] = [];
    states.pipe(liveStock(settings, now)).subscribe((stock) => stocks.push(stock.tomatoType));
    states
      .pipe(livePalletsOn({ dimension: 'tomatoType', key: 'Beef' }, settings, now))
      .subscribe((ids) => lists.push(ids));
    const first = { pallets: tableOf([pallet('a', 'Beef', 600)]), zones };
    states.next(first);
    states.next({ ...first });
    states.next({ pallets: tableOf([pallet('b', 'Round', 500), pallet('a', 'Beef', 600)]), zones });
    expect(stocks).toEqual([
      [{ key: 'Beef', kg: 600, pallets: 1 }],
      [
        { key: 'Beef', kg: 600, pallets: 1 },
        { key: 'Round', kg: 500, pallets: 1 },
      ],
    ]);
    expect(lists).toEqual([['a'], ['a']]);
  });

  it('leave out pallets that left the stock, shipped or processed, until the live state reloads', () => {
    const states = new Subject<InventorySource>();
    const stocks: unknown[] = [];
    const lists: (readonly string[])[] = [];
    states.pipe(liveStock(settings, now)).subscribe((stock) => stocks.push(stock.tomatoType));
    states.pipe(livePalletsOn(null, settings, now)).subscribe((ids) => lists.push(ids));
    const gone = (id: string, status: 'shipped' | 'processed') => ({ ...pallet(id, 'Beef', 100), status });
    states.next({
      pallets: tableOf([pallet('a', 'Beef', 600), gone('s', 'shipped'), gone('p', 'processed')]),
      zones,
    });
    expect(stocks).toEqual([[{ key: 'Beef', kg: 600, pallets: 1 }]]);
    expect(lists).toEqual([['a']]);
  });

  it('list the pallets in a column order, their zones by name and those not stored last', () => {
    const states = new Subject<InventorySource>();
    const lists: (readonly string[])[] = [];
    const sort = (column: string, descending: boolean) =>
      states
        .pipe(livePalletsOn(null, settings, now, { column, descending }))
        .subscribe((ids) => lists.push(ids));
    sort('weight', false);
    sort('weight', true);
    sort('zone', false);
    const hall = { id: 'z1', name: 'Hall', rows: 1, rowCapacity: 4 } as StorageZone;
    states.next({
      pallets: tableOf([
        { ...pallet('a', 'Beef', 600), zoneId: 'z1' },
        pallet('b', 'Beef', 300),
        { ...pallet('c', 'Vine', 450), storageZone: 'Attic' },
      ]),
      zones: tableOf([hall]),
    });
    expect(lists).toEqual([
      ['b', 'c', 'a'],
      ['a', 'c', 'b'],
      ['c', 'a', 'b'],
    ]);
  });
});
