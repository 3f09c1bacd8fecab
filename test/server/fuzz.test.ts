import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { maxJsonDepth } from '../../server/plugins/json-body';
import { textMessages } from '../../server/plugins/text';
import { type ErrorCode, errorStatuses, fieldErrorCodes } from '../../streams/http/error-codes';
import { tablesDigest } from './support/database';
import { writtenTables } from './support/route-table';
import { setupTestServer, type TestUser } from './support/server';

/**
 * Random and malformed bodies and ids thrown at every POST/PATCH/PUT route of the auth, users,
 * permissions, locations and analytics modules, by an administrator (so validation, not
 * permission, decides): never a 5xx, and a refused request changes no row. Besides wild bodies,
 * each route gets valid bodies with a field or two replaced, and text holds control characters
 * and NUL often (PostgreSQL cannot store NUL: a field letting it through answers 500). (`login_failures` is
 * left out: recording a failed sign-in is what a refused login is for.)
 */
const server = setupTestServer();
let admin: TestUser;
let targetId: string;
let eventId: string;

beforeAll(async () => {
  admin = await server.createUser({ admin: true });
  targetId = (await server.createUser()).id;
  const loc = await server.createLocation();
  eventId = (
    await server.db
      .insertInto('analytics_events')
      .values({ event_type: 'error', location_id: loc.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const fieldNames = [
  'username',
  'password',
  'rememberMe',
  'refreshToken',
  'currentPassword',
  'newPassword',
  'admin',
  'first_login',
  'desktop_access',
  'mobile_access',
  'permissions',
  'locationIds',
  'name',
  'data',
  'restriction_key',
  'event_type',
  'user_id',
  'location_id',
  'pallet_id',
  'order_id',
  'notes',
  'new_state',
  'dueDate',
];
/**
 * Hostile text: control characters, NUL, tabs, line breaks and lone UTF-16 surrogates (JSON's
 * `"\ud800"`, which jsonb refuses) among plain characters.
 */
const hostile = fc.string({
  minLength: 1,
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\u007f', '\ud800', '\udfff'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});
/** Dates and instants outside PostgreSQL's years, and a few inside, as text. */
const edgeDate = fc.constantFrom(
  '0000-01-01',
  '9999-12-31',
  '0001-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-14:00',
  '2026-02-30',
);
const text = fc.oneof(fc.string(), hostile, edgeDate);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.array(fc.oneof(text, fc.uuid(), fc.record({ name: text })), { maxLength: 3 }),
  fc.dictionary(text, fc.oneof(fc.boolean(), text), { maxKeys: 3 }),
);
/** A body: any JSON, an object of known field names with wild values, or raw broken text. */
const wild = fc.oneof(
  fc.jsonValue().map((json) => ({ raw: JSON.stringify(json) })),
  fc
    .dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 })
    .map((obj) => ({ raw: JSON.stringify(obj) })),
  fc.string().map((raw) => ({ raw })),
);
/** A route's valid body (made when drawn, once beforeAll ran) with one or two fields replaced. */
const changed = (valid: () => Record<string, unknown>) =>
  fc.constant(null).chain(() => {
    const base = valid();
    return fc
      .dictionary(fc.constantFrom(...Object.keys(base)), fc.oneof(hostile, value), { minKeys: 1, maxKeys: 2 })
      .map((changes) => ({ raw: JSON.stringify({ ...base, ...changes }) }));
  });
/** An id known only once beforeAll ran, read when a value is drawn. */
const existing = (get: () => string) => fc.constant(null).map(get);
const id = (known: () => string) =>
  fc.oneof(
    existing(known),
    fc.uuid(),
    // a URL cannot carry a lone surrogate (encodeURIComponent throws)
    text.filter((x) => x.length > 0 && x.isWellFormed()),
  );
const userPath = (suffix: string) =>
  id(() => targetId).map((x) => `/api/users/${encodeURIComponent(x)}${suffix}`);

const routes: {
  method: 'POST' | 'PATCH' | 'PUT';
  path: fc.Arbitrary<string>;
  signedIn: boolean;
  valid?: () => Record<string, unknown>;
}[] = [
  {
    method: 'POST',
    path: fc.constant('/api/auth/login'),
    signedIn: false,
    valid: () => ({ username: 'fuzz', password: 'fuzz-password' }),
  },
  {
    method: 'POST',
    path: fc.constant('/api/auth/refresh-token'),
    signedIn: false,
    valid: () => ({ refreshToken: 'fuzz' }),
  },
  {
    method: 'POST',
    path: fc.constant('/api/auth/change-password'),
    signedIn: true,
    valid: () => ({ currentPassword: 'not-the-password', newPassword: 'fuzz-password-2' }),
  },
  {
    method: 'POST',
    path: fc.constant('/api/users'),
    signedIn: true,
    valid: () => ({ username: 'fuzz', password: 'fuzz-password-2' }),
  },
  { method: 'PATCH', path: userPath(''), signedIn: true, valid: () => ({ username: 'fuzzed' }) },
  {
    method: 'PUT',
    path: userPath('/permissions').map((p) => `/api/permissions${p.slice(4)}`),
    signedIn: true,
  },
  {
    method: 'PUT',
    path: userPath('/restrictions').map((p) => `/api/permissions${p.slice(4)}`),
    signedIn: true,
    valid: () => ({ data: [{ restriction_key: 'mobile.storage_map' }] }),
  },
  { method: 'POST', path: fc.constant('/api/locations'), signedIn: true, valid: () => ({ name: 'Fuzz' }) },
  {
    method: 'POST',
    path: fc.constant('/api/analytics/events'),
    signedIn: true,
    valid: () => ({ event_type: 'error', user_id: admin.id, location_id: 'fuzz', notes: 'n', new_state: {} }),
  },
  {
    method: 'POST',
    path: id(() => eventId).map((x) => `/api/insights/events/${encodeURIComponent(x)}/intervention`),
    signedIn: true,
    valid: () => ({ notes: 'n', action: 'a' }),
  },
];

/** The written tables' digest while no request has changed them since it was taken. */
let unchanged: Record<string, string> | undefined;

describe.each(routes.map((r) => [r.method, r] as const))('%s route fuzz', (_, route) => {
  it('never answers 5xx and never writes on a refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        route.path,
        route.valid
          ? fc.oneof({ arbitrary: wild, weight: 1 }, { arbitrary: changed(route.valid), weight: 2 })
          : wild,
        async (path, { raw }) => {
          // nothing else writes between two requests: what the last one left is this one's before
          unchanged ??= await tablesDigest(server.database, writtenTables);
          const before = unchanged;
          const res = await server.app.inject({
            method: route.method,
            url: path,
            headers: { 'content-type': 'application/json', ...(route.signedIn ? admin.headers : {}) },
            payload: raw,
          });
          expect(res.statusCode, `${route.method} ${path} ${raw} → ${res.body}`).toBeLessThan(500);
          expect(res.json()).toEqual(expect.any(Object));
          if (res.statusCode >= 400) {
            const body = res.json();
            expect(body).toEqual({
              message: expect.any(String),
              code: expect.any(String),
              ...(body.params && { params: expect.any(Object) }),
              ...(body.details && { details: expect.any(Object), fields: expect.any(Object) }),
            });
            // a catalogue code answered with its own status; every field complaint has a code
            expect(errorStatuses[body.code as ErrorCode]).toBe(res.statusCode);
            for (const field of Object.keys(body.details ?? {}))
              expect(fieldErrorCodes).toContain(body.fields[field].code);
            expect(await tablesDigest(server.database, writtenTables)).toEqual(before);
          } else unchanged = undefined;
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('reads filtered by dates', () => {
  it("never answer 5xx to any date, in PostgreSQL's years or not", async () => {
    const location = await server.createLocation();
    const path = fc.constantFrom(
      '/api/insights/events',
      '/api/insights/stats',
      '/api/insights/user-activity',
      `/api/dashboard/overview?locationId=${location.id}`,
    );
    const dates = fc.record(
      {
        startDate: fc.oneof(edgeDate, text),
        endDate: fc.oneof(edgeDate, text),
        shippedFrom: edgeDate,
        shippedTo: edgeDate,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(path, dates, async (url, query) => {
        const res = await server.app.inject({ method: 'GET', url, query, headers: admin.headers });
        expect(res.statusCode, `${url} ${JSON.stringify(query)}: ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('answers 422 for a year PostgreSQL cannot hold, and reads up to 9999-12-31', async () => {
    const read = (query: Record<string, string>) =>
      server.app.inject({ method: 'GET', url: '/api/insights/stats', query, headers: admin.headers });
    expect((await read({ startDate: '0000-01-01' })).statusCode).toBe(422);
    expect((await read({ startDate: '0001-01-01T00:00:00+01:00' })).statusCode).toBe(422);
    expect((await read({ endDate: '9999-12-31' })).statusCode).toBe(200);
    expect((await read({ endDate: '9999-12-31T23:59:59.999Z' })).statusCode).toBe(200);
  });
});

describe('bodies PostgreSQL cannot store', () => {
  const intervention = () => `/api/insights/events/${eventId}/intervention`;
  const post = (url: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload,
    });

  it('answers 422 naming the field for a lone surrogate in a string or a key, writing nothing', async () => {
    const before = await tablesDigest(server.database, writtenTables);
    const event = (extra: string) =>
      `{"event_type":"error","user_id":"${admin.id}","location_id":"x",${extra}}`;
    for (const [url, payload, field] of [
      ['/api/analytics/events', event('"notes":"\\ud800"'), 'notes'],
      ['/api/analytics/events', event('"new_state":{"a":["\\udc00"]}'), 'new_state.a.0'],
      ['/api/analytics/events', event('"new_state":{"\\udc00":1}'), 'new_state.\udc00'],
      [intervention(), '{"notes":"ok \\ud800"}', 'notes'],
    ]) {
      const res = await post(url, payload);
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().details).toEqual({ [field]: textMessages.surrogate });
    }
    expect(await tablesDigest(server.database, writtenTables)).toEqual(before);
  });

  it(`answers 400 for a body nested deeper than ${maxJsonDepth} levels, and takes one that deep`, async () => {
    const nested = (depth: number) => `{"notes":"n","deep":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const deep = await post(intervention(), nested(20_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      message: expect.stringContaining('nests deeper'),
      code: 'BODY_TOO_DEEP',
      params: { maxDepth: maxJsonDepth },
    });
    expect((await post(intervention(), nested(maxJsonDepth))).statusCode).toBe(201);
  });
});
