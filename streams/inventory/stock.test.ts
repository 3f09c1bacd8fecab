import { describe, expect, it } from 'vitest';
import { tableOf } from '../live/entities';
import type { Pallet, StorageZone } from '../live/types';
import type { InventorySettings } from './ageing';
import { type KeyContext, notStored, palletsOn, stockSums } from './stock';

const day = 86_400_000;
const now = Date.parse('2026-11-25T12:00:00Z');
const settings: InventorySettings = {
  general: { ripeningDays: 3, nearExpiryDays: 6, urgentDays: 9, minimumKg: 1000 },
  tomatoTypes: [
    { tomatoType: 'Cherry', ripeningDays: 2, nearExpiryDays: 4, urgentDays: 6, minimumKg: 500, custom: true },
  ],
};
const zones = tableOf<StorageZone>([
  { id: 'z1', locationId: 'l', name: 'Cold store A', rows: 2, rowCapacity: 4, temperature: 'cold' },
]);
const context: KeyContext = { zones, settings, nowMs: now };

const pallet = (id: string, values: Partial<Pallet>, daysAgo = 0): Pallet => ({
  id,
  palletType: 'Euro',
  boxType: 'Crate',
  tomatoType: 'Round',
  tomatoOption: 'Class I',
  weight: 100.1,
  createdAt: new Date(now - daysAgo * day).toISOString(),
  ...values,
});

const pallets = [
  pallet('a', { zoneId: 'z1', rowIndex: 0 }),
  pallet('b', { tomatoType: 'Cherry', weight: 200.2 }, 5),
  pallet('c', { tomatoType: 'Cherry', boxType: 'Punnet', weight: 0.1 }, 1),
  pallet('d', { tomatoOption: undefined, zoneId: 'gone', storageZone: 'Dispatch' }, 7),
];

describe('stockSums', () => {
  it('sums kg and counts pallets per value, largest first, to the gram', () => {
    const stock = stockSums(pallets, context);
    expect(stock.tomatoType).toEqual([
      { key: 'Cherry', kg: 200.3, pallets: 2 },
      { key: 'Round', kg: 200.2, pallets: 2 },
    ]);
    expect(stock.boxType).toEqual([
      { key: 'Crate', kg: 400.4, pallets: 3 },
      { key: 'Punnet', kg: 0.1, pallets: 1 },
    ]);
    expect(stock.tomatoOption).toEqual([
      { key: 'Class I', kg: 300.4, pallets: 3 },
      { key: 'Unknown', kg: 100.1, pallets: 1 },
    ]);
    expect(stock.palletType).toEqual([{ key: 'Euro', kg: 400.5, pallets: 4 }]);
  });

  it("puts a pallet under its zone's name, the name it carries, or outside storage", () => {
    expect(stockSums(pallets, context).zone).toEqual([
      { key: notStored, kg: 200.3, pallets: 2 },
      { key: 'Cold store A', kg: 100.1, pallets: 1 },
      { key: 'Dispatch', kg: 100.1, pallets: 1 },
    ]);
  });

  it("counts pallets by age bucket in the badges' order, by each type's thresholds", () => {
    expect(stockSums(pallets, context).age).toEqual([
      { key: 'fresh', kg: 100.2, pallets: 2 },
      { key: 'ripening', kg: 0, pallets: 0 },
      { key: 'near_expiry', kg: 300.3, pallets: 2 },
      { key: 'urgent', kg: 0, pallets: 0 },
    ]);
  });
});

describe('palletsOn', () => {
  it('keeps the display order and only the pallets of the chosen line', () => {
    const table = tableOf(pallets);
    const ids = table.ids;
    expect(palletsOn(ids, (id) => table.get(id), null, context)).toBe(ids);
    expect(
      palletsOn(ids, (id) => table.get(id), { dimension: 'tomatoType', key: 'Cherry' }, context),
    ).toEqual(['b', 'c']);
    expect(palletsOn(ids, (id) => table.get(id), { dimension: 'age', key: 'near_expiry' }, context)).toEqual([
      'b',
      'd',
    ]);
    expect(
      palletsOn(ids, (id) => table.get(id), { dimension: 'zone', key: 'Cold store A' }, context),
    ).toEqual(['a']);
  });
});
