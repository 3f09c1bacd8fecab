import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import type { ListSnapshot } from '../db/sql';
import { assertLocationAccess } from './auth';
import { ListCache } from './list-cache';

/** Query fields of every paged list: `limit` (1–1000, default 100) and `cursor` (an id). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.uuid().optional().describe('next_cursor / nextCursor of the previous page'),
};

/** Path parameters naming one resource; an id that is not a UUID names nothing (404). */
export const idParams = z.object({ id: z.string() });

/** The answer of a DELETE. */
export const successSchema = z.object({ success: z.literal(true) });

const caches = new WeakMap<object, ListCache<Buffer>>();

/**
 * Answers a list of `locationId` (404 unless the caller may see it) whose finished JSON text the
 * database built with `list`, sent as is (not parsed and serialized again). A list read before is
 * answered from memory while the location's last live event id has not moved (see
 * {@link ListCache}; the id is kept in memory, see `SignedInCache`); changes made by hand in SQL
 * show after the location's next event. It is kept as its UTF-8 bytes, encoded once: sent as
 * text, every answer measured and encoded its 60 KB again (a page of 100 pallets), which with the
 * garbage it left was a fifth of the answer's CPU (bench:api: 36 µs a request, 28 as bytes).
 */
export async function sendList(
  request: FastifyRequest,
  reply: FastifyReply,
  locationId: string,
  list: (db: Kysely<DB>) => Promise<ListSnapshot>,
): Promise<FastifyReply> {
  await assertLocationAccess(request, locationId);
  const app = request.server;
  let cache = caches.get(app);
  if (cache === undefined) {
    cache = new ListCache();
    caches.set(app, cache);
  }
  const key = `${request.routeOptions.url}?${JSON.stringify(request.query)}`;
  const head = app.signedIn.head(locationId);
  let json = head === undefined ? undefined : cache.get(key, head);
  if (json === undefined) {
    const generation = app.signedIn.generation;
    const snapshot = await list(app.db);
    json = Buffer.from(snapshot.json);
    cache.set(key, { json, lastEventId: snapshot.lastEventId });
    app.signedIn.keepHead(locationId, snapshot.lastEventId, generation);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
