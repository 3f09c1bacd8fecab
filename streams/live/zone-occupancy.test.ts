import { describe, expect, it } from 'vitest';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, projectionOf } from './projection';
import { update } from './test-support';
import type { LiveEvent } from './types';
import { zoneOccupancy } from './zone-occupancy';

const zone = (id: string, rows: number) => ({ id, locationId: 'L1', name: id, rows, rowCapacity: 4 });
const ev = (data: Record<string, unknown>) => normaliseMessage(update(data), 0) as LiveEvent;

describe('zoneOccupancy', () => {
  const state = projectionOf(
    {
      pallets: [
        { id: 'a', zoneId: 'z1', rowIndex: 0 },
        { id: 'b', zoneId: 'z1', rowIndex: 1 },
        { id: 'c', zoneId: 'z1', rowIndex: 0 },
        { id: 'd', zoneId: 'z2', rowIndex: 5 }, // outside its zone's rows
        { id: 'e', zoneId: 'gone', rowIndex: 0 },
        { id: 'f' },
      ],
      orders: [],
      zones: [zone('z1', 2), zone('z2', 1)],
    },
    0,
    emptyProjection.pendingZones,
    [],
    0,
  );

  it('gives each zone, in display order, its rows with the pallets standing in each', () => {
    expect(zoneOccupancy(state)).toEqual([
      { zone: zone('z1', 2), rows: [['a', 'c'], ['b']], palletCount: 3 },
      { zone: zone('z2', 1), rows: [[]], palletCount: 0 },
    ]);
  });

  it('is the same object while neither pallets nor zones changed, and new when either did', () => {
    const first = zoneOccupancy(state);
    const orderOnly = applyEvents(state, [ev({ type: 'order', action: 'add', orders: [{ id: 'o' }] })], 0);
    expect(zoneOccupancy(orderOnly)).toBe(first);
    const moved = applyEvents(
      state,
      [
        ev({
          type: 'storage',
          action: 'assign_to_zone',
          position: { palletId: 'f', zoneId: 'z2', rowIndex: 0 },
        }),
      ],
      0,
    );
    expect(zoneOccupancy(moved)[1].rows).toEqual([['f']]);
    const grown = applyEvents(
      state,
      [ev({ type: 'STORAGE_ZONE_UPDATE', action: 'update', zones: [zone('z2', 6)] })],
      0,
    );
    expect(zoneOccupancy(grown)[1].rows[5]).toEqual(['d']);
  });
});
