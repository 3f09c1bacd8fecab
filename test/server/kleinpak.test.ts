import { describe, expect, it } from 'vitest';
import { palletPageSchema } from '../../server/modules/pallets/schemas';
import { palletSchema } from '../../streams/live/pallet-schema';
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

// POST /api/pallets/{id}/process: the kleinpak console's "processed" (issue 20).

const { server, w } = setupWarehouse();

describe('POST /api/pallets/{id}/process', () => {
  it('marks a stored pallet processed: out of stock and storage, one live update, pallet_processed', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    const zone = await createZone(server, w.manager, w.locationId);
    const placed = await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: pallet.id,
      zoneId: zone.id,
      rowIndex: 0,
    });
    expect(placed.status).toBe(200);
    const before = await lastEventId(server, w.locationId);

    const res = await call(server, w.manager, 'POST', `/api/pallets/${pallet.id}/process`);
    expect(res.status).toBe(200);
    const processed = palletSchema.parse(res.body);
    expect(processed).toMatchObject({ id: pallet.id, status: 'processed', version: 2, zone_id: null });
    expect(Date.parse(processed.processed_at ?? '')).not.toBeNaN();

    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.type)).toEqual(['PALLET_UPDATE', 'PALLET_UPDATED']);
    expect(events[0].payload).toMatchObject({ action: 'update', pallets: [processed] });
    expect(events[1].payload).toMatchObject({
      action: 'update_storage_zone',
      palletId: pallet.id,
      zoneId: null,
    });
    const [event] = (await analyticsOf(server, w.locationId, 'pallet_processed')).filter(
      (e) => e.pallet_id === pallet.id,
    );
    expect(event).toMatchObject({ user_id: w.manager.id, notes: 'Pallet processing completed' });

    // it has left the stock: not among the active pallets, listed as processed, not in the overview
    const list = (status: string) =>
      call(server, w.manager, 'GET', `/api/pallets?locationId=${w.locationId}&status=${status}`);
    const ids = async (status: string) =>
      palletPageSchema.parse((await list(status)).body).data.map((p) => p.id);
    expect(await ids('active')).not.toContain(pallet.id);
    expect(await ids('processed')).toContain(pallet.id);
  });

  it('refuses a pallet processed already, one on an order, and writes nothing', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    expect((await call(server, w.manager, 'POST', `/api/pallets/${pallet.id}/process`)).status).toBe(200);
    const again = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/pallets/${pallet.id}/process`),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been processed/);

    // nor can a processed pallet be assigned, and a pallet on an order cannot be processed
    const order = await createOrder(server, w.manager, w.locationId);
    const assign = await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, {
      palletIds: [pallet.id],
    });
    expect(assign.status).toBe(409);
    const onOrder = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [onOrder.id] });
    const refused = await call(server, w.manager, 'POST', `/api/pallets/${onOrder.id}/process`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/on an order/);
  });

  it('lets kleinpak_access process without manage_pallets; others get 403 and outsiders 404', async () => {
    const packer = await server.createUser({ permissions: ['kleinpak_access'], locations: [w.locationId] });
    const viewer = await server.createUser({ permissions: ['desktop_access'], locations: [w.locationId] });
    const one = await createPallet(server, w.manager, w.locationId);
    const two = await createPallet(server, w.manager, w.locationId);
    expect((await call(server, viewer, 'POST', `/api/pallets/${one.id}/process`)).status).toBe(403);
    expect((await call(server, w.outsider, 'POST', `/api/pallets/${one.id}/process`)).status).toBe(404);
    expect((await call(server, packer, 'POST', `/api/pallets/${one.id}/process`)).status).toBe(200);
    // kleinpak_access processes pallets; it does not make or delete them
    expect((await call(server, packer, 'DELETE', `/api/pallets/${two.id}`)).status).toBe(403);
  });
});
