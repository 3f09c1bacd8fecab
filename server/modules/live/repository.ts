import { type Kysely, sql } from 'kysely';
import type { LiveEvent } from '../../db/live-events';
import type { DB } from '../../db/schema';

/** What the live module reads from the event log (`live_events` and its counters). */
export interface LiveLog {
  /** The last id given out for the location (0 before its first event). */
  lastId(locationId: string): Promise<number>;
  /** The oldest id the log still holds for the location, if any. */
  oldestId(locationId: string): Promise<number | undefined>;
  /** Up to `limit` committed events with id > `afterId`, in id order. */
  readAfter(locationId: string, afterId: number, limit: number): Promise<Pick<LiveEvent, 'id' | 'payload'>[]>;
}

/** The event log in the server's database. */
export function databaseLiveLog(db: Kysely<DB>): LiveLog {
  return {
    async lastId(locationId) {
      const row = await db
        .selectFrom('location_event_counters')
        .select('last_id')
        .where('location_id', '=', locationId)
        .executeTakeFirst();
      return row?.last_id ?? 0;
    },
    async oldestId(locationId) {
      const row = await db
        .selectFrom('live_events')
        .select('id')
        .where('location_id', '=', locationId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    async readAfter(locationId, afterId, limit) {
      const rows = await db
        .selectFrom('live_events')
        .select(['id', 'payload'])
        .where('location_id', '=', locationId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows as Pick<LiveEvent, 'id' | 'payload'>[];
    },
  };
}

/**
 * Deletes what the log no longer keeps: events older than `retentionMs`, and beyond the newest
 * `retentionEvents` of each location. A client asking for a pruned id gets `event: reset`.
 * Answers how many rows went.
 */
export async function pruneLiveEvents(
  db: Kysely<DB>,
  retention: { retentionMs: number; retentionEvents: number },
): Promise<number> {
  const result = await sql`
    delete from live_events e
    using location_event_counters c
    where e.location_id = c.location_id
      and (e.id <= c.last_id - ${retention.retentionEvents}
        or e.created_at < now() - make_interval(secs => ${retention.retentionMs / 1000}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
