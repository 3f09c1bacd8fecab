import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appendLiveEvent } from '../../server/db/live-events';
import { requireAuth } from '../../server/plugins/auth';
import { refuse } from '../../server/plugins/errors';
import { mutate } from '../../server/plugins/mutate';
import { tablesDigest } from './support/database';
import { setupTestServer, type TestUser } from './support/server';

const logTables = [
  'locations',
  'live_events',
  'location_event_counters',
  'analytics_events',
  'idempotency_keys',
];

/**
 * A route only this file has: creates a location named `name` and logs a live event and an
 * analytics event for `locationId`; `fail` throws after all the writes.
 */
const server = setupTestServer({
  routes: (app) =>
    app.post(
      '/test/things',
      {
        preHandler: requireAuth,
        schema: { body: z.object({ name: z.string(), locationId: z.uuid(), fail: z.boolean().optional() }) },
      },
      (request, reply) =>
        mutate(request, reply, async (trx) => {
          const { name, locationId, fail } = request.body;
          const row = await trx
            .insertInto('locations')
            .values({ name })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (fail) {
            await appendLiveEvent(trx, locationId, { type: 'TEST_UPDATE', name });
            throw refuse('ORDER_HAS_NO_PALLETS', 'Thing failed on purpose');
          }
          return {
            status: 201,
            body: { id: row.id, name },
            live: [{ locationId, message: { type: 'TEST_UPDATE', action: 'add', name } }],
            analytics: [{ event_type: 'system_update', location_id: locationId, notes: name }],
          };
        }),
    ),
});

function post(user: TestUser, body: object, key?: string) {
  const headers: Record<string, string> = { ...user.headers };
  if (key !== undefined) headers['idempotency-key'] = key;
  return server.app.inject({ method: 'POST', url: '/test/things', headers, payload: body });
}

const liveIds = async (locationId: string) =>
  (
    await server.db
      .selectFrom('live_events')
      .select('id')
      .where('location_id', '=', locationId)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('mutate', () => {
  it('commits the writes, the live event and the analytics event together', async () => {
    const ann = await server.createUser();
    const loc = crypto.randomUUID();
    const res = await post(ann, { name: `thing-${loc}`, locationId: loc });
    expect(res.statusCode).toBe(201);
    const live = await server.db
      .selectFrom('live_events')
      .selectAll()
      .where('location_id', '=', loc)
      .execute();
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      id: 1,
      type: 'TEST_UPDATE',
      payload: { type: 'TEST_UPDATE', action: 'add', name: `thing-${loc}`, locationId: loc },
    });
    const events = await server.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('location_id', '=', loc)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_type: 'system_update', user_id: ann.id, notes: `thing-${loc}` });
  });

  it('rolls everything back when the work throws', async () => {
    const ann = await server.createUser();
    const before = await tablesDigest(server.database, logTables);
    const res = await post(ann, { name: 'doomed', locationId: crypto.randomUUID(), fail: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Thing failed on purpose', code: 'ORDER_HAS_NO_PALLETS' });
    expect(await tablesDigest(server.database, logTables)).toEqual(before);
  });

  it('numbers live events per location, increasing without gaps, also under concurrency', async () => {
    const ann = await server.createUser();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(ann, { name: `c-${a}-${i}`, locationId: i % 3 === 0 ? b : a }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(await liveIds(a)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await liveIds(b)).toEqual([1, 2, 3, 4]);
  });
});

describe('appendLiveEvent', () => {
  it('makes ids visible in id order: the next id waits until the holder of the previous one commits', async () => {
    const loc = crypto.randomUUID();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken = () => {};
    const firstTaken = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const first = server.db.transaction().execute(async (trx) => {
      const event = await appendLiveEvent(trx, loc, { type: 'A' });
      taken();
      await held;
      return event.id;
    });
    await firstTaken;
    let secondDone = false;
    const second = server.db
      .transaction()
      .execute(async (trx) => (await appendLiveEvent(trx, loc, { type: 'B' })).id)
      .then((id) => {
        secondDone = true;
        return id;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and applies it once', async () => {
    const ann = await server.createUser();
    const loc = crypto.randomUUID();
    const body = { name: `idem-${loc}`, locationId: loc };
    const first = await post(ann, body, `key-${loc}`);
    const before = await tablesDigest(server.database, logTables);
    const again = await post(ann, body, `key-${loc}`);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await tablesDigest(server.database, logTables)).toEqual(before);
  });

  it('applies concurrent repeats once and answers them all alike', async () => {
    const ann = await server.createUser();
    const loc = crypto.randomUUID();
    const body = { name: `race-${loc}`, locationId: loc };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(ann, body, `race-${loc}`)));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0].statusCode).toBe(201);
    expect(await liveIds(loc)).toEqual([1]);
  });

  it('keeps keys per user, refuses a key reused for another request, and forgets keys after 24 hours', async () => {
    const [ann, bob] = [await server.createUser(), await server.createUser()];
    const loc = crypto.randomUUID();
    expect((await post(ann, { name: `k1-${loc}`, locationId: loc }, 'shared-key')).statusCode).toBe(201);
    expect((await post(bob, { name: `k2-${loc}`, locationId: loc }, 'shared-key')).statusCode).toBe(201);
    expect(await liveIds(loc)).toEqual([1, 2]);

    const other = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...ann.headers, 'idempotency-key': 'shared-key' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().details).toEqual({ 'Idempotency-Key': 'was already used for a different request' });

    await server.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('user_id', '=', ann.id)
      .execute();
    expect((await post(ann, { name: `k3-${loc}`, locationId: loc }, 'shared-key')).statusCode).toBe(201);
    expect(await liveIds(loc)).toEqual([1, 2, 3]);
  });

  it('answers 422 for a malformed key and writes nothing', async () => {
    const ann = await server.createUser();
    const before = await tablesDigest(server.database, logTables);
    const res = await post(ann, { name: 'bad-key', locationId: crypto.randomUUID() }, 'has spaces in it');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().details)).toEqual(['Idempotency-Key']);
    expect(await tablesDigest(server.database, logTables)).toEqual(before);
  });

  it('does not record a failed answer: a retry after a rejection runs again', async () => {
    const ann = await server.createUser();
    const loc = crypto.randomUUID();
    expect((await post(ann, { name: `f-${loc}`, locationId: loc, fail: true }, `f-${loc}`)).statusCode).toBe(
      409,
    );
    expect((await post(ann, { name: `f-${loc}`, locationId: loc }, `f-${loc}`)).statusCode).toBe(201);
  });
});
