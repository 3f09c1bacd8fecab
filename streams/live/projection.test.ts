import { describe, expect, it } from 'vitest';
import { pendingStorageZoneTtlMs } from '../config';
import type { Entities } from './entities';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, type LiveSnapshot, type Projection, projectionOf } from './projection';
import { update } from './test-support';
import type { LiveEvent } from './types';

const ev = (data: Record<string, unknown>, eventId: number | null = null) =>
  normaliseMessage(update(data, eventId), 0) as LiveEvent;
const pallets = (action: string, ...list: Record<string, unknown>[]) =>
  ev({ type: 'pallet', action, pallets: list });
const ready = (snapshot: Partial<LiveSnapshot> = {}): Projection =>
  projectionOf({ pallets: [], orders: [], zones: [], ...snapshot }, 0, emptyProjection.pendingZones, [], 0);
const applyBatch = applyEvents;
const entityOf = <T>(table: Entities<T>, id: string) => table.get(id);
const entitiesInOrder = <T>(table: Entities<T>) => table.ids.map((id) => table.get(id) as T);
const list = (state: Projection) => entitiesInOrder(state.pallets);

describe('pallet projection (SPEC 4 "Live updates")', () => {
  it('adds new pallets to the front in their order and ignores duplicates', () => {
    let state = ready({ pallets: [{ id: 'old', weight: 10 }] });
    state = applyBatch(
      state,
      [pallets('add', { id: 'a' }, { id: 'b' }), pallets('add', { id: 'c' }, { id: 'a', weight: 1 })],
      0,
    );
    expect(state.pallets.ids).toEqual(['c', 'a', 'b', 'old']);
    expect(entityOf(state.pallets, 'a')).toEqual({ id: 'a' });
  });

  it('replaces on update, keeping the stored zone when the new pallet has none, and deletes', () => {
    let state = ready({
      pallets: [
        { id: 'a', storageZone: 'Z1', weight: 1 },
        { id: 'b', weight: 2 },
      ],
    });
    state = applyBatch(state, [pallets('update', { id: 'a', weight: 3 }, { id: 'x', weight: 9 })], 0);
    expect(list(state)).toEqual([
      { id: 'a', weight: 3, storageZone: 'Z1' },
      { id: 'b', weight: 2 },
    ]);
    state = applyBatch(state, [pallets('update', { id: 'a', storageZone: 'Z2' })], 0);
    expect(entityOf(state.pallets, 'a')).toEqual({ id: 'a', storageZone: 'Z2' });
    state = applyBatch(state, [pallets('delete', { id: 'a' }, { id: 'zz' })], 0);
    expect(state.pallets.ids).toEqual(['b']);
    expect(entityOf(state.pallets, 'a')).toBeUndefined();
  });

  it('keeps the identity of every pallet a batch does not change', () => {
    const before = ready({ pallets: [{ id: 'a' }, { id: 'b' }] });
    const after = applyBatch(before, [pallets('update', { id: 'a', weight: 4 })], 0);
    expect(entityOf(after.pallets, 'b')).toBe(entityOf(before.pallets, 'b'));
    expect(entityOf(after.pallets, 'a')).not.toBe(entityOf(before.pallets, 'a'));
    expect(after.pallets.ids).toBe(before.pallets.ids);
    expect(after.orders).toBe(before.orders);
  });

  it('handles a delete and a re-add of the same pallet within one batch', () => {
    const state = applyBatch(
      ready({ pallets: [{ id: 'a' }, { id: 'b' }] }),
      [pallets('delete', { id: 'a' }), pallets('add', { id: 'a', weight: 2 })],
      0,
    );
    expect(list(state)).toEqual([{ id: 'a', weight: 2 }, { id: 'b' }]);
  });
  it('leaves every state handed out as it read, over batches that add, update and delete across the order', () => {
    // a reference list, newest first; 700 pallets span several chunks of the order
    let model = Array.from({ length: 700 }, (_, i) => ({ id: `p${i}`, weight: i }));
    let state = ready({ pallets: model });
    const seen: { state: Projection; list: typeof model }[] = [];
    let next = model.length;
    let r = 7;
    const random = (n: number) => {
      r = (r * 1_103_515_245 + 12_345) % 2_147_483_648;
      return r % n;
    };
    for (let batch = 0; batch < 60; batch++) {
      const events: LiveEvent[] = [];
      for (let i = 0; i < 12; i++) {
        const kind = random(3);
        if (kind === 0 || model.length < 10) {
          const added = [
            { id: `p${next++}`, weight: 1 },
            { id: `p${next++}`, weight: 2 },
          ];
          events.push(pallets('add', ...added));
          model = [...added, ...model];
        } else if (kind === 1) {
          const { id } = model[random(model.length)];
          events.push(pallets('delete', { id }));
          model = model.filter((p) => p.id !== id);
        } else {
          const { id } = model[random(model.length)];
          const weight = 1_000 + batch;
          events.push(pallets('update', { id, weight }));
          model = model.map((p) => (p.id === id ? { id, weight } : p));
        }
      }
      state = applyBatch(state, events, 0);
      seen.push({ state, list: model });
    }
    for (const { state: old, list: expected } of seen) {
      expect(list(old)).toEqual(expected);
      expect(old.pallets.ids).toEqual(expected.map((p) => p.id));
      expect(Object.isFrozen(old)).toBe(true);
    }
  });
});

describe('order, assignment and storage projections (SPEC 4)', () => {
  it('adds, updates and deletes orders like pallets', () => {
    const orders = (action: string, ...list: Record<string, unknown>[]) =>
      ev({ type: 'ORDER_UPDATE', action, orders: list });
    let state = applyBatch(
      ready(),
      [orders('add', { id: 'o1' }), orders('add', { id: 'o2' }, { id: 'o1' })],
      0,
    );
    expect(state.orders.ids).toEqual(['o2', 'o1']);
    state = applyBatch(
      state,
      [orders('update', { id: 'o1', status: 'open', palletIds: ['p'] }), orders('update', { id: 'o9' })],
      0,
    );
    expect(entityOf(state.orders, 'o1')).toEqual({
      id: 'o1',
      status: 'open',
      palletIds: ['p'],
      assignedPallets: 1,
    });
    state = applyBatch(state, [orders('delete', { id: 'o2' })], 0);
    expect(state.orders.ids).toEqual(['o1']);
  });

  it('sets orderId on the listed pallets and appends only new pallet ids to the order, counting them', () => {
    let state = ready({
      pallets: [
        { id: 'a', weight: 100 },
        { id: 'b', weight: 50 },
      ],
      orders: [{ id: 'o', palletIds: ['a'], assignedPallets: 1 }],
    });
    state = applyBatch(
      state,
      [ev({ type: 'assignment', orderId: 'o', palletIds: ['a', 'b', 'b', 'ghost'] })],
      0,
    );
    expect(entityOf(state.pallets, 'a')?.orderId).toBe('o');
    expect(entityOf(state.pallets, 'b')?.orderId).toBe('o');
    expect(entityOf(state.orders, 'o')).toEqual({
      id: 'o',
      palletIds: ['a', 'b', 'ghost'],
      assignedPallets: 3,
    });
    expect(state.overview.totalKgAssigned).toBe(150);
  });

  it('sets a storage zone from assign_to_zone and from update_storage_zone (storageZone or zoneId)', () => {
    let state = ready({ pallets: [{ id: 'a' }] });
    state = applyBatch(
      state,
      [ev({ type: 'storage', action: 'assign_to_zone', position: { palletId: 'a', zoneId: 'Z1' } })],
      0,
    );
    expect(entityOf(state.pallets, 'a')?.storageZone).toBe('Z1');
    state = applyBatch(
      state,
      [ev({ type: 'PALLET_UPDATED', action: 'update_storage_zone', palletId: 'a', zoneId: 'Z2' })],
      0,
    );
    expect(entityOf(state.pallets, 'a')?.storageZone).toBe('Z2');
    state = applyBatch(
      state,
      [ev({ type: 'PALLET_UPDATED', action: 'update_storage_zone', palletId: 'a', storageZone: 'Z3' })],
      0,
    );
    expect(entityOf(state.pallets, 'a')?.storageZone).toBe('Z3');
    const same = applyBatch(
      state,
      [ev({ type: 'PALLET_UPDATED', action: 'something_else', palletId: 'a', storageZone: 'Z4' })],
      0,
    );
    expect(same.pallets).toBe(state.pallets);
  });

  it('keeps the zone of an absent pallet for 5 minutes (SPEC 9) and applies it when the pallet is added', () => {
    expect(pendingStorageZoneTtlMs).toBe(300_000);
    const assign = (palletId: string) =>
      ev({ type: 'storage', action: 'assign_to_zone', position: { palletId, zoneId: 'Z' } });
    const t0 = 1_000_000;
    let state = applyBatch(ready(), [assign('a'), assign('b')], t0);
    expect([...state.pendingZones.keys()]).toEqual(['a', 'b']);
    state = applyBatch(state, [pallets('add', { id: 'a' })], t0 + pendingStorageZoneTtlMs - 1);
    expect(entityOf(state.pallets, 'a')?.storageZone).toBe('Z');
    state = applyBatch(state, [pallets('add', { id: 'b' })], t0 + pendingStorageZoneTtlMs);
    expect(entityOf(state.pallets, 'b')?.storageZone).toBeUndefined();
    expect(state.pendingZones.size).toBe(0);
  });
});

describe('overview stats and event ids', () => {
  it('keeps the warehouse and assigned kilograms current by the difference each change makes', () => {
    let state = ready({
      pallets: [{ id: 'a', weight: 100, orderId: 'o' }],
      overview: { totalKgWarehouse: 1_000, totalKgAssigned: 100, shippedToday: 4 },
    });
    state = applyBatch(
      state,
      [pallets('add', { id: 'b', weight: 50 }), pallets('update', { id: 'a', weight: 120, orderId: 'o' })],
      0,
    );
    expect(state.overview).toEqual({ totalKgWarehouse: 1_070, totalKgAssigned: 120, shippedToday: 4 });
    state = applyBatch(
      state,
      [
        pallets('update', { id: 'a', weight: 120, orderId: 'o', status: 'shipped' }),
        pallets('delete', { id: 'b' }),
      ],
      0,
    );
    expect(state.overview).toEqual({ totalKgWarehouse: 900, totalKgAssigned: 0, shippedToday: 5 });
  });

  it('takes a processed pallet (kleinpak) out of the warehouse kilograms without counting it shipped', () => {
    let state = ready({
      pallets: [{ id: 'a', weight: 100, status: 'active' }],
      overview: { totalKgWarehouse: 1_000, totalKgAssigned: 0, shippedToday: 4 },
    });
    state = applyBatch(state, [pallets('update', { id: 'a', weight: 100, status: 'processed' })], 0);
    expect(state.overview).toEqual({ totalKgWarehouse: 900, totalKgAssigned: 0, shippedToday: 4 });
  });

  it('keeps the newest inventory settings event, and leaves everything else as it was', () => {
    const base = ready({ pallets: [{ id: 'a', weight: 100 }] });
    const first = { locationId: 'L', tomatoTypes: [{ tomatoType: 'Beef' }] };
    const second = { locationId: 'L', tomatoTypes: [] };
    const state = applyBatch(
      base,
      [
        ev({ type: 'INVENTORY_SETTINGS_UPDATE', settings: first }),
        ev({ type: 'INVENTORY_SETTINGS_UPDATE', settings: second }),
      ],
      0,
    );
    expect(state.inventorySettings).toEqual(second);
    expect(state.pallets).toBe(base.pallets);
    expect(base.inventorySettings).toBeNull();
  });

  it('keeps the newest printers event, and leaves everything else as it was', () => {
    const base = ready({ pallets: [{ id: 'a', weight: 100 }] });
    const state = applyBatch(
      base,
      [
        ev({ type: 'PRINTERS_UPDATE', locationId: 'L', printers: [{ id: 'p1' }] }),
        ev({
          type: 'PRINTERS_UPDATE',
          locationId: 'L',
          printers: [{ id: 'p2' }],
          gs1CompanyPrefix: '8712345',
          labelLocale: 'nl',
        }),
      ],
      0,
    );
    expect(state.printing).toEqual({
      locationId: 'L',
      printers: [{ id: 'p2' }],
      gs1CompanyPrefix: '8712345',
      labelLocale: 'nl',
    });
    expect(state.pallets).toBe(base.pallets);
    expect(base.printing).toBeNull();
    expect(
      applyBatch(state, [ev({ type: 'PALLET_UPDATE', action: 'delete', pallets: [{ id: 'a' }] })], 0)
        .printing,
    ).toBe(state.printing);
  });

  it('keeps the newest scales event, and leaves everything else as it was', () => {
    const base = ready({ pallets: [{ id: 'a', weight: 100 }] });
    const scale = (id: string) => ({
      id,
      locationId: 'L',
      name: id,
      host: '10.0.0.9',
      port: 4001,
      protocol: 'mt-sics',
      createdAt: '2026-11-28T08:00:00.000Z',
      updatedAt: '2026-11-28T08:00:00.000Z',
    });
    const state = applyBatch(
      base,
      [
        ev({ type: 'SCALES_UPDATE', locationId: 'L', scales: [scale('s1')] }),
        ev({ type: 'SCALES_UPDATE', locationId: 'L', scales: [scale('s1'), scale('s2')] }),
      ],
      0,
    );
    expect(state.scales?.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(state.pallets).toBe(base.pallets);
    expect(base.scales).toBeNull();
  });

  it('sums the snapshot pallets when the snapshot brings no overview', () => {
    expect(
      ready({
        pallets: [
          { id: 'a', weight: 5, orderId: 'o' },
          { id: 'b', weight: 7 },
        ],
      }).overview,
    ).toEqual({
      totalKgWarehouse: 12,
      totalKgAssigned: 5,
      shippedToday: 0,
    });
  });

  it('applies an event id once; a snapshot takes the events held meanwhile that are newer than its last id', () => {
    const held = [
      pallets('add', { id: 'a' }),
      ev({ type: 'pallet', action: 'add', pallets: [{ id: 'x' }] }, 4),
      ev({ type: 'pallet', action: 'add', pallets: [{ id: 'y' }] }, 5),
    ];
    const state = projectionOf({ pallets: [{ id: 's' }], orders: [], zones: [] }, 4, new Map(), held, 0);
    expect(state.pallets.ids).toEqual(['y', 'a', 's']);
    expect(state.lastEventId).toBe(5);
    expect(state.changedPallets).toBeNull();
    const again = applyBatch(state, [ev({ type: 'pallet', action: 'delete', pallets: [{ id: 'y' }] }, 5)], 0);
    expect(again.pallets).toBe(state.pallets);
    expect(again.changedPallets).toEqual([]);
    expect(
      projectionOf({ pallets: [], orders: [], zones: [], lastEventId: 9 }, 4, new Map(), [], 0).lastEventId,
    ).toBe(9);
  });
});

describe('storage zones and where pallets stand', () => {
  const zone = (id: string, name: string) => ({ id, locationId: 'L1', name, rows: 3, rowCapacity: 4 });
  const zones = (action: string, ...list: Record<string, unknown>[]) =>
    ev({ type: 'STORAGE_ZONE_UPDATE', action, zones: list });
  const position = (palletId: string, zoneId: string, rowIndex: number) =>
    ev({
      type: 'STORAGE_POSITION_UPDATE',
      action: 'assign_to_zone',
      position: { palletId, zoneId, rowIndex },
    });
  const moved = (palletId: string, zoneId: string | null, storageZone: string | null) =>
    ev({ type: 'PALLET_UPDATED', action: 'update_storage_zone', palletId, zoneId, storageZone });
  const place = (state: Projection, id: string) => {
    const { storageZone, zoneId, rowIndex } = state.pallets.get(id) ?? {};
    return { storageZone, zoneId, rowIndex };
  };

  it('adds, updates and deletes zones', () => {
    let state = applyBatch(
      ready({ zones: [zone('z1', 'Cold store A')] }),
      [zones('add', zone('z2', 'Hall'))],
      0,
    );
    expect(state.zones.ids).toEqual(['z2', 'z1']);
    state = applyBatch(state, [zones('update', { ...zone('z1', 'Cold store B'), rows: 5 })], 0);
    expect(state.zones.get('z1')).toEqual({ ...zone('z1', 'Cold store B'), rows: 5 });
    state = applyBatch(state, [zones('delete', { id: 'z2' })], 0);
    expect(state.zones.ids).toEqual(['z1']);
    expect(state.pallets).toBe(ready().pallets);
  });

  it("sets zone, row and the zone's name from a storage position; PALLET_UPDATED keeps the row of the same zone", () => {
    let state = ready({ pallets: [{ id: 'a' }], zones: [zone('z1', 'Cold store A')] });
    state = applyBatch(state, [position('a', 'z1', 2)], 0);
    expect(place(state, 'a')).toEqual({ storageZone: 'Cold store A', zoneId: 'z1', rowIndex: 2 });
    state = applyBatch(state, [moved('a', 'z1', 'Cold store A')], 0);
    expect(place(state, 'a')).toEqual({ storageZone: 'Cold store A', zoneId: 'z1', rowIndex: 2 });
    state = applyBatch(state, [position('a', 'z9', 0)], 0); // a zone not known yet: its id stands for its name
    expect(place(state, 'a')).toEqual({ storageZone: 'z9', zoneId: 'z9', rowIndex: 0 });
    state = applyBatch(state, [moved('a', 'z8', 'Hall')], 0); // another zone: its row is not known
    expect(place(state, 'a')).toEqual({ storageZone: 'Hall', zoneId: 'z8', rowIndex: null });
    state = applyBatch(state, [moved('a', null, null)], 0); // out of storage
    expect(place(state, 'a')).toEqual({ storageZone: null, zoneId: null, rowIndex: null });
  });

  it('keeps where a pallet stands on an update without a zone, and remembers zone and row for a pallet to come', () => {
    let state = applyBatch(
      ready({ pallets: [{ id: 'a' }] }),
      [position('a', 'z1', 1), position('b', 'z1', 2)],
      0,
    );
    state = applyBatch(state, [pallets('update', { id: 'a', weight: 3, storage_zone: null })], 0);
    expect(place(state, 'a')).toEqual({ storageZone: 'z1', zoneId: 'z1', rowIndex: 1 });
    state = applyBatch(state, [pallets('add', { id: 'b' })], 0);
    expect(place(state, 'b')).toEqual({ storageZone: 'z1', zoneId: 'z1', rowIndex: 2 });
    expect(state.pendingZones.size).toBe(0);
  });
});
