import { beforeAll, describe, expect, it } from 'vitest';
import { permissionFlags } from '../../server/modules/permissions/flags';
import { tablesDigest } from './support/database';
import { type RouteIds, routeTable, writtenTables } from './support/route-table';
import { setupTestServer } from './support/server';

const server = setupTestServer();
let ids: RouteIds;

beforeAll(async () => {
  const target = await server.createUser();
  const loc = await server.createLocation();
  const event = await server.db
    .insertInto('analytics_events')
    .values({ event_type: 'error', location_id: loc.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids = { userId: target.id, eventId: event.id };
});

const label = (r: (typeof routeTable)[number]) =>
  `${r.method} ${r.path({ userId: '{id}', eventId: '{id}' })}`;

describe.each(routeTable.map((r) => [label(r), r] as const))('%s', (_, route) => {
  it('answers 401 without a token, with an expired one and with a malformed header; writes nothing', async () => {
    const someone = await server.createUser({ admin: true });
    const before = await tablesDigest(server.database, writtenTables);
    for (const authorization of [
      undefined,
      `Bearer ${await server.tokenFor(someone.id, -1)}`,
      someone.token,
    ]) {
      const res = await server.app.inject({
        method: route.method,
        url: route.path(ids),
        headers: authorization ? { authorization } : {},
        payload: route.body as object,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Session expired. Please login again.', code: 'UNAUTHORIZED' });
    }
    expect(await tablesDigest(server.database, writtenTables)).toEqual(before);
  });

  if (route.needs) {
    it(`answers 403 without ${route.needs} (every other flag held); writes nothing`, async () => {
      const caller = await server.createUser({
        permissions: permissionFlags.filter((f) => f !== route.needs),
      });
      const before = await tablesDigest(server.database, writtenTables);
      const res = await server.app.inject({
        method: route.method,
        url: route.path(ids),
        headers: caller.headers,
        payload: route.body as object,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You do not have permission to perform this action',
        code: 'FORBIDDEN',
      });
      expect(await tablesDigest(server.database, writtenTables)).toEqual(before);
    });
  }
});
