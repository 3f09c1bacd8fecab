import fc from 'fast-check';
import { Subject, scan, startWith, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Entities } from './entities';
import { defaultLiveTiming, livePipeline } from './pipeline';
import { applyEvents, emptyProjection, type Projection, projectionOf } from './projection';
import type { SseMessage } from './types';

// The reference model: SPEC 4's rules applied one event at a time, in arrival order, over plain
// arrays, with SPEC 5's dedup (same key and body within 1 s; an event id at or below one applied).
type Thing = Record<string, unknown> & { id: string };
interface Model {
  pallets: Thing[];
  orders: Thing[];
  pending: Record<string, Record<string, unknown>>;
  lastId: number;
  seen: { key: string; body: string; at: number }[];
}

const palletIds = ['p0', 'p1', 'p2', 'p3'];
const orderIds = ['o0', 'o1'];
const zone = fc.constantFrom(null, 'Z1', 'Z2');
const pallet = fc.record({
  id: fc.constantFrom(...palletIds),
  weight: fc.integer({ min: 1, max: 900 }),
  storageZone: zone,
});
const order = fc.record({
  id: fc.constantFrom(...orderIds),
  palletIds: fc.subarray(palletIds),
  status: fc.constantFrom('open', 'assigned'),
});
const action = fc.constantFrom('add', 'update', 'delete');
const body = fc.oneof(
  fc.record({
    type: fc.constantFrom('PALLET_UPDATE', 'pallet'),
    action,
    pallets: fc.array(pallet, { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    type: fc.constantFrom('ORDER_UPDATE', 'order'),
    action,
    orders: fc.array(order, { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    type: fc.constant('ASSIGNMENT_UPDATE'),
    orderId: fc.constantFrom(...orderIds),
    palletIds: fc.subarray(palletIds),
  }),
  fc.record({
    type: fc.constantFrom('STORAGE_POSITION_UPDATE', 'storage'),
    action: fc.constant('assign_to_zone'),
    position: fc.record(
      {
        palletId: fc.constantFrom(...palletIds, 'p9'),
        zoneId: fc.constantFrom('Z1', 'Z2'),
        rowIndex: fc.integer({ min: 0, max: 2 }),
      },
      { requiredKeys: ['palletId', 'zoneId'] },
    ),
  }),
  fc.record({
    type: fc.constant('PALLET_UPDATED'),
    action: fc.constant('update_storage_zone'),
    palletId: fc.constantFrom(...palletIds),
    storageZone: zone,
  }),
);
const step = fc.record({
  gapMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_200 })),
  body,
  locationId: fc.constantFrom('L1', 'L1', 'L1', 'L2'),
  // an id may repeat the previous one (a replay at a reconnect) or be missing
  id: fc.constantFrom('next', 'next', 'next', 'same', 'none'),
});

function keyOf(e: Record<string, unknown>): string {
  const list = (items: unknown) => (items as Thing[]).map((t) => t.id).join(',');
  const type = String(e.type).toLowerCase();
  if (type.startsWith('pallet_updated')) return `z|${e.action}|${e.palletId}`;
  if (type.startsWith('pallet')) return `p|${e.action}|${list(e.pallets)}`;
  if (type.startsWith('order')) return `o|${e.action}|${list(e.orders)}`;
  if (type.startsWith('assignment')) return `a|${e.orderId}|${(e.palletIds as string[]).join(',')}`;
  return `s|${(e.position as Thing).palletId}`;
}

function referenceApply(model: Model, e: Record<string, unknown>, eventId: number | null, at: number): void {
  const key = keyOf(e);
  const { type: _t, locationId: _l, ...rest } = e;
  const body = JSON.stringify(rest);
  const last = model.seen.findLast((s) => s.key === key);
  if (last && at - last.at < 1_000 && last.body === body) return;
  model.seen.push({ key, body, at });
  if (eventId !== null) {
    if (eventId <= model.lastId) return;
    model.lastId = eventId;
  }
  const type = String(e.type).toLowerCase();
  const find = (list: Thing[], id: string) => list.find((t) => t.id === id);
  if (type === 'pallet_updated') {
    const p = find(model.pallets, e.palletId as string);
    // out of storage: no zone, no row; a zone named without its id: the pallet's row stays
    if (p)
      Object.assign(
        p,
        e.storageZone ? { storageZone: e.storageZone } : { storageZone: null, zoneId: null, rowIndex: null },
      );
  } else if (type === 'pallet_update' || type === 'pallet' || type === 'order_update' || type === 'order') {
    const isPallet = type.startsWith('pallet');
    const items = (isPallet ? e.pallets : e.orders) as Thing[];
    let list = isPallet ? model.pallets : model.orders;
    if (e.action === 'add') {
      const fresh: Thing[] = [];
      for (const item of items) {
        if (find(list, item.id) || find(fresh, item.id)) continue;
        const copy = { ...item };
        if (!isPallet) copy.assignedPallets = (copy.palletIds as string[]).length;
        if (isPallet && item.id in model.pending) {
          Object.assign(copy, model.pending[item.id]);
          delete model.pending[item.id];
        }
        fresh.push(copy);
      }
      list = [...fresh, ...list];
    } else {
      for (const item of items) {
        const i = list.findIndex((t) => t.id === item.id);
        if (i < 0) continue;
        if (e.action === 'delete') list.splice(i, 1);
        else if (isPallet) {
          // an update naming no zone keeps where the pallet stands
          const { storageZone, zoneId, rowIndex } = list[i];
          list[i] = item.storageZone ? { ...item } : { ...item, storageZone, zoneId, rowIndex };
        } else list[i] = { ...item, assignedPallets: (item.palletIds as string[]).length };
      }
    }
    if (isPallet) model.pallets = list;
    else model.orders = list;
  } else if (type === 'assignment_update') {
    const ids = e.palletIds as string[];
    for (const p of model.pallets) if (ids.includes(p.id)) p.orderId = e.orderId;
    const o = find(model.orders, e.orderId as string);
    if (o) {
      const fresh = [...new Set(ids)].filter((id) => !(o.palletIds as string[]).includes(id));
      o.palletIds = [...(o.palletIds as string[]), ...fresh];
      o.assignedPallets = (o.assignedPallets as number) + fresh.length;
    }
  } else {
    const position = e.position as Thing;
    const place = {
      storageZone: position.zoneId,
      zoneId: position.zoneId,
      rowIndex: position.rowIndex ?? null,
    };
    const p = find(model.pallets, position.palletId as string);
    if (p) Object.assign(p, place);
    else model.pending[position.palletId as string] = place;
  }
}

// Fields absent, undefined or null read alike: a payload may send a field as null or not at all.
const clean = (t: Thing) => JSON.parse(JSON.stringify(t, (_k, v) => (v === null ? undefined : v)));

describe('live pipeline property (SPEC 4, 5, 9)', () => {
  it('yields the projection of the deduplicated events applied one by one, whatever the timing', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const scheduler = new VirtualTimeScheduler(undefined, Number.POSITIVE_INFINITY);
        const model: Model = { pallets: [], orders: [], pending: {}, lastId: 0, seen: [] };
        const messages: { at: number; message: SseMessage }[] = [];
        let at = 0;
        let id = 0;
        for (const s of steps) {
          at += s.gapMs;
          if (s.id === 'next') id++;
          const eventId = s.id === 'none' ? null : id;
          const data = { ...s.body, locationId: s.locationId };
          messages.push({
            at,
            message: { event: 'update', id: eventId === null ? null : String(eventId), data },
          });
          if (s.locationId === 'L1') referenceApply(model, data, eventId, at);
        }
        const ready = projectionOf(
          { pallets: [], orders: [], zones: [] },
          0,
          emptyProjection.pendingZones,
          [],
          0,
        );
        let final: Projection = ready;
        const input = new Subject<SseMessage>();
        input
          .pipe(
            livePipeline('L1', defaultLiveTiming, scheduler),
            scan((state, delivery) => applyEvents(state, delivery.flat(), scheduler.now()), ready),
            startWith(ready),
          )
          .subscribe((state) => {
            final = state;
          });
        for (const m of messages) scheduler.schedule(() => input.next(m.message), m.at);
        scheduler.schedule(() => input.complete(), at + 1);
        scheduler.flush();

        const inOrder = <T>(table: Entities<T>) => table.ids.map((id) => clean(table.get(id) as Thing));
        expect(inOrder(final.pallets)).toEqual(model.pallets.map(clean));
        expect(inOrder(final.orders)).toEqual(model.orders.map(clean));
        const kg = (list: Thing[]) => list.reduce((sum, p) => sum + (p.weight as number), 0);
        expect(final.overview.totalKgWarehouse).toBe(kg(model.pallets));
        expect(final.overview.totalKgAssigned).toBe(kg(model.pallets.filter((p) => p.orderId)));
        expect([...final.pendingZones.keys()].sort()).toEqual(Object.keys(model.pending).sort());
      }),
      { numRuns: 300 },
    );
  });
});
