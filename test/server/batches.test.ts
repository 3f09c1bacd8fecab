import { describe, expect, it } from 'vitest';
import {
  analyticsOf,
  call,
  createOrder,
  createPallet,
  createZone,
  expectNothingWritten,
  lastEventId,
  liveEventsAfter,
  setupWarehouse,
} from './warehouse-fixtures';

// Changes to many ticked pallets at once: one request, one transaction, one live message where
// one can say it all, and all of it or nothing.

const { server, w } = setupWarehouse();

const pallets = async (n: number) => {
  const made = [];
  for (let i = 0; i < n; i++) made.push((await createPallet(server, w.manager, w.locationId)).id as string);
  return made;
};
const rowOf = async (zoneId: string, rowIndex: number): Promise<string[]> => {
  const zones = await call(server, w.manager, 'GET', `/api/storage/zones?locationId=${w.locationId}`);
  return zones.body.data.find((z: { id: string }) => z.id === zoneId).rowPallets[rowIndex];
};
const move = (palletIds: string[], zoneId: string, rowIndex: number, headers = {}) =>
  call(server, w.manager, 'POST', '/api/storage/moves', { palletIds, zoneId, rowIndex }, headers);

describe('POST /api/storage/moves', () => {
  it('refuses five pallets into a row with room for two, moving none, and says how many fit', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 4, rowCapacity: 3 });
    const [filler, ...five] = await pallets(6);
    expect((await move([filler], zone.id, 2)).status).toBe(200);
    const refused = await expectNothingWritten(server, () => move(five, zone.id, 2));
    expect(refused).toEqual({
      status: 409,
      body: {
        code: 'ROW_NO_ROOM',
        message: `Row 3 of zone ${zone.name} has room for 2 of the 5 pallets`,
        params: { zoneName: zone.name, rowIndex: 2, capacity: 3, room: 2, count: 5 },
      },
    });
    expect(await rowOf(zone.id, 2)).toEqual([filler]);
    // one pallet into a full row is refused as before: the row is full
    await move(five.slice(0, 2), zone.id, 2);
    expect((await move([five[2]], zone.id, 2)).body).toMatchObject({ code: 'ROW_FULL' });
  });

  it('moves five pallets into a row as one change: one PALLET_UPDATE, five analytics events, replayed by its key', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 2, rowCapacity: 5 });
    const from = await createZone(server, w.manager, w.locationId, { rows: 1, rowCapacity: 5 });
    const five = await pallets(5);
    await move(five.slice(0, 2), from.id, 0);
    const before = await lastEventId(server, w.locationId);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const res = await move(five, zone.id, 1, key);
    expect(res).toEqual({ status: 200, body: { zoneId: zone.id, rowIndex: 1, palletIds: five } });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => [e.type, e.payload.action])).toEqual([['PALLET_UPDATE', 'update']]);
    expect(events[0].payload.pallets).toHaveLength(5);
    for (const pallet of events[0].payload.pallets as Record<string, unknown>[])
      expect(pallet).toMatchObject({ zone_id: zone.id, storage_zone: zone.name, row_index: 1 });
    expect(new Set(await rowOf(zone.id, 1))).toEqual(new Set(five));
    expect(await rowOf(from.id, 0)).toEqual([]);
    const moved = (await analyticsOf(server, w.locationId, 'pallet_location_changed')).filter((e) =>
      five.includes(e.pallet_id!),
    );
    expect(moved.filter((e) => (e.new_state as { zone_id: string }).zone_id === zone.id)).toHaveLength(5);
    const again = await expectNothingWritten(server, () => move(five, zone.id, 1, key));
    expect(again).toEqual(res);
  });

  it('sends a pallet moved back where it stood as a new document: a screen does not take it for a repeat', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 2, rowCapacity: 5 });
    const [pallet] = await pallets(1);
    const before = await lastEventId(server, w.locationId);
    await move([pallet], zone.id, 0);
    await call(server, w.manager, 'POST', '/api/storage/take-outs', {
      locationId: w.locationId,
      palletIds: [pallet],
    });
    await move([pallet], zone.id, 0);
    await move([pallet], zone.id, 1);
    await move([pallet], zone.id, 0);
    const sent = (await liveEventsAfter(server, w.locationId, before))
      .filter((e) => e.type === 'PALLET_UPDATE')
      .map((e) => (e.payload.pallets as Record<string, unknown>[])[0]);
    expect(sent.map((p) => p.row_index)).toEqual([0, 0, 1, 0]);
    // the same place, each time a document of its own (its change's time)
    expect(new Set(sent.map((p) => JSON.stringify(p))).size).toBe(4);
  });

  it('never fills a row past its capacity when batches race into it', async () => {
    for (let round = 0; round < 4; round++) {
      const zone = await createZone(server, w.manager, w.locationId, { rows: 1, rowCapacity: 4 });
      const batches = [await pallets(3), await pallets(2), await pallets(2)];
      const results = await Promise.all(batches.map((batch) => move(batch, zone.id, 0)));
      const row = await rowOf(zone.id, 0);
      expect(row.length).toBeLessThanOrEqual(4);
      // all or none per batch: the row holds exactly the batches that were answered 200
      const applied = batches.filter((_, i) => results[i].status === 200);
      expect(new Set(row)).toEqual(new Set(applied.flat()));
      for (const r of results) expect([200, 409]).toContain(r.status);
      for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('ROW_NO_ROOM');
      expect(applied.length).toBeGreaterThan(0);
    }
  });

  it('refuses the whole batch for a pallet that left the warehouse, or one of another location', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 1, rowCapacity: 9 });
    const [a, b] = await pallets(2);
    expect((await call(server, w.manager, 'POST', `/api/pallets/${b}/process`)).status).toBe(200);
    const gone = await expectNothingWritten(server, () => move([a, b], zone.id, 0));
    expect(gone.body).toMatchObject({ code: 'PALLET_LEFT_WAREHOUSE', params: { palletId: b } });
    const foreign = (await createPallet(server, w.outsider, w.otherLocationId)).id;
    const unknown = await expectNothingWritten(server, () => move([a, foreign], zone.id, 0));
    expect(unknown).toMatchObject({
      status: 422,
      body: { fields: { palletIds: { code: 'NO_SUCH_PALLET', params: { palletIds: [foreign] } } } },
    });
    expect((await move([a, a], zone.id, 0)).status).toBe(422);
    expect(await rowOf(zone.id, 0)).toEqual([]);
  });
});

describe('POST /api/storage/take-outs', () => {
  it('takes the stored ones of the ticked pallets out in one change; the others stay as they are', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 1, rowCapacity: 5 });
    const [a, b, loose] = await pallets(3);
    await move([a, b], zone.id, 0);
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', '/api/storage/take-outs', {
      locationId: w.locationId,
      palletIds: [a, b, loose],
    });
    expect(res.status).toBe(200);
    expect(new Set(res.body.takenOut)).toEqual(new Set([a, b]));
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining(
        [a, b].map((palletId) =>
          expect.objectContaining({ type: 'PALLET_UPDATED', palletId, zoneId: null, storageZone: null }),
        ),
      ),
    );
    expect(events).toHaveLength(2);
    expect(await rowOf(zone.id, 0)).toEqual([]);
    const foreign = (await createPallet(server, w.outsider, w.otherLocationId)).id;
    await move([a], zone.id, 0);
    const refused = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/storage/take-outs', {
        locationId: w.locationId,
        palletIds: [a, foreign],
      }),
    );
    expect(refused.status).toBe(422);
    expect(await rowOf(zone.id, 0)).toEqual([a]);
  });
});

describe('POST /api/pallets/deletions', () => {
  it('deletes the ticked pallets in one change, their order following; all or none', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const [a, b, c] = await pallets(3);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [a] });
    const unknown = crypto.randomUUID();
    const refused = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/pallets/deletions', {
        locationId: w.locationId,
        palletIds: [a, b, unknown],
      }),
    );
    expect(refused.body).toMatchObject({ fields: { palletIds: { params: { palletIds: [unknown] } } } });
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', '/api/pallets/deletions', {
      locationId: w.locationId,
      palletIds: [a, b, c],
    });
    expect(res).toEqual({ status: 200, body: { deleted: [a, b, c] } });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => [e.type, e.payload.action])).toEqual([
      ['PALLET_UPDATE', 'delete'],
      ['ORDER_UPDATE', 'update'],
    ]);
    expect((events[0].payload.pallets as { id: string }[]).map((p) => p.id).sort()).toEqual([a, b, c].sort());
    expect(events[1].payload.orders).toEqual([
      expect.objectContaining({ id: order.id, status: 'open', palletIds: [] }),
    ]);
    for (const id of [a, b, c])
      expect((await call(server, w.manager, 'GET', `/api/pallets/${id}`)).status).toBe(404);
    expect(
      (await analyticsOf(server, w.locationId, 'pallet_deleted')).filter((e) =>
        [a, b, c].includes(e.pallet_id!),
      ),
    ).toHaveLength(3);
  });
});
