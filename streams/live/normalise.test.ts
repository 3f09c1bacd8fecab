import { describe, expect, it } from 'vitest';
import { normaliseMessage, readPallet, readZone, reportedLastId } from './normalise';
import type { SseMessage } from './types';

const message = (data: unknown, id: string | null = '7'): SseMessage => ({ event: 'update', id, data });

describe('normaliseMessage (SPEC 3, 4, 7)', () => {
  it.each([
    ['PALLET_UPDATE', 'pallet'],
    ['pallet_update', 'pallet'],
    ['pallet', 'pallet'],
    ['ORDER_UPDATE', 'order'],
    ['order_update', 'order'],
    ['order', 'order'],
    ['ASSIGNMENT_UPDATE', 'assignment'],
    ['assignment_update', 'assignment'],
    ['assignment', 'assignment'],
    ['STORAGE_POSITION_UPDATE', 'storage'],
    ['storage_position_update', 'storage'],
    ['storage', 'storage'],
    ['PALLET_UPDATED', 'palletZone'],
    ['pallet_updated', 'palletZone'],
    ['Pallet_Update', 'pallet'],
    ['STORAGE_ZONE_UPDATE', 'zone'],
  ])('reads the type %s as %s', (type, expected) => {
    const data = {
      type,
      action:
        expected === 'storage' ? 'assign_to_zone' : expected === 'palletZone' ? 'update_storage_zone' : 'add',
      pallets: [{ id: 'p1' }],
      orders: [{ id: 'o1' }],
      zones: [{ id: 'z1' }],
      orderId: 'o1',
      palletIds: ['p1'],
      palletId: 'p1',
      position: { palletId: 'p1', zoneId: 'z1' },
      storageZone: 'z1',
    };
    expect(normaliseMessage(message(data), 5)?.type).toBe(expected);
  });

  it('reads the inventory settings event (ours) with its settings, and drops one without them', () => {
    const settings = { locationId: 'L', general: {}, tomatoTypes: [] };
    expect(
      normaliseMessage(message({ type: 'INVENTORY_SETTINGS_UPDATE', locationId: 'L', settings }), 0),
    ).toMatchObject({ type: 'settings', eventId: 7, locationId: 'L', settings });
    expect(normaliseMessage(message({ type: 'INVENTORY_SETTINGS_UPDATE', locationId: 'L' }), 0)).toBeNull();
  });

  it('reads the printers event (ours) with the whole set-up, and drops one without a printer list', () => {
    const printers = [{ id: 'p1', name: 'Dock 1', isDefault: true }];
    expect(
      normaliseMessage(
        message({ type: 'PRINTERS_UPDATE', locationId: 'L', printers, gs1CompanyPrefix: '8712345' }),
        0,
      ),
    ).toMatchObject({
      type: 'printers',
      eventId: 7,
      printing: { locationId: 'L', printers, gs1CompanyPrefix: '8712345' },
    });
    expect(
      normaliseMessage(message({ type: 'PRINTERS_UPDATE', locationId: 'L', printers: [] }), 0),
    ).toMatchObject({ printing: { printers: [], gs1CompanyPrefix: null } });
    expect(normaliseMessage(message({ type: 'PRINTERS_UPDATE', locationId: 'L' }), 0)).toBeNull();
    expect(normaliseMessage(message({ type: 'PRINTERS_UPDATE', printers: ['p1'] }), 0)).toBeNull();
  });

  it('reads the scales event (ours) with the whole list, and drops one with anything but scales in it', () => {
    const scale = {
      id: 's1',
      locationId: 'L',
      name: 'Line 1',
      host: '10.0.0.9',
      port: 4001,
      protocol: 'continuous',
      createdAt: '2026-11-28T08:00:00.000Z',
      updatedAt: '2026-11-28T08:00:00.000Z',
    };
    expect(
      normaliseMessage(message({ type: 'SCALES_UPDATE', locationId: 'L', scales: [scale] }), 0),
    ).toMatchObject({
      type: 'scales',
      eventId: 7,
      locationId: 'L',
      scales: [scale],
    });
    expect(
      normaliseMessage(message({ type: 'SCALES_UPDATE', locationId: 'L', scales: [] }), 0),
    ).toMatchObject({
      scales: [],
    });
    expect(normaliseMessage(message({ type: 'SCALES_UPDATE', locationId: 'L' }), 0)).toBeNull();
    for (const wrong of [{ ...scale, port: '4001' }, { ...scale, protocol: 'serial' }, { id: 's1' }])
      expect(
        normaliseMessage(message({ type: 'SCALES_UPDATE', locationId: 'L', scales: [wrong] }), 0),
      ).toBeNull();
  });

  it('reads the snake_case id spellings and keys', () => {
    expect(
      normaliseMessage(
        message({ type: 'assignment', order_id: 'o1', pallet_ids: ['p1', 2], assignment_id: 'a1' }),
        0,
      ),
    ).toEqual({
      type: 'assignment',
      orderId: 'o1',
      palletIds: ['p1', '2'],
      assignmentId: 'a1',
      eventId: 7,
      at: 0,
      locationId: null,
    });
    expect(
      normaliseMessage(
        message({
          type: 'storage',
          action: 'assign_to_zone',
          position: { pallet_id: 'p1', zone_id: 'z', position_id: 'x', location_id: 'L', row_index: 2 },
        }),
        0,
      ),
    ).toMatchObject({ palletId: 'p1', zoneId: 'z', rowIndex: 2, positionId: 'x', locationId: 'L' });
    expect(
      normaliseMessage(
        message({ type: 'PALLET_UPDATED', action: 'update_storage_zone', pallet_id: 'p1', zoneId: 'z2' }),
        0,
      ),
    ).toMatchObject({ type: 'palletZone', palletId: 'p1', zoneId: 'z2', storageZone: 'z2' });
    expect(
      normaliseMessage(
        message({
          type: 'PALLET_UPDATED',
          action: 'update_storage_zone',
          palletId: 'p1',
          zoneId: null,
          storageZone: null,
        }),
        0,
      ),
    ).toMatchObject({ zoneId: null, storageZone: null });
    expect(
      normaliseMessage(
        message({
          type: 'pallet',
          action: 'add',
          location_id: 'L',
          pallets: [{ id: 9, box_type: 'crate', storage_zone: 'A' }],
        }),
        0,
      ),
    ).toMatchObject({ locationId: 'L', pallets: [{ id: '9', boxType: 'crate', storageZone: 'A' }] });
  });

  it('fills an order from its pallet ids when the count is missing', () => {
    expect(
      normaliseMessage(
        message({ type: 'order', action: 'add', orders: [{ id: 'o', pallet_ids: ['a', 'b'] }] }),
        0,
      ),
    ).toMatchObject({ orders: [{ id: 'o', palletIds: ['a', 'b'], assignedPallets: 2 }] });
  });

  it.each([
    ['raw text', 'not json'],
    ['no type', { action: 'add' }],
    ['an unknown type', { type: 'weather', action: 'add' }],
    ['an unknown action', { type: 'pallet', action: 'explode', pallets: [] }],
    ['no pallet list', { type: 'pallet', action: 'add' }],
    ['an assignment without order', { type: 'assignment', palletIds: ['p'] }],
    ['a storage update without pallet', { type: 'storage', action: 'assign_to_zone', position: {} }],
    ['a zone update without pallet', { type: 'PALLET_UPDATED', action: 'update_storage_zone' }],
  ])('ignores %s', (_name, data) => {
    expect(normaliseMessage(message(data), 0)).toBeNull();
  });

  it('skips entities without an id and keeps a message without an SSE id', () => {
    expect(
      normaliseMessage(message({ type: 'pallet', action: 'add', pallet: { id: 'p' } }, null), 3),
    ).toEqual({
      type: 'pallet',
      action: 'add',
      pallets: [{ id: 'p' }],
      eventId: null,
      at: 3,
      locationId: null,
    });
    expect(
      normaliseMessage(message({ type: 'pallet', action: 'add', pallets: [{ weight: 1 }, 'x'] }), 0),
    ).toMatchObject({
      pallets: [],
    });
  });

  it('reads zone documents without their per-row pallet lists, and pallets with every field camelCased', () => {
    expect(
      normaliseMessage(
        message({
          type: 'STORAGE_ZONE_UPDATE',
          action: 'add',
          zones: [
            { id: 'z', location_id: 'L', name: 'Cold store', rows: 2, row_capacity: 4, rowPallets: [[], []] },
          ],
        }),
        0,
      ),
    ).toMatchObject({
      type: 'zone',
      zones: [{ id: 'z', locationId: 'L', name: 'Cold store', rows: 2, rowCapacity: 4 }],
    });
    expect(readZone({ id: 'z', rowPallets: [] })).toEqual({
      id: 'z',
      locationId: '',
      name: '',
      rows: 0,
      rowCapacity: 0,
    });
    expect(readZone('z')).toBeNull();
    expect(readPallet({ id: 7, zone_id: 'z', row_index: 1, harvest_week: 47 })).toEqual({
      id: '7',
      zoneId: 'z',
      rowIndex: 1,
      harvestWeek: 47,
    });
    expect(readPallet({ weight: 1 })).toBeNull();
  });

  it('reads the last event id a connected or reset message reports', () => {
    expect(reportedLastId({ event: 'connected', id: null, data: { lastEventId: 41 } })).toBe(41);
    expect(reportedLastId({ event: 'reset', id: '9', data: {} })).toBe(9);
    expect(reportedLastId({ event: 'reset', id: null, data: 'x' })).toBeNull();
  });
});
