import { describe, expect, it } from 'vitest';
import {
  analyticsOf,
  call,
  createZone,
  expectNothingWritten,
  lastEventId,
  liveEventsAfter,
  setupWarehouse,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse();

const settingsUrl = () => `/api/inventory/settings?locationId=${w.locationId}`;

describe('GET/PUT /api/inventory/settings', () => {
  it("answers defaults per catalogue type, cherry ageing faster than round, to the location's users only", async () => {
    const viewer = await server.createUser({ locations: [w.locationId] });
    const res = await call(server, viewer, 'GET', settingsUrl());
    expect(res.status).toBe(200);
    const byType = Object.fromEntries(
      res.body.tomatoTypes.map((s: { tomatoType: string }) => [s.tomatoType, s]),
    );
    expect(Object.keys(byType)).toEqual(['Round', 'Vine', 'Cherry']);
    expect(byType.Cherry).toMatchObject({ custom: false, ripeningDays: 2, urgentDays: 6 });
    expect(byType.Cherry.urgentDays).toBeLessThan(byType.Round.urgentDays);
    expect(res.body.general).toEqual({ ripeningDays: 3, nearExpiryDays: 6, urgentDays: 9, minimumKg: 1000 });
    expect((await call(server, w.outsider, 'GET', settingsUrl())).status).toBe(404);
    expect((await call(server, undefined, 'GET', settingsUrl())).status).toBe(401);
  });

  it('lets an admin set a type (live event, system_update); other types keep their defaults', async () => {
    const before = await lastEventId(server, w.locationId);
    const round = {
      tomatoType: 'Round',
      ripeningDays: 5,
      nearExpiryDays: 10,
      urgentDays: 14,
      minimumKg: 2500.5,
    };
    const res = await call(server, w.admin, 'PUT', '/api/inventory/settings', {
      locationId: w.locationId,
      tomatoTypes: [round],
    });
    expect(res.status).toBe(200);
    expect(res.body.tomatoTypes[0]).toEqual({ ...round, custom: true });
    expect(res.body.tomatoTypes[2]).toMatchObject({ tomatoType: 'Cherry', custom: false });
    expect((await call(server, w.manager, 'GET', settingsUrl())).body).toEqual(res.body);
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.payload.type)).toEqual(['INVENTORY_SETTINGS_UPDATE']);
    const recorded = await analyticsOf(server, w.locationId, 'system_update');
    expect(recorded.filter((e) => e.notes === 'Inventory settings changed')).toHaveLength(1);
  });

  it('answers 403 to a non-admin and 422 to thresholds out of order, writing nothing', async () => {
    const body = {
      locationId: w.locationId,
      tomatoTypes: [{ tomatoType: 'Vine', ripeningDays: 3, nearExpiryDays: 5, urgentDays: 8, minimumKg: 0 }],
    };
    const denied = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PUT', '/api/inventory/settings', body),
    );
    expect(denied.status).toBe(403);
    const bad = await expectNothingWritten(server, () =>
      call(server, w.admin, 'PUT', '/api/inventory/settings', {
        ...body,
        tomatoTypes: [{ ...body.tomatoTypes[0], urgentDays: 4, minimumKg: -1 }],
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['tomatoTypes.0', 'tomatoTypes.0.minimumKg']);
  });

  it('documents both routes with their error answers in the OpenAPI', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const path = doc.paths['/api/inventory/settings'];
    expect(Object.keys(path.get.responses)).toEqual(['200', '401', '404', '422']);
    expect(Object.keys(path.put.responses).sort()).toEqual(['200', '401', '403', '404', '422']);
  });
});

describe('storage zone temperature', () => {
  it('is ambient unless said, and can be changed to cold', async () => {
    const zone = await createZone(server, w.manager, w.locationId);
    expect(zone.temperature).toBe('ambient');
    const cold = await call(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, {
      temperature: 'cold',
    });
    expect(cold.body.temperature).toBe('cold');
    const bad = await call(server, w.manager, 'PATCH', `/api/storage/zones/${zone.id}`, {
      temperature: 'warm',
    });
    expect(bad.status).toBe(422);
  });
});
