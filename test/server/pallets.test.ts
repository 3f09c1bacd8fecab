import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { palletPageSchema } from '../../server/modules/pallets/schemas';
import { palletSchema } from '../../streams/live/pallet-schema';
import {
  analyticsOf,
  call,
  createOrder,
  createPallet,
  expectNothingWritten,
  lastEventId,
  liveEventsAfter,
  palletValues,
  setupWarehouse,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse();

describe('POST /api/pallets', () => {
  it('creates a pallet with its QR content, logs PALLET_UPDATE add and pallet_created', async () => {
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'POST', '/api/pallets', {
      locationId: w.locationId,
      ...palletValues,
    });
    expect(res.status).toBe(201);
    const pallet = palletSchema.parse(res.body);
    expect(pallet).toMatchObject({
      location_id: w.locationId,
      pallet_type: 'Euro',
      box_type: 'Crate 30x40',
      tomato_type: 'Round',
      tomato_option: 'Class I',
      weight: 612.5,
      status: 'active',
      version: 1,
      order_id: null,
      storage_zone: null,
      added_by: w.manager.id,
      shipped_at: null,
    });
    expect(pallet.qr_code).toBe(`{"id":"${pallet.id}"}`);
    expect(JSON.parse(pallet.qr_code)).toEqual({ id: pallet.id });
    expect(new Date(pallet.created_at).toISOString()).toBe(pallet.created_at);
    // the answer is built at the insert: the same document a read of the pallet answers
    expect(res.body).toEqual((await call(server, w.manager, 'GET', `/api/pallets/${pallet.id}`)).body);

    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events).toEqual([
      {
        id: before + 1,
        type: 'PALLET_UPDATE',
        payload: { type: 'PALLET_UPDATE', action: 'add', pallets: [pallet], locationId: w.locationId },
      },
    ]);
    const [created] = (await analyticsOf(server, w.locationId, 'pallet_created')).filter(
      (e) => e.pallet_id === pallet.id,
    );
    expect(created).toMatchObject({
      user_id: w.manager.id,
      new_state: { tomato_type: 'Round', weight: 612.5 },
    });
  });

  it('answers 422 naming each value the catalogue does not list, and writes nothing', async () => {
    const res = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/pallets', {
        locationId: w.locationId,
        ...palletValues,
        tomatoType: 'Banana',
        boxType: 'Sack',
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Invalid data provided',
      code: 'VALIDATION_FAILED',
      details: {
        boxType: 'must be one of: Crate 30x40, Carton 5 kg',
        tomatoType: 'must be one of: Round, Vine, Cherry',
      },
      fields: {
        boxType: { code: 'NOT_IN_CATALOG', params: { values: ['Crate 30x40', 'Carton 5 kg'] } },
        tomatoType: { code: 'NOT_IN_CATALOG', params: { values: ['Round', 'Vine', 'Cherry'] } },
      },
    });
  });

  it('answers 422 with field details for a body that fails the schema', async () => {
    const res = await expectNothingWritten(server, () =>
      call(server, w.manager, 'POST', '/api/pallets', { locationId: 'nope', ...palletValues, weight: -3 }),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['locationId', 'weight']);
  });

  it('answers 403 without manage_pallets and 404 for a location the user cannot see', async () => {
    const viewer = await server.createUser({ permissions: ['desktop_access'], locations: [w.locationId] });
    const denied = await expectNothingWritten(server, () =>
      call(server, viewer, 'POST', '/api/pallets', { locationId: w.locationId, ...palletValues }),
    );
    expect(denied.status).toBe(403);
    const hidden = await expectNothingWritten(server, () =>
      call(server, w.outsider, 'POST', '/api/pallets', { locationId: w.locationId, ...palletValues }),
    );
    expect(hidden.status).toBe(404);
  });

  it('applies a request repeated with the same Idempotency-Key once and answers it alike', async () => {
    const headers = { 'idempotency-key': `pallet-${crypto.randomUUID()}` };
    const body = { locationId: w.locationId, ...palletValues, weight: 333 };
    const first = await call(server, w.manager, 'POST', '/api/pallets', body, headers);
    const eventsAfterFirst = await lastEventId(server, w.locationId);
    const second = await call(server, w.manager, 'POST', '/api/pallets', body, headers);
    expect(second).toEqual(first);
    expect(await lastEventId(server, w.locationId)).toBe(eventsAfterFirst);
    const rows = await server.db.selectFrom('pallets').select('id').where('weight', '=', 333).execute();
    expect(rows).toEqual([{ id: first.body.id }]);
  });
});

describe('POST /api/pallets with the id the client made (a phone offline)', () => {
  const make = (id: unknown, key?: string, user = w.manager) =>
    call(
      server,
      user,
      'POST',
      '/api/pallets',
      { id, locationId: w.locationId, ...palletValues },
      key === undefined ? {} : { 'idempotency-key': key },
    );

  it('makes the pallet under that id, its QR content naming it', async () => {
    const id = crypto.randomUUID();
    const res = await make(id, `make-${id}`);
    expect(res.status).toBe(201);
    expect(palletSchema.parse(res.body)).toMatchObject({ id, qr_code: `{"id":"${id}"}`, version: 1 });
    expect((await call(server, w.manager, 'GET', `/api/pallets/${id}`)).body).toEqual(res.body);
  });

  it('answers a repeat of the same Idempotency-Key with the same pallet, made once', async () => {
    const id = crypto.randomUUID();
    const first = await make(id, `make-${id}`);
    const eventsAfterFirst = await lastEventId(server, w.locationId);
    const again = await make(id, `make-${id}`);
    expect(again).toEqual(first);
    expect(first.status).toBe(201);
    expect(await lastEventId(server, w.locationId)).toBe(eventsAfterFirst);
    expect(await server.db.selectFrom('pallets').select('id').where('id', '=', id).execute()).toHaveLength(1);
    const created = (await analyticsOf(server, w.locationId, 'pallet_created')).filter(
      (e) => e.pallet_id === id,
    );
    expect(created).toHaveLength(1);
  });

  it('refuses an id a pallet already has under another key, or none, or by another user: 409 PALLET_ID_TAKEN, nothing written', async () => {
    const id = crypto.randomUUID();
    expect((await make(id, `make-${id}`)).status).toBe(201);
    for (const refused of [
      () => make(id, `other-${id}`),
      () => make(id),
      () => make(id, `make-${id}`, w.admin),
    ]) {
      const res = await expectNothingWritten(server, refused);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'PALLET_ID_TAKEN',
        params: { palletId: id },
        message: `A pallet with id ${id} already exists`,
      });
    }
  });

  it('makes two pallets sent at once under the same id only once: the other is refused', async () => {
    const id = crypto.randomUUID();
    const answers = await Promise.all([make(id, `a-${id}`), make(id, `b-${id}`)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await server.db.selectFrom('pallets').select('id').where('id', '=', id).execute()).toHaveLength(1);
  });

  it('answers 422 for an id that is not a UUID, and writes nothing', async () => {
    for (const id of ['pallet-1', 42, '', `${crypto.randomUUID()}x`]) {
      const res = await expectNothingWritten(server, () => make(id, `bad-${crypto.randomUUID()}`));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details)).toEqual(['id']);
    }
  });
});

describe('GET /api/pallets', () => {
  let loc: string;
  let ids: string[];

  beforeAll(async () => {
    loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', {
      locationId: loc,
      palletType: ['Euro', 'Block'],
      boxType: ['Crate 30x40'],
      tomatoType: ['Round', 'Cherry'],
      tomatoOption: ['Class I'],
    });
    ids = [];
    for (let i = 0; i < 5; i++) {
      const pallet = await createPallet(server, w.admin, loc, {
        tomatoType: i % 2 === 0 ? 'Round' : 'Cherry',
        palletType: i < 2 ? 'Block' : 'Euro',
      });
      ids.push(pallet.id);
    }
  });

  const list = (query: string, user = w.admin) =>
    call(server, user, 'GET', `/api/pallets?locationId=${loc}${query}`);

  it('lists active pallets newest first with the last live event id', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    const page = palletPageSchema.parse(res.body);
    expect(page.data.map((p) => p.id)).toEqual([...ids].reverse());
    expect(page.next_cursor).toBeNull();
    expect(page.last_event_id).toBe(await lastEventId(server, loc));
  });

  it('pages with limit and cursor', async () => {
    const first = await list('&limit=2');
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.next_cursor).toBe(ids[3]);
    const second = await list(`&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const third = await list(`&limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();
  });

  it('filters by attribute values, status and order', async () => {
    const cherry = await list('&tomatoType=Cherry');
    expect(cherry.body.data.map((p: { id: string }) => p.id)).toEqual([ids[3], ids[1]]);
    const block = await list('&palletType=Block&tomatoType=Round');
    expect(block.body.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const none = await list('&boxType=Carton');
    expect(none.body.data).toEqual([]);

    const order = await createOrder(server, w.admin, loc);
    await call(server, w.admin, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [ids[1], ids[2]] });
    const onOrder = await list(`&orderId=${order.id}`);
    expect(onOrder.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    await call(server, w.admin, 'POST', `/api/orders/${order.id}/ship`);
    expect((await list('')).body.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3], ids[0]]);
    expect((await list('&status=shipped')).body.data.map((p: { id: string }) => p.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect((await list('&status=all')).body.data).toHaveLength(5);
  });

  it('answers a page read before from memory until the location has a new live event, from any process once it hears of it', async () => {
    const config = {
      ...loadConfig({}),
      dataDir: 'memory://',
      databaseUrl: server.database.url,
      demoData: false,
    };
    const other = await buildApp(config, { database: server.database, logger: false });
    try {
      const first = await list('&tomatoType=Round&limit=3');
      await server.db
        .insertInto('pallets')
        .values({
          location_id: loc,
          pallet_type: 'Euro',
          box_type: 'Crate 30x40',
          tomato_type: 'Round',
          tomato_option: 'Class I',
          weight: 1,
        })
        .execute();
      // written by hand, without a live event: the page stays as of its last_event_id
      expect(await list('&tomatoType=Round&limit=3')).toEqual(first);
      const posted = await other.inject({
        method: 'POST',
        url: '/api/pallets',
        headers: w.admin.headers,
        payload: { locationId: loc, ...palletValues, palletType: 'Block', boxType: 'Crate 30x40' },
      });
      expect(posted.statusCode).toBe(201);
      // this process hears of the other's event by its notification, a moment after the commit
      await expect
        .poll(async () => (await list('&tomatoType=Round&limit=3')).body.last_event_id, { interval: 5 })
        .toBe(first.body.last_event_id + 1);
      const after = await list('&tomatoType=Round&limit=3');
      expect(after.body.data[0].id).toBe(posted.json().id);
      expect(after.body.data[1].weight).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('answers 404 for a location the user cannot see and 422 for a bad query', async () => {
    expect((await list('', w.outsider)).status).toBe(404);
    const bad = await list('&limit=0&status=gone&cursor=x');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['cursor', 'limit', 'status']);
    expect((await call(server, w.admin, 'GET', '/api/pallets')).status).toBe(422);
  });
});

describe('GET/PATCH/DELETE /api/pallets/{id}', () => {
  it('reads one pallet; 404 for another location, an unknown id or a malformed one', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    const res = await call(server, w.manager, 'GET', `/api/pallets/${pallet.id}`);
    expect(res).toEqual({ status: 200, body: pallet });
    expect((await call(server, w.outsider, 'GET', `/api/pallets/${pallet.id}`)).status).toBe(404);
    expect((await call(server, w.manager, 'GET', `/api/pallets/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(server, w.manager, 'GET', '/api/pallets/42')).status).toBe(404);
  });

  it('changes a pallet at the current version, raising it, and logs the update', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'PATCH', `/api/pallets/${pallet.id}`, {
      version: 1,
      tomatoType: 'Vine',
      weight: 700,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: pallet.id, tomato_type: 'Vine', weight: 700, version: 2 });
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => [e.type, e.payload.action])).toEqual([['PALLET_UPDATE', 'update']]);
    expect(events[0].payload.pallets).toEqual([res.body]);
    const [updated] = (await analyticsOf(server, w.locationId, 'pallet_updated')).filter(
      (e) => e.pallet_id === pallet.id,
    );
    expect(updated.previous_state).toMatchObject({ tomato_type: 'Round', weight: 612.5, version: 1 });
    expect(updated.new_state).toMatchObject({ tomato_type: 'Vine', weight: 700, version: 2 });
  });

  it('answers 409 for a stale version and writes nothing', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    await call(server, w.manager, 'PATCH', `/api/pallets/${pallet.id}`, { version: 1, weight: 500 });
    const stale = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/pallets/${pallet.id}`, { version: 1, weight: 400 }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(stale.body.params).toEqual({ version: 2, given: 1 });
    expect(stale.body.message).toMatch(/changed by someone else.*version 2/);
  });

  it('answers 422 for a value outside the catalogue or an empty change, 403 without the flag', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    const outside = await expectNothingWritten(server, () =>
      call(server, w.manager, 'PATCH', `/api/pallets/${pallet.id}`, { version: 1, palletType: 'Pallet box' }),
    );
    expect(outside.status).toBe(422);
    expect(outside.body.details).toEqual({ palletType: 'must be one of: Euro, Block' });
    const empty = await call(server, w.manager, 'PATCH', `/api/pallets/${pallet.id}`, { version: 1 });
    expect(empty.status).toBe(422);
    expect(empty.body.details).toEqual({
      body: 'send at least one of palletType, boxType, tomatoType, tomatoOption, weight',
    });
    const viewer = await server.createUser({ permissions: ['manage_orders'], locations: [w.locationId] });
    const denied = await expectNothingWritten(server, () =>
      call(server, viewer, 'PATCH', `/api/pallets/${pallet.id}`, { version: 1, weight: 1 }),
    );
    expect(denied.status).toBe(403);
    const hidden = await expectNothingWritten(server, () =>
      call(server, w.outsider, 'PATCH', `/api/pallets/${pallet.id}`, { version: 1, weight: 1 }),
    );
    expect(hidden.status).toBe(404);
  });

  it('deletes a pallet, logging PALLET_UPDATE delete and the order it left', async () => {
    const pallet = await createPallet(server, w.manager, w.locationId);
    const order = await createOrder(server, w.manager, w.locationId);
    await call(server, w.manager, 'POST', `/api/orders/${order.id}/assign`, { palletIds: [pallet.id] });
    const before = await lastEventId(server, w.locationId);
    const res = await call(server, w.manager, 'DELETE', `/api/pallets/${pallet.id}`);
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect((await call(server, w.manager, 'GET', `/api/pallets/${pallet.id}`)).status).toBe(404);
    const events = await liveEventsAfter(server, w.locationId, before);
    expect(events.map((e) => [e.type, e.payload.action])).toEqual([
      ['PALLET_UPDATE', 'delete'],
      ['ORDER_UPDATE', 'update'],
    ]);
    expect(events[1].payload.orders).toEqual([
      expect.objectContaining({ id: order.id, status: 'open', palletIds: [], assignedPallets: 0 }),
    ]);
    const deleted = (await analyticsOf(server, w.locationId, 'pallet_deleted')).filter(
      (e) => e.pallet_id === pallet.id,
    );
    expect(deleted).toHaveLength(1);
    expect(deleted[0].order_id).toBe(order.id);
    expect((await call(server, w.outsider, 'DELETE', `/api/pallets/${order.id}`)).status).toBe(404);
  });
});
