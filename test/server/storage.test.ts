import { describe, expect, it } from 'vitest';
import {
  analyticsOf,
  call,
  createPallet,
  createZone,
  expectNothingWritten,
  lastEventId,
  liveEventsAfter,
  setupWarehouse,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse();

const zonesOf = async (locationId: string) =>
  (await call(server, w.manager, 'GET', `/api/storage/zones?locationId=${locationId}`)).body;

describe('storage zones', () => {
  it('creates, lists, renames and deletes a zone, logging each change', async () => {
    const before = await lastEventId(server, w.locationId);
    const zone = await createZone(server, w.manager, w.locationId, {
      name: 'Cold store A',
      rows: 2,
      rowCapacity: 3,
    });
    expect(zone).toMatchObject({
      locationId: w.locationId,
      name: 'Cold store A',
      rows: 2,
      rowCapacity: 3,
      rowPallets: [[], []],
    });
    const listed = await zonesOf(w.locationId);
    expect(listed.data).toContainEqual(zone);
    expect(listed.lastEventId).toBe(before + 1);

    const renamed = await call(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, {
      name: 'Cold store B',
      rows: 4,
    });
    expect(renamed.body).toMatchObject({ name: 'Cold store B', rows: 4, rowPallets: [[], [], [], []] });
    expect(await call(server, w.manager, 'DELETE', `/api/storage/zones/${zone.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => [e.type, e.payload.action])).toEqual([
      ['STORAGE_ZONE_UPDATE', 'add'],
      ['STORAGE_ZONE_UPDATE', 'update'],
      ['STORAGE_ZONE_UPDATE', 'delete'],
    ]);
    const notes = (await analyticsOf(server, w.locationId, 'system_update')).map((e) => e.notes);
    expect(notes).toEqual(
      expect.arrayContaining(['Storage zone created', 'Storage zone changed', 'Storage zone deleted']),
    );
  });

  it('answers 409 for a duplicate name, for shrinking below its pallets, and for deleting a zone in use', async () => {
    const zone = await createZone(server, w.manager, w.locationId, {
      name: 'Dispatch',
      rows: 3,
      rowCapacity: 2,
    });
    const duplicate = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/storage/zones', {
        locationId: w.locationId,
        name: 'Dispatch',
        rows: 1,
        rowCapacity: 1,
      }),
    );
    expect(duplicate).toMatchObject({
      status: 409,
      body: { message: 'A storage zone named "Dispatch" already exists in this location' },
    });
    const a = await createPallet(server, w.manager, w.locationId);
    const b = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: a.id,
      zoneId: zone.id,
      rowIndex: 2,
    });
    await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: b.id,
      zoneId: zone.id,
      rowIndex: 2,
    });
    for (const change of [{ rows: 2 }, { rowCapacity: 1 }]) {
      const res = await expectNothingWritten(server, () =>
        call(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, change),
      );
      expect(res.status).toBe(409);
    }
    const inUse = await expectNothingWritten(server, () =>
      call(server, w.manager, 'DELETE', `/api/storage/zones/${zone.id}`),
    );
    expect(inUse).toMatchObject({ status: 409, body: { message: 'Zone Dispatch still holds 2 pallets' } });
  });

  it('answers 422 with details, 403 without manage_storage_assignments, 404 across locations', async () => {
    const bad = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/storage/zones', {
        locationId: w.locationId,
        name: ' ',
        rows: 0,
        rowCapacity: 1.5,
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['name', 'rowCapacity', 'rows']);
    const zone = await createZone(server, w.manager, w.locationId);
    const palletsOnly = await server.createUser({
      permissions: ['manage_pallets', 'manage_orders'],
      locations: [w.locationId],
    });
    for (const [method, url, body] of [
      ['POST', '/api/storage/zones', { locationId: w.locationId, name: 'New', rows: 1, rowCapacity: 1 }],
      ['PATCH', `/api/storage/zones/${zone.id}`, { name: 'Other' }],
      ['DELETE', `/api/storage/zones/${zone.id}`, undefined],
    ] as const) {
      expect(
        (await expectNothingWritten(server, () => call(server, palletsOnly, method, url, body))).status,
      ).toBe(403);
      expect(
        (await expectNothingWritten(server, () => call(server, w.outsider, method, url, body))).status,
      ).toBe(404);
    }
    expect(
      (await call(server, w.outsider, 'GET', `/api/storage/zones?locationId=${w.locationId}`)).status,
    ).toBe(404);
  });
});

describe('storage positions', () => {
  it('places a pallet: STORAGE_POSITION_UPDATE and PALLET_UPDATED, pallet_location_changed', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { name: 'Cold store C' });
    const pallet = await createPallet(server, w.manager, w.locationId);
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: pallet.id,
      zoneId: zone.id,
      rowIndex: 1,
    });
    expect(res.status).toBe(200);
    const position = {
      id: expect.any(String),
      palletId: pallet.id,
      zoneId: zone.id,
      rowIndex: 1,
      locationId: w.locationId,
    };
    expect(res.body).toEqual(position);
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.payload)).toEqual([
      {
        type: 'STORAGE_POSITION_UPDATE',
        action: 'assign_to_zone',
        position: res.body,
        locationId: w.locationId,
      },
      {
        type: 'PALLET_UPDATED',
        action: 'update_storage_zone',
        palletId: pallet.id,
        zoneId: zone.id,
        storageZone: 'Cold store C',
        locationId: w.locationId,
      },
    ]);
    const read = await call(server, w.manager, 'GET', `/api/pallets/${pallet.id}`);
    expect(read.body).toMatchObject({ storage_zone: 'Cold store C', zone_id: zone.id, row_index: 1 });
    const [changed] = (await analyticsOf(server, w.locationId, 'pallet_location_changed')).filter(
      (e) => e.pallet_id === pallet.id,
    );
    expect(changed.new_state).toEqual({ zone_id: zone.id, storage_zone: 'Cold store C', row_index: 1 });

    const moved = await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: pallet.id,
      zoneId: zone.id,
      rowIndex: 2,
    });
    expect(moved.body).toEqual({ ...res.body, rowIndex: 2 });
    expect(
      (await zonesOf(w.locationId)).data.find((z: { id: string }) => z.id === zone.id).rowPallets,
    ).toEqual([[], [], [pallet.id]]);
  });

  it('answers 409 for a full row and writes nothing', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 1, rowCapacity: 2 });
    for (let i = 0; i < 2; i++) {
      const pallet = await createPallet(server, w.manager, w.locationId);
      const res = await call(server, w.manager, 'POST', '/api/storage/positions', {
        palletId: pallet.id,
        zoneId: zone.id,
        rowIndex: 0,
      });
      expect(res.status).toBe(200);
    }
    const extra = await createPallet(server, w.manager, w.locationId);
    const full = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/storage/positions', {
        palletId: extra.id,
        zoneId: zone.id,
        rowIndex: 0,
      }),
    );
    expect(full).toMatchObject({
      status: 409,
      body: {
        code: 'ROW_FULL',
        params: { zoneName: zone.name, rowIndex: 0, capacity: 2 },
        message: `Row 1 of zone ${zone.name} is full (2 pallets)`,
      },
    });
  });

  it('never overfills a row when placements race', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 1, rowCapacity: 3 });
    const pallets = [];
    for (let i = 0; i < 6; i++) pallets.push(await createPallet(server, w.manager, w.locationId));
    const results = await Promise.all(
      pallets.map((p) =>
        call(server, w.manager, 'POST', '/api/storage/positions', {
          palletId: p.id,
          zoneId: zone.id,
          rowIndex: 0,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(
      (await zonesOf(w.locationId)).data.find((z: { id: string }) => z.id === zone.id).rowPallets[0],
    ).toHaveLength(3);
  });

  it('answers 422 for a row outside the zone or an unknown pallet or zone', async () => {
    const zone = await createZone(server, w.manager, w.locationId, { rows: 2 });
    const pallet = await createPallet(server, w.manager, w.locationId);
    const foreign = await createPallet(server, w.outsider, w.otherLocationId);
    const cases = [
      [{ palletId: pallet.id, zoneId: zone.id, rowIndex: 2 }, 'rowIndex'],
      [{ palletId: foreign.id, zoneId: zone.id, rowIndex: 0 }, 'palletId'],
      [{ palletId: pallet.id, zoneId: crypto.randomUUID(), rowIndex: 0 }, 'zoneId'],
      [{ palletId: pallet.id, zoneId: zone.id, rowIndex: -1 }, 'rowIndex'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await expectNothingWritten(server, () =>
        call(server, w.manager, 'POST', '/api/storage/positions', body),
      );
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details)).toEqual([field]);
    }
    const outsider = await expectNothingWritten(server, () =>
      call(server, w.outsider, 'POST', '/api/storage/positions', {
        palletId: foreign.id,
        zoneId: zone.id,
        rowIndex: 0,
      }),
    );
    expect(outsider.status).toBe(422);
  });

  it('takes a pallet out of storage with PALLET_UPDATED to no zone; 404 when it is not stored', async () => {
    const zone = await createZone(server, w.manager, w.locationId);
    const pallet = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: pallet.id,
      zoneId: zone.id,
      rowIndex: 0,
    });
    const palletsOnly = await server.createUser({
      permissions: ['manage_pallets'],
      locations: [w.locationId],
    });
    const denied = await expectNothingWritten(server, () =>
      call(server, palletsOnly, 'DELETE', `/api/storage/positions/${pallet.id}`),
    );
    expect(denied.status).toBe(403);
    const hidden = await expectNothingWritten(server, () =>
      call(server, w.outsider, 'DELETE', `/api/storage/positions/${pallet.id}`),
    );
    expect(hidden.status).toBe(404);
    const before = await lastEventId(server, w.locationId);
    expect(await call(server, w.manager, 'DELETE', `/api/storage/positions/${pallet.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await liveEventsAfter(server, w.locationId, before)).map((e) => e.payload)).toEqual([
      {
        type: 'PALLET_UPDATED',
        action: 'update_storage_zone',
        palletId: pallet.id,
        zoneId: null,
        storageZone: null,
        locationId: w.locationId,
      },
    ]);
    const again = await expectNothingWritten(server, () =>
      call(server, w.manager, 'DELETE', `/api/storage/positions/${pallet.id}`),
    );
    expect(again.status).toBe(404);
  });
});
