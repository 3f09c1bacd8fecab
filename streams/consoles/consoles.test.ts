import { describe, expect, it } from 'vitest';
import type { Order, Pallet } from '../live/types';
import type { PermissionState } from '../permissions/rules';
import { consoleRefusal } from './console-rule';
import { ordersByDueDate, pickList, pickScan, processedOn, shiftTotals, stillNeeds } from './consoles';

const perms = (flags: PermissionState['flags'], admin = false): PermissionState => ({
  loading: false,
  admin,
  grantAll: false,
  flags,
  error: null,
});

describe('consoleRefusal (SPEC 6)', () => {
  it('needs the module flag, then no restriction unless admin_tab', () => {
    expect(consoleRefusal(perms({}), 'sorting')).toBe('module');
    expect(consoleRefusal(perms({ sorting_access: true }), 'sorting')).toBeNull();
    expect(consoleRefusal(perms({ sorting_access: true }), 'kleinpak')).toBe('module');
    const restricted = { logistics_access: true, restrict_logistics_console: true };
    expect(consoleRefusal(perms(restricted), 'logistics')).toBe('restricted');
    expect(consoleRefusal(perms({ ...restricted, admin_tab: true }), 'logistics')).toBeNull();
    expect(consoleRefusal(perms({}, true), 'kleinpak')).toBeNull();
    expect(consoleRefusal({ ...perms({}, true), loading: true }, 'kleinpak')).not.toBeNull();
  });

  it('opens storage with view_storage_map, closed by restrict_storage_console unless admin_tab', () => {
    expect(consoleRefusal(perms({ manage_storage_assignments: true }), 'storage')).toBe('module');
    expect(consoleRefusal(perms({ view_storage_map: true }), 'storage')).toBeNull();
    const restricted = { view_storage_map: true, restrict_storage_console: true };
    expect(consoleRefusal(perms(restricted), 'storage')).toBe('restricted');
    expect(consoleRefusal(perms({ ...restricted, admin_tab: true }), 'storage')).toBeNull();
  });
});

const day = { fromMs: Date.parse('2026-11-25T00:00:00Z'), toMs: Date.parse('2026-11-26T00:00:00Z') };

describe('shiftTotals', () => {
  it("counts the user's pallets made inside the shift, at its edges as [from, to)", () => {
    const pallets: Pallet[] = [
      { id: 'a', addedBy: 'u', createdAt: '2026-11-25T00:00:00.000Z', weight: 500.5 },
      { id: 'b', addedBy: 'u', createdAt: '2026-11-25T23:59:59.999Z', weight: 300 },
      { id: 'c', addedBy: 'u', createdAt: '2026-11-26T00:00:00.000Z', weight: 900 },
      { id: 'd', addedBy: 'v', createdAt: '2026-11-25T10:00:00.000Z', weight: 900 },
    ];
    expect(shiftTotals(pallets, 'u', day)).toEqual({ pallets: 2, kg: 800.5 });
  });
});

describe('processedOn', () => {
  it('merges the listed and the live processed pallets of the day, newest first, each once', () => {
    const listed: Pallet[] = [
      { id: 'a', status: 'processed', processedAt: '2026-11-25T08:00:00.000Z' },
      { id: 'old', status: 'processed', processedAt: '2026-11-24T08:00:00.000Z' },
    ];
    const live: Pallet[] = [
      { id: 'b', status: 'processed', processedAt: '2026-11-25T09:00:00.000Z' },
      { id: 'a', status: 'processed', processedAt: '2026-11-25T08:00:00.000Z' },
      { id: 'c', status: 'active' },
    ];
    expect(processedOn(listed, live, day).map((p) => p.id)).toEqual(['b', 'a']);
  });
});

const order = (id: string, fields: Partial<Order>): Order => ({
  id,
  palletIds: [],
  assignedPallets: 0,
  ...fields,
});

describe('logistics', () => {
  it('lists open orders due up to the last day by date, overdue first, and what each still needs', () => {
    const orders = [
      order('late', { dueDate: '2026-11-24', requestedPallets: 2, status: 'open' }),
      order('today-b', { dueDate: '2026-11-25', customer: 'B', requestedPallets: 3, palletIds: ['x'] }),
      order('today-a', { dueDate: '2026-11-25', customer: 'A', requestedPallets: 1, palletIds: ['x', 'y'] }),
      order('week', { dueDate: '2026-12-02', requestedPallets: 1 }),
      order('later', { dueDate: '2026-12-03', requestedPallets: 1 }),
      order('gone', { dueDate: '2026-11-25', status: 'shipped' }),
      order('undated', { dueDate: null }),
    ];
    const days = ordersByDueDate(orders, '2026-11-25', '2026-12-02');
    expect(days.map((d) => [d.day, d.overdue, d.orders.map((o) => o.id)])).toEqual([
      ['2026-11-24', true, ['late']],
      ['2026-11-25', false, ['today-a', 'today-b']],
      ['2026-12-02', false, ['week']],
    ]);
    expect(orders.slice(0, 3).map(stillNeeds)).toEqual([2, 2, 0]);
  });

  it('puts the pick list in walking order: zone, row, then pallets outside storage', () => {
    const pallets: Record<string, Pallet> = {
      p1: { id: 'p1' },
      p2: { id: 'p2', storageZone: 'B', rowIndex: 0 },
      p3: { id: 'p3', storageZone: 'A', rowIndex: 2 },
      p4: { id: 'p4', storageZone: 'A', rowIndex: 0 },
    };
    const lines = pickList(order('o', { palletIds: ['p1', 'p2', 'p3', 'p4', 'gone'] }), (id) => pallets[id]);
    expect(lines.map((l) => [l.pallet.id, l.zone, l.row])).toEqual([
      ['p4', 'A', 1],
      ['p3', 'A', 3],
      ['p2', 'B', 1],
      ['p1', null, null],
    ]);
  });

  it('picks a scanned pallet of the list once, and refuses one that is not on it', () => {
    const lines = pickList(order('o', { palletIds: ['p1', 'p2'] }), (id) => ({ id }));
    expect(pickScan(lines, new Set(), 'p1')).toBe('picked');
    expect(pickScan(lines, new Set(['p1']), 'p1')).toBe('again');
    expect(pickScan(lines, new Set(['p1']), 'elsewhere')).toBe('not-on-list');
  });
});
