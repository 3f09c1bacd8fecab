import { describe, expect, it } from 'vitest';
import { palletOf, palletWith } from './pallet-shape';
import type { Pallet } from './types';

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const keysOf = (pallet: Pallet) => Object.keys(pallet).filter((key) => pallet[key] !== undefined);

describe('palletOf', () => {
  it('reads snake_case and camelCase fields into one shape, the id as text', () => {
    const snake = palletOf({ id: 7, pallet_type: 'euro', storage_zone: 'A', weight: 500 }, camel);
    const camelCase = palletOf({ id: '7', palletType: 'euro', storageZone: 'A', weight: 500 }, camel);
    expect(snake).toEqual({ id: '7', palletType: 'euro', storageZone: 'A', weight: 500 });
    expect(camelCase).toEqual(snake);
    expect(Object.keys(snake as Pallet)).toEqual(Object.keys(camelCase as Pallet));
    expect(Object.keys(snake as Pallet)).toHaveLength(19);
  });

  it('keeps every field of the server pallet document', () => {
    const doc = {
      id: 'p1',
      location_id: 'L1',
      pallet_type: 'euro',
      box_type: 'crate',
      tomato_type: 'vine',
      tomato_option: 'loose',
      weight: 512.5,
      status: 'active',
      version: 3,
      qr_code: '{"id":"p1"}',
      order_id: 'o1',
      assignment_id: 'a1',
      storage_zone: 'Cold store A',
      zone_id: 'z1',
      row_index: 2,
      added_by: 'u1',
      created_at: '2026-11-24T08:00:00Z',
      updated_at: '2026-11-24T09:00:00Z',
      shipped_at: null,
    };
    const pallet = palletOf(doc, camel) as Pallet;
    expect(pallet).toEqual(
      Object.fromEntries(Object.entries(doc).map(([key, value]) => [camel(key), value])),
    );
  });

  it('copies fields beyond the known ones under their camelCase names', () => {
    const pallet = palletOf({ id: 'p1', weight: 1, harvest_week: 47, grower: 'North' }, camel) as Pallet;
    expect(pallet.harvestWeek).toBe(47);
    expect(pallet.grower).toBe('North');
    expect(keysOf(pallet)).toEqual(['id', 'weight', 'harvestWeek', 'grower']);
  });

  it('takes the snake_case spelling when a field comes in both', () => {
    expect(palletOf({ id: 'p1', storage_zone: 'A', storageZone: 'B' }, camel)?.storageZone).toBe('A');
  });

  it('is null without an id', () => {
    expect(palletOf({ weight: 1 }, camel)).toBeNull();
    expect(palletOf({ id: null }, camel)).toBeNull();
  });
});

describe('palletWith', () => {
  it('copies a pallet with its zone and order set, leaving the original alone', () => {
    const pallet = palletOf({ id: 'p1', weight: 300, storage_zone: 'A' }, camel) as Pallet;
    const moved = palletWith(pallet, 'B', 'o1');
    expect(moved).toEqual({ id: 'p1', weight: 300, storageZone: 'B', orderId: 'o1' });
    expect(pallet).toEqual({ id: 'p1', weight: 300, storageZone: 'A' });
    expect(Object.keys(moved)).toEqual(Object.keys(pallet));
  });

  it('keeps fields beyond the known ones, of pallets made anywhere', () => {
    const shaped = palletOf({ id: 'p1', grower: 'North' }, camel) as Pallet;
    expect(palletWith(shaped, 'B', null).grower).toBe('North');
    // as many keys as a shaped pallet has, but not its keys: the extras must not be taken for fields
    const made: Pallet = { id: 'p2', weight: 1 };
    for (let i = 0; i < 17; i++) made[`extra${i}`] = i;
    const copy = palletWith(made, 'Z', undefined);
    expect(copy.extra16).toBe(16);
    expect(copy).toMatchObject({ id: 'p2', weight: 1, storageZone: 'Z' });
  });
});
