import fc from 'fast-check';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, type Projection, projectionOf } from './projection';
import { update } from './test-support';
import type { LiveEvent } from './types';
import { type ZoneOccupancy, zoneOccupancy } from './zone-occupancy';

const zone = (id: string, rows: number) => ({ id, locationId: 'L1', name: id, rows, rowCapacity: 4 });
const ev = (data: Record<string, unknown>) => normaliseMessage(update(data), 0) as LiveEvent;
const storeIn = (palletId: string, zoneId: string, rowIndex: number) =>
  ev({ type: 'storage', action: 'assign_to_zone', position: { palletId, zoneId, rowIndex } });

/** What the operator gives for each state, in turn. */
const occupancies = (states: Projection[]) =>
  lastValueFrom(from(states).pipe(zoneOccupancy(), toArray())) as Promise<(readonly ZoneOccupancy[])[]>;

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
  const next = (events: LiveEvent[], from = state) => applyEvents(from, events, 0);

  it('gives each zone, in display order, its rows with the pallets standing in each', async () => {
    expect(await occupancies([state])).toEqual([
      [
        { zone: zone('z1', 2), rows: [['a', 'c'], ['b']], palletCount: 3 },
        { zone: zone('z2', 1), rows: [[]], palletCount: 0 },
      ],
    ]);
  });

  it('gives nothing new for a batch that moved no pallet (an order, a weight)', async () => {
    const order = next([ev({ type: 'order', action: 'add', orders: [{ id: 'o' }] })]);
    const weight = next([ev({ type: 'pallet', action: 'update', pallets: [{ id: 'a', weight: 5 }] })], order);
    expect(await occupancies([state, order, weight])).toHaveLength(1);
  });

  it('works out again only the rows a pallet left or entered, in display order, keeping the other zones', async () => {
    const moved = next([storeIn('a', 'z1', 1), storeIn('f', 'z2', 0)]);
    const [, second] = await occupancies([state, moved]);
    expect(second[0].rows).toEqual([['c'], ['a', 'b']]);
    expect(second[1]).toEqual({ zone: zone('z2', 1), rows: [['f']], palletCount: 1 });
    const onlyF = next([storeIn('f', 'z2', 0)]);
    const [before, after] = await occupancies([state, onlyF]);
    expect(after[0]).toBe(before[0]);
    expect(after[1].rows).toEqual([['f']]);
  });

  it('drops a deleted pallet from its row and counts again', async () => {
    const deleted = next([ev({ type: 'pallet', action: 'delete', pallets: [{ id: 'c' }] })]);
    const [, after] = await occupancies([state, deleted]);
    expect(after[0]).toEqual({ zone: zone('z1', 2), rows: [['a'], ['b']], palletCount: 2 });
  });

  it('works every zone out again when the zones change', async () => {
    const grown = next([ev({ type: 'STORAGE_ZONE_UPDATE', action: 'update', zones: [zone('z2', 6)] })]);
    const [, after] = await occupancies([state, grown]);
    expect(after[1].rows[5]).toEqual(['d']);
  });

  it('always equals the occupancy worked out from scratch, whatever the batches', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'n1', 'n2'];
    const event = fc.oneof(
      fc
        .record({
          id: fc.constantFrom(...ids),
          zoneId: fc.constantFrom('z1', 'z2'),
          row: fc.integer({ min: -1, max: 2 }),
        })
        .map(({ id, zoneId, row }) => storeIn(id, zoneId, row)),
      fc
        .record({ id: fc.constantFrom(...ids), action: fc.constantFrom('add', 'delete', 'update') })
        .map(({ id, action }) => ev({ type: 'pallet', action, pallets: [{ id, weight: 1 }] })),
      fc
        .integer({ min: 1, max: 3 })
        .map((rows) => ev({ type: 'STORAGE_ZONE_UPDATE', action: 'update', zones: [zone('z1', rows)] })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(event, { minLength: 1, maxLength: 4 }), { maxLength: 12 }),
        async (batches) => {
          const states = [state];
          for (const batch of batches) states.push(next(batch, states[states.length - 1]));
          const live = await occupancies(states);
          const last = states[states.length - 1];
          const [scratch] = await occupancies([{ ...last, changedPallets: null }]);
          expect(live[live.length - 1]).toEqual(scratch);
        },
      ),
    );
  });
});
