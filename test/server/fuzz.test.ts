import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
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
];
/** Hostile text: control characters, NUL, tabs and line breaks among plain characters. */
const hostile = fc.string({
  minLength: 1,
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\u007f'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});
const text = fc.oneof(fc.string(), hostile);
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
    text.filter((x) => x.length > 0),
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

describe.each(routes.map((r) => [r.method, r] as const))('%s route fuzz', (_, route) => {
  it('never answers 5xx and never writes on a refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        route.path,
        route.valid
          ? fc.oneof({ arbitrary: wild, weight: 1 }, { arbitrary: changed(route.valid), weight: 2 })
          : wild,
        async (path, { raw }) => {
          const before = await tablesDigest(server.database, writtenTables);
          const res = await server.app.inject({
            method: route.method,
            url: path,
            headers: { 'content-type': 'application/json', ...(route.signedIn ? admin.headers : {}) },
            payload: raw,
          });
          expect(res.statusCode, `${route.method} ${path} ${raw} → ${res.body}`).toBeLessThan(500);
          expect(res.json()).toEqual(expect.any(Object));
          if (res.statusCode >= 400) {
            expect(res.json()).toEqual({
              message: expect.any(String),
              code: expect.any(String),
              ...(res.json().details && { details: expect.any(Object) }),
            });
            expect(await tablesDigest(server.database, writtenTables)).toEqual(before);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
