import { describe, expect, it } from 'vitest';
import { analyticsEventTypes } from '../../server/modules/analytics/repository';
import { textMessages } from '../../server/plugins/text';
import { tablesDigest } from './support/database';
import { setupTestServer, type TestUser } from './support/server';

const server = setupTestServer();
const tables = ['analytics_events', 'analytics_interventions'];
const nul = textMessages.nul;

function record(user: TestUser, body: unknown) {
  return server.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    headers: user.headers,
    payload: body as object,
  });
}

function get(user: TestUser, url: string) {
  return server.app.inject({ method: 'GET', url, headers: user.headers });
}

describe('POST /api/analytics/events', () => {
  it('records a valid event, location_id kept as text (0 allowed)', async () => {
    const loc = await server.createLocation();
    const ann = await server.createUser({ locations: [loc.id] });
    const pallet = crypto.randomUUID();
    const res = await record(ann, {
      event_type: 'pallet_scanned',
      user_id: ann.id,
      location_id: loc.id,
      pallet_id: pallet,
      notes: 'Pallet scanned by operator',
      scan_type: 'qr',
      new_state: { zone: 'A' },
      extra_field: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const row = await server.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_type: 'pallet_scanned',
      user_id: ann.id,
      location_id: loc.id,
      pallet_id: pallet,
      scan_type: 'qr',
      new_state: { zone: 'A' },
    });
    const zero = await record(ann, { event_type: 'system_update', user_id: ann.id, location_id: 0 });
    expect(zero.statusCode).toBe(201);
  });

  it.each([
    [{ user_id: 'U', location_id: '1' }, { event_type: 'event_type is required' }],
    [
      { event_type: 'pallet_danced', user_id: 'U', location_id: '1' },
      { event_type: 'event_type is not allowed' },
    ],
    [{ event_type: 'error', location_id: '1' }, { user_id: 'user_id is required' }],
    [
      { event_type: 'error', user_id: 'not-a-uuid', location_id: '1' },
      { user_id: 'must be a valid UUID format' },
    ],
    [{ event_type: 'error', user_id: 'U' }, { location_id: 'location_id is required' }],
    [
      { event_type: 'error', user_id: 'U', location_id: null },
      { location_id: 'location_id cannot be null or undefined' },
    ],
    [
      { event_type: 'error', user_id: 'U', location_id: '1', pallet_id: 'x', order_id: 12 },
      { pallet_id: 'must be a valid UUID format', order_id: 'must be a valid UUID format' },
    ],
    [
      {
        event_type: 'error',
        user_id: 'U',
        location_id: '1\u0000',
        notes: 'a\u0000b',
        scan_location: '\u0000',
      },
      { location_id: nul, notes: nul, scan_location: nul },
    ],
    [
      {
        event_type: 'error',
        user_id: 'U',
        location_id: '1',
        previous_state: { 'k\u0000': 1 },
        new_state: ['\u0000'],
      },
      { previous_state: nul, new_state: nul },
    ],
  ])('answers 422 with SPEC 5 messages for %j', async (body, details) => {
    const ann = await server.createUser();
    const before = await tablesDigest(server.database, tables);
    const withUser = JSON.parse(JSON.stringify(body).replaceAll('"U"', `"${ann.id}"`));
    const res = await record(ann, withUser);
    expect(res.statusCode).toBe(422);
    // each sentence with its code: a missing value or a wrong type, a bad UUID, an unknown type, NUL
    const codes: Record<string, string> = {
      [nul]: 'TEXT_HAS_NUL',
      'must be a valid UUID format': 'INVALID_FORMAT',
      'event_type is not allowed': 'INVALID_VALUE',
    };
    const fields = Object.fromEntries(
      Object.entries(details).map(([field, message]) => [
        field,
        expect.objectContaining({ code: codes[message as string] ?? 'INVALID_TYPE' }),
      ]),
    );
    expect(res.json()).toEqual({
      message: 'Invalid data provided',
      code: 'VALIDATION_FAILED',
      details,
      fields,
    });
    expect(await tablesDigest(server.database, tables)).toEqual(before);
  });

  it('keeps line breaks and tabs in notes (free text)', async () => {
    const ann = await server.createUser();
    const notes = 'Label torn\n\tre-printed';
    const res = await record(ann, { event_type: 'error', user_id: ann.id, location_id: '1', notes });
    expect(res.statusCode).toBe(201);
    const row = await server.db
      .selectFrom('analytics_events')
      .select('notes')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.notes).toBe(notes);
  });

  it('answers 403 for an event in another user’s name and 404 for a location the user cannot see', async () => {
    const [mine, theirs] = [await server.createLocation(), await server.createLocation()];
    const ann = await server.createUser({ locations: [mine.id] });
    const bob = await server.createUser();
    const before = await tablesDigest(server.database, tables);
    expect(
      (await record(ann, { event_type: 'error', user_id: bob.id, location_id: mine.id })).statusCode,
    ).toBe(403);
    const hidden = await record(ann, { event_type: 'error', user_id: ann.id, location_id: theirs.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('The requested resource was not found');
    expect(await tablesDigest(server.database, tables)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/analytics/events', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/insights reads', () => {
  async function seed() {
    const [loc, other] = [await server.createLocation(), await server.createLocation()];
    const analyst = await server.createUser({ permissions: ['view_analytics'], locations: [loc.id] });
    const pallet = crypto.randomUUID();
    const order = crypto.randomUUID();
    const rows = [
      {
        event_type: 'pallet_created',
        location_id: loc.id,
        pallet_id: pallet,
        created_at: '2026-03-01T08:00:00.000Z',
      },
      {
        event_type: 'pallet_scanned',
        location_id: loc.id,
        pallet_id: pallet,
        created_at: '2026-03-02T08:00:00.000Z',
      },
      {
        event_type: 'order_created',
        location_id: loc.id,
        order_id: order,
        created_at: '2026-03-03T08:00:00.000Z',
      },
      {
        event_type: 'pallet_created',
        location_id: other.id,
        pallet_id: pallet,
        created_at: '2026-03-02T09:00:00.000Z',
      },
    ];
    const ids = await server.db
      .insertInto('analytics_events')
      .values(rows.map((r) => ({ ...r, user_id: analyst.id })))
      .returning('id')
      .execute();
    return { loc, other, analyst, pallet, order, ids: ids.map((r) => r.id) };
  }

  it('event-types lists SPEC 5 types', async () => {
    const analyst = await server.createUser({ permissions: ['view_analytics'] });
    const res = await get(analyst, '/api/insights/event-types');
    expect(res.json()).toEqual({ data: [...analyticsEventTypes] });
  });

  it('events filters by dates, types, pallet and location, newest first, only in the caller’s locations', async () => {
    const { loc, analyst, pallet } = await seed();
    const all = (await get(analyst, '/api/insights/events')).json();
    expect(all.total).toBe(3);
    expect(all.data.map((e: { eventType: string }) => e.eventType)).toEqual([
      'order_created',
      'pallet_scanned',
      'pallet_created',
    ]);
    expect(all.data[0]).toMatchObject({ locationId: loc.id, userId: analyst.id, username: analyst.username });
    const types = encodeURIComponent(JSON.stringify(['pallet_created', 'pallet_scanned']));
    const filtered = (
      await get(
        analyst,
        `/api/insights/events?eventTypes=${types}&startDate=2026-03-02&endDate=2026-03-02&palletId=${pallet}&locationId=${loc.id}`,
      )
    ).json();
    expect(filtered.data.map((e: { eventType: string }) => e.eventType)).toEqual(['pallet_scanned']);
    const paged = (await get(analyst, '/api/insights/events?limit=1&offset=1')).json();
    expect(paged).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(paged.data.map((e: { eventType: string }) => e.eventType)).toEqual(['pallet_scanned']);
  });

  it('answers 404 for a location the caller cannot see and 422 for bad filters', async () => {
    const { other, analyst } = await seed();
    expect((await get(analyst, `/api/insights/events?locationId=${other.id}`)).statusCode).toBe(404);
    const bad = await get(analyst, '/api/insights/events?eventTypes=[oops&limit=0&startDate=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().details).sort()).toEqual(['eventTypes', 'limit', 'startDate']);
    for (const path of ['events', 'stats', 'user-activity']) {
      const res = await get(analyst, `/api/insights/${path}?locationId=${encodeURIComponent('1\u0000')}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual({ locationId: nul });
    }
  });

  it('events/pallet/{id} and events/order/{id} give one thing’s history', async () => {
    const { analyst, pallet, order } = await seed();
    const palletEvents = (await get(analyst, `/api/insights/events/pallet/${pallet}`)).json().data;
    expect(palletEvents.map((e: { eventType: string }) => e.eventType)).toEqual([
      'pallet_scanned',
      'pallet_created',
    ]);
    const orderEvents = (await get(analyst, `/api/insights/events/order/${order}`)).json().data;
    expect(orderEvents).toHaveLength(1);
  });

  it('stats and user-activity summarise the caller’s locations', async () => {
    const { loc, analyst } = await seed();
    const stats = (await get(analyst, `/api/insights/stats?locationId=${loc.id}`)).json();
    expect(stats).toEqual({
      totalEvents: 3,
      uniqueUsers: 1,
      eventsByType: { pallet_created: 1, pallet_scanned: 1, order_created: 1 },
      timeRange: { start: '2026-03-01T08:00:00.000Z', end: '2026-03-03T08:00:00.000Z' },
    });
    const activity = (await get(analyst, `/api/insights/user-activity?locationId=${loc.id}`)).json();
    expect(activity).toEqual({
      data: [
        {
          userId: analyst.id,
          username: analyst.username,
          eventCount: 3,
          lastEventAt: '2026-03-03T08:00:00.000Z',
        },
      ],
    });
  });

  it('needs view_analytics: 403 otherwise, 401 with an expired token', async () => {
    const ann = await server.createUser({ permissions: ['manage_pallets'] });
    for (const url of ['event-types', 'events', 'stats', 'user-activity']) {
      expect((await get(ann, `/api/insights/${url}`)).statusCode).toBe(403);
    }
    const expired = { ...ann, headers: { authorization: `Bearer ${await server.tokenFor(ann.id, -1)}` } };
    expect((await get(expired, '/api/insights/stats')).statusCode).toBe(401);
  });

  it('records an intervention on an event, with an intervention_added event; 404 across locations', async () => {
    const { analyst, ids, pallet, loc } = await seed();
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/insights/events/${ids[0]}/intervention`,
      headers: analyst.headers,
      payload: { notes: 'Checked the label by hand', action: 'relabel' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      eventId: ids[0],
      userId: analyst.id,
      body: { notes: 'Checked the label by hand', action: 'relabel' },
    });
    const added = await server.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('event_type', '=', 'intervention_added')
      .where('location_id', '=', loc.id)
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      pallet_id: pallet,
      user_id: analyst.id,
      notes: 'Checked the label by hand',
    });

    const before = await tablesDigest(server.database, tables);
    const hidden = await server.app.inject({
      method: 'POST',
      url: `/api/insights/events/${ids[3]}/intervention`,
      headers: analyst.headers,
      payload: { notes: 'not mine' },
    });
    expect(hidden.statusCode).toBe(404);
    const plain = await server.createUser({ locations: [loc.id] });
    const forbidden = await server.app.inject({
      method: 'POST',
      url: `/api/insights/events/${ids[0]}/intervention`,
      headers: plain.headers,
      payload: { notes: 'no flag' },
    });
    expect(forbidden.statusCode).toBe(403);
    for (const [payload, field] of [
      [{ notes: 'a\u0000' }, 'notes'],
      [{ action: { steps: ['\u0000'] } }, 'action'],
    ] as const) {
      const refused = await server.app.inject({
        method: 'POST',
        url: `/api/insights/events/${ids[0]}/intervention`,
        headers: analyst.headers,
        payload,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().details).toEqual({ [field]: nul });
    }
    expect(await tablesDigest(server.database, tables)).toEqual(before);
  });
});
