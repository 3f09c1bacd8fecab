import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { type AuthUser, assertLocationAccess, canSeeLocation } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { ListCache, type ListSnapshot } from './list-cache';

/**
 * A timestamptz column as the API writes times: ISO 8601 in UTC with milliseconds, the same text
 * `Date.toISOString()` gives, for documents built in SQL (`json_build_object`).
 */
export function isoTime(column: string): RawBuilder<string | null> {
  return sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The id of the last live event of `locationId` (0 before the first), as a SQL expression. */
export function lastEventIdOf(locationId: string): RawBuilder<number> {
  return sql<number>`coalesce((select c.last_id from location_event_counters c where c.location_id = ${locationId}), 0)`;
}

/** How a paged list names its cursor and event id fields (pallet paths: snake_case). */
export interface PageKeys {
  cursor: 'next_cursor' | 'nextCursor';
  lastEventId: 'last_event_id' | 'lastEventId';
}

/**
 * Runs `page` (rows `{id, doc}`, newest first, at most `limit`) and answers the JSON text of
 * `{data, <cursor>, <lastEventId>}`. PostgreSQL builds the documents and the array, several times
 * faster than handing each row to the driver and serializing it again. The cursor is the oldest
 * id of a full page. The last live event id of `locationId` (0 before the first) is read in the
 * same statement, so a client can join this snapshot to the SSE stream without a gap: apply only
 * the events after it.
 */
export async function pageJson(
  db: Kysely<DB>,
  // biome-ignore lint/suspicious/noExplicitAny: any source tables; only the selected columns matter
  page: SelectQueryBuilder<DB, any, { id: string; doc: unknown }>,
  limit: number,
  locationId: string,
  keys: PageKeys,
): Promise<ListSnapshot> {
  const row = await db
    .selectFrom(page.as('page'))
    .select([
      sql<string>`coalesce(json_agg(page.doc order by page.id desc), '[]')::text`.as('data'),
      sql<number>`count(*)`.as('count'),
      sql<string | null>`(array_agg(page.id order by page.id))[1]`.as('oldest'),
      lastEventIdOf(locationId).as('last_event_id'),
    ])
    .executeTakeFirstOrThrow();
  const next = row.count === limit ? JSON.stringify(row.oldest) : 'null';
  return {
    json: `{"data":${row.data},"${keys.cursor}":${next},"${keys.lastEventId}":${row.last_event_id}}`,
    lastEventId: row.last_event_id,
  };
}

/**
 * Takes the row locks of `ids` in `table` until the transaction ends, in id order (two
 * transactions locking overlapping sets never deadlock) and in a statement of its own: a read
 * after it sees every change committed before the lock was granted. (A locking read that joins
 * or sub-selects other tables would still show those as they were before it waited.)
 */
export async function lockRows(
  trx: Kysely<DB>,
  table: 'pallets' | 'orders' | 'storage_zones',
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await trx.selectFrom(table).select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** The most pallets one request may name: an assignment, a move, a take-out or a delete of ticked pallets. */
export const maxPalletsPerRequest = 1000;

/** A list of distinct pallet ids, for a change made to them all at once. */
export const palletIdList = z
  .array(z.uuid())
  .min(1)
  .max(maxPalletsPerRequest)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a pallet' });

/** Query fields of every paged list: `limit` (1–1000, default 100) and `cursor` (an id). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.uuid().optional().describe('next_cursor / nextCursor of the previous page'),
};

/** Path parameters naming one resource; an id that is not a UUID names nothing (404). */
export const idParams = z.object({ id: z.string() });

/** The answer of a DELETE. */
export const successSchema = z.object({ success: z.literal(true) });

/**
 * `row` when it exists and lies in a location `user` may see; CONTRACT's 404 otherwise (a user
 * never learns that another location's resource exists).
 */
export function visible<T>(user: AuthUser, row: T | undefined, locationOf: (row: T) => string): T {
  if (row === undefined || !canSeeLocation(user, locationOf(row))) throw notFound();
  return row;
}

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
