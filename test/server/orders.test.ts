import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../streams/live/order-schema';
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

const { server, w } = setupWarehouse();

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('orders: create, read, list, change, delete', () => {
  it('creates an open order and logs ORDER_UPDATE add and order_created', async () => {
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', '/api/orders', {
      locationId: w.locationId,
      customer: 'Albert Heijn DC Zaandam',
      requestedPallets: 6,
      dueDate: '2026-12-03',
    });
    expect(res.status).toBe(201);
    const order = orderSchema.parse(res.body);
    expect(order).toMatchObject({
      locationId: w.locationId,
      customer: 'Albert Heijn DC Zaandam',
      status: 'open',
      palletIds: [],
      assignedPallets: 0,
      requestedPallets: 6,
      dueDate: '2026-12-03',
      createdBy: w.manager.id,
      shippedAt: null,
    });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.payload)).toEqual([
      { type: 'ORDER_UPDATE', action: 'add', orders: [order], locationId: w.locationId },
    ]);
    expect((await analyticsOf(server, w.locationId, 'order_created')).map((e) => e.order_id)).toContain(
      order.id,
    );
    expect(await call(server, w.manager, 'GET', `/api/orders/${order.id}`)).toEqual({
      status: 200,
      body: order,
    });
  });

  it('lists orders newest first, by status, with pages and the last event id', async () => {
    const loc = (await server.createLocation()).id;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createOrder(server, w.admin, loc, { customer: `Customer ${i}` }));
    const all = await call(server, w.admin, 'GET', `/api/orders?locationId=${loc}`);
    expect(all.status).toBe(200);
    expect(ids(all.body.data)).toEqual(ids(made).reverse());
    expect(all.body).toMatchObject({ nextCursor: null, lastEventId: 3 });
    const page = await call(server, w.admin, 'GET', `/api/orders?locationId=${loc}&limit=2`);
    expect(page.body.nextCursor).toBe(made[1].id);
    const rest = await call(
      server,
      w.admin,
      'GET',
      `/api/orders?locationId=${loc}&limit=2&cursor=${made[1].id}`,
    );
    expect(ids(rest.body.data)).toEqual([made[0].id]);
    expect(
      (await call(server, w.admin, 'GET', `/api/orders?locationId=${loc}&status=assigned`)).body.data,
    ).toEqual([]);
    expect((await call(server, w.outsider, 'GET', `/api/orders?locationId=${loc}`)).status).toBe(404);
    expect((await call(server, w.admin, 'GET', `/api/orders?locationId=${loc}&status=lost`)).status).toBe(
      422,
    );
  });

  it('changes customer, count and due date; 422 for an impossible date; 409 for a status jump', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, {
      customer: 'Lidl Nederland',
      requestedPallets: 9,
      dueDate: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer: 'Lidl Nederland',
      requestedPallets: 9,
      dueDate: null,
      status: 'open',
    });
    expect((await liveEventsAfter(server, w.locationId, before)).map((e) => e.payload)).toEqual([
      { type: 'ORDER_UPDATE', action: 'update', orders: [res.body], locationId: w.locationId },
    ]);
    const [updated] = (await analyticsOf(server, w.locationId, 'order_updated')).filter(
      (e) => e.order_id === order.id,
    );
    expect(updated.previous_state).toMatchObject({ customer: 'Jumbo DC Veghel' });
    const bad = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, {
        dueDate: '2026-02-30',
        requestedPallets: 0,
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['dueDate', 'requestedPallets']);
    const jump = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, { status: 'shipped' }),
    );
    expect(jump.status).toBe(409);
    expect(jump.body.message).toMatch(/cannot change from open to shipped/);
  });

  it('refuses to delete an order while pallets are on it; deletes it once they are off', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const pallet = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] });
    const refused = await expectNothingWritten(server, () =>
      call(server, w.manager, 'DELETE', `/api/orders/${order.id}`),
    );
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'ORDER_HAS_PALLETS',
        params: { count: 1 },
        message: 'The order still has 1 pallet on it; only an order without pallets can be deleted',
      },
    });
    await call(server, w.manager, 'DELETE', `/api/orders/${order.id}/pallets/${pallet.id}`);
    const before = await lastEventId(server, w.locationId);
    expect(await call(server, w.manager, 'DELETE', `/api/orders/${order.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call(server, w.manager, 'GET', `/api/orders/${order.id}`)).status).toBe(404);
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => [e.type, e.payload.action])).toEqual([['ORDER_UPDATE', 'delete']]);
    expect((await call(server, w.manager, 'GET', `/api/pallets/${pallet.id}`)).body.order_id).toBeNull();
    expect((await analyticsOf(server, w.locationId, 'order_deleted')).map((e) => e.order_id)).toContain(
      order.id,
    );
  });

  it('completes an order without pallets and reopens it: order_complete, then order_updated', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const before = await lastEventId(server, w.locationId);
    const complete = await call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, {
      status: 'complete',
    });
    expect(complete).toMatchObject({ status: 200, body: { status: 'complete' } });
    // a completed order takes no pallets until it is reopened
    const pallet = await createPallet(server, w.manager, w.locationId);
    const closed = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] }),
    );
    expect(closed.body).toMatchObject({ code: 'ORDER_CLOSED', params: { status: 'complete' } });
    const wrong = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, { status: 'shipped' }),
    );
    expect(wrong.body).toMatchObject({
      code: 'ORDER_STATUS_CHANGE',
      params: { from: 'complete', to: 'shipped' },
    });
    const reopened = await call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, { status: 'open' });
    expect(reopened).toMatchObject({ status: 200, body: { status: 'open' } });
    const events = (await liveEventsAfter(server, w.locationId, before)).filter(
      (e) => e.type === 'ORDER_UPDATE',
    );
    expect(events.map((e) => e.payload)).toEqual([
      { type: 'ORDER_UPDATE', action: 'update', orders: [complete.body], locationId: w.locationId },
      { type: 'ORDER_UPDATE', action: 'update', orders: [reopened.body], locationId: w.locationId },
    ]);
    expect((await analyticsOf(server, w.locationId, 'order_complete')).map((e) => e.order_id)).toContain(
      order.id,
    );
    const [update] = (await analyticsOf(server, w.locationId, 'order_updated')).filter(
      (e) => e.order_id === order.id,
    );
    expect(update).toMatchObject({ previous_state: { status: 'complete' }, new_state: { status: 'open' } });
    expect(
      (await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] }))
        .status,
    ).toBe(200);
    // an order with pallets still in the warehouse is shipped, not completed
    const assigned = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, { status: 'complete' }),
    );
    expect(assigned.body).toMatchObject({
      code: 'ORDER_STATUS_CHANGE',
      params: { from: 'assigned', to: 'complete' },
    });
  });

  it('answers 403 without manage_orders and 404 across locations, writing nothing', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const palletsOnly = await server.createUser({
      permissions: ['manage_pallets'],
      locations: [w.locationId],
    });
    for (const [method, url, body] of [
      ['POST', '/api/orders', { locationId: w.locationId, customer: 'X', requestedPallets: 1 }],
      ['PATCH', `/api/orders/${order.id}`, { customer: 'X' }],
      ['DELETE', `/api/orders/${order.id}`, undefined],
    ] as const) {
      const denied = await expectNothingWritten(server, () => call(server, palletsOnly, method, url, body));
      expect(denied.status).toBe(403);
      const hidden = await expectNothingWritten(server, () => call(server, w.outsider, method, url, body));
      expect(hidden.status).toBe(404);
    }
  });
});

describe('assign, unassign, ship', () => {
  it('assigns pallets as one assignment: ASSIGNMENT_UPDATE with its id, order assigned', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const a = await createPallet(server, w.manager, w.locationId);
    const b = await createPallet(server, w.manager, w.locationId);
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, {
      palletIds: [a.id, b.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      assignmentId: expect.any(String),
      orderId: order.id,
      palletIds: [a.id, b.id],
    });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.payload)).toEqual([
      {
        type: 'ASSIGNMENT_UPDATE',
        palletIds: [a.id, b.id],
        orderId: order.id,
        assignmentId: res.body.assignmentId,
        locationId: w.locationId,
      },
      expect.objectContaining({
        type: 'ORDER_UPDATE',
        action: 'update',
        orders: [
          expect.objectContaining({ status: 'assigned', palletIds: [a.id, b.id], assignedPallets: 2 }),
        ],
      }),
    ]);
    const pallet = await call(server, w.manager, 'GET', `/api/pallets/${a.id}`);
    expect(pallet.body).toMatchObject({ order_id: order.id, assignment_id: res.body.assignmentId });
    const assigned = (await analyticsOf(server, w.locationId, 'pallet_assigned')).filter(
      (e) => e.order_id === order.id,
    );
    expect(assigned.map((e) => e.pallet_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers 409 for a pallet already on another order (or this one) and writes nothing', async () => {
    const first = await createOrder(server, w.manager, w.locationId);
    const second = await createOrder(server, w.manager, w.locationId);
    const taken = await createPallet(server, w.manager, w.locationId);
    const free = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${first.id}/assign`, { palletIds: [taken.id] });
    const other = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/orders/${second.id}/assign`, { palletIds: [free.id, taken.id] }),
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(`Pallet ${taken.id} is already assigned to another order`);
    const same = await call(server, w.manager, 'POST', `/api/orders/${first.id}/assign`, {
      palletIds: [taken.id],
    });
    expect(same.status).toBe(409);
    expect((await call(server, w.manager, 'GET', `/api/pallets/${free.id}`)).body.order_id).toBeNull();
  });

  it('lets exactly one of two racing assignments of the same pallet win; the other gets 409', async () => {
    const orders = [
      await createOrder(server, w.manager, w.locationId),
      await createOrder(server, w.manager, w.locationId),
    ];
    const pallet = await createPallet(server, w.manager, w.locationId);
    const results = await Promise.all(
      orders.map((order) =>
        call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = orders[results.findIndex((r) => r.status === 200)];
    expect((await call(server, w.manager, 'GET', `/api/pallets/${pallet.id}`)).body.order_id).toBe(winner.id);
  });

  it('settles a pallet deleted while it is being assigned or shipped without a 5xx or a deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await createOrder(server, w.manager, w.locationId);
      const onOrder = await createPallet(server, w.manager, w.locationId);
      const loose = await createPallet(server, w.manager, w.locationId);
      await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [onOrder.id] });
      const [assign, removeLoose, removeOnOrder, ship] = await Promise.all([
        call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [loose.id] }),
        call(server, w.manager, 'DELETE', `/api/pallets/${loose.id}`),
        call(server, w.manager, 'DELETE', `/api/pallets/${onOrder.id}`),
        call(server, w.manager, 'POST', `/api/orders/${order.id}/ship`),
      ]);
      // 409: the pallet's order changed under the delete, or the order was shipped before the assign;
      // 422: the pallet was gone before the assign; 404: gone before the delete
      expect([200, 409]).toContain(removeLoose.status);
      expect([200, 409, 422]).toContain(assign.status);
      expect([200, 404, 409]).toContain(removeOnOrder.status);
      expect([200, 409]).toContain(ship.status); // 409 when nothing was left to ship
      const after = await call(server, w.manager, 'GET', `/api/orders/${order.id}`);
      expect(after.body.assignedPallets).toBe(after.body.palletIds.length);
      for (const id of after.body.palletIds)
        expect((await call(server, w.manager, 'GET', `/api/pallets/${id}`)).status).toBe(200);
    }
  });

  it('answers 422 for unknown or foreign pallets and repeated ids', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const foreign = await createPallet(server, w.outsider, w.otherLocationId);
    const unknown = crypto.randomUUID();
    const res = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [foreign.id, unknown] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.details.palletIds).toContain(foreign.id);
    expect(res.body.details.palletIds).toContain(unknown);
    const repeated = await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, {
      palletIds: [unknown, unknown],
    });
    expect(repeated.status).toBe(422);
    const empty = await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [] });
    expect(empty.status).toBe(422);
  });

  it('unassigns a pallet: order open again, pallet updated, pallet_unassigned', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const pallet = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] });
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'DELETE', `/api/orders/${order.id}/pallets/${pallet.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'open', palletIds: [], assignedPallets: 0 });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.type)).toEqual(['PALLET_UPDATE', 'ORDER_UPDATE']);
    expect(events[0].payload.pallets).toEqual([expect.objectContaining({ id: pallet.id, order_id: null })]);
    expect((await analyticsOf(server, w.locationId, 'pallet_unassigned')).map((e) => e.pallet_id)).toContain(
      pallet.id,
    );
    const again = await expectNothingWritten(server, () =>
      call(server, w.manager, 'DELETE', `/api/orders/${order.id}/pallets/${pallet.id}`),
    );
    expect(again.status).toBe(404);
  });

  it('ships an order: pallets shipped and out of storage, order shipped, then it can complete', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const zone = await createZone(server, w.manager, w.locationId);
    const stored = await createPallet(server, w.manager, w.locationId);
    const loose = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', '/api/storage/positions', {
      palletId: stored.id,
      zoneId: zone.id,
      rowIndex: 0,
    });
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, {
      palletIds: [stored.id, loose.id],
    });
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', `/api/orders/${order.id}/ship`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'shipped', shippedAt: expect.any(String), assignedPallets: 2 });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => e.type)).toEqual(['PALLET_UPDATE', 'PALLET_UPDATED', 'ORDER_UPDATE']);
    expect(
      (events[0].payload.pallets as { status: string; storage_zone: null }[]).map((p) => p.status),
    ).toEqual(['shipped', 'shipped']);
    expect(events[1].payload).toEqual({
      type: 'PALLET_UPDATED',
      action: 'update_storage_zone',
      palletId: stored.id,
      zoneId: null,
      storageZone: null,
      locationId: w.locationId,
    });
    expect((await analyticsOf(server, w.locationId, 'order_shipped')).map((e) => e.order_id)).toContain(
      order.id,
    );
    const shipped = (await analyticsOf(server, w.locationId, 'pallet_shipped')).filter(
      (e) => e.order_id === order.id,
    );
    expect(shipped).toHaveLength(2);
    const zoneNow = await call(server, w.manager, 'GET', `/api/storage/zones?locationId=${w.locationId}`);
    expect(zoneNow.body.data.find((z: { id: string }) => z.id === zone.id).rowPallets[0]).toEqual([]);

    const shipAgain = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/orders/${order.id}/ship`),
    );
    expect(shipAgain.status).toBe(409);
    const late = await createPallet(server, w.manager, w.locationId);
    const assignLate = await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, {
      palletIds: [late.id],
    });
    expect(assignLate.status).toBe(409);
    const reuse = await createOrder(server, w.manager, w.locationId);
    const shippedPallet = await call(server, w.manager, 'POST', `/api/orders/${reuse.id}/assign`, {
      palletIds: [loose.id],
    });
    expect(shippedPallet).toMatchObject({
      status: 409,
      body: { message: `Pallet ${loose.id} has already been shipped` },
    });

    const complete = await call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, {
      status: 'complete',
    });
    expect(complete.body.status).toBe('complete');
    expect((await analyticsOf(server, w.locationId, 'order_complete')).map((e) => e.order_id)).toContain(
      order.id,
    );
    // reopened, a shipped order goes back to shipped, and keeps its pallets: it cannot be deleted
    const toOpen = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, { status: 'open' }),
    );
    expect(toOpen.status).toBe(409);
    const reopened = await call(server, w.manager, 'PATCH', `/api/orders/${order.id}`, { status: 'shipped' });
    expect(reopened.body).toMatchObject({ status: 'shipped', shippedAt: res.body.shippedAt });
    const remove = await expectNothingWritten(server, () =>
      call(server, w.manager, 'DELETE', `/api/orders/${order.id}`),
    );
    expect(remove.body).toMatchObject({ code: 'ORDER_HAS_PALLETS', params: { count: 2 } });
  });

  it('answers 409 for shipping an order without pallets', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const res = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', `/api/orders/${order.id}/ship`),
    );
    expect(res).toMatchObject({ status: 409, body: { message: 'The order has no pallets to ship' } });
  });

  it('answers 403 without manage_orders and 404 across locations for assign, unassign and ship', async () => {
    const order = await createOrder(server, w.manager, w.locationId);
    const pallet = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] });
    const storageOnly = await server.createUser({
      permissions: ['manage_pallets', 'manage_storage_assignments'],
      locations: [w.locationId],
    });
    const free = await createPallet(server, w.manager, w.locationId);
    for (const [method, url, body] of [
      ['POST', `/api/orders/${order.id}/assign`, { palletIds: [free.id] }],
      ['DELETE', `/api/orders/${order.id}/pallets/${pallet.id}`, undefined],
      ['POST', `/api/orders/${order.id}/ship`, undefined],
    ] as const) {
      expect(
        (await expectNothingWritten(server, () => call(server, storageOnly, method, url, body))).status,
      ).toBe(403);
      expect(
        (await expectNothingWritten(server, () => call(server, w.outsider, method, url, body))).status,
      ).toBe(404);
    }
  });
});
