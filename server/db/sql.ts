import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from './schema';

/** A list as the database built it: its JSON (text, or its bytes) and the live event id it is current with. */
export interface ListSnapshot<Json extends string | Buffer = string> {
  json: Json;
  lastEventId: number;
}

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

/** Answers once the database answers a query (throws its error otherwise). */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
