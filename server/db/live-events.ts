import { sql, type Transaction } from 'kysely';
import { liveWritten } from '../metrics';
import { precompiled } from './index';
import { liveChannel } from './notify';
import type { DB } from './schema';

/**
 * A live message of SPEC 7 / CONTRACT "Live events" (PALLET_UPDATE, ORDER_UPDATE,
 * ASSIGNMENT_UPDATE, STORAGE_POSITION_UPDATE, PALLET_UPDATED), without `locationId`:
 * {@link appendLiveEvent} adds it. Example: `{ type: 'PALLET_UPDATE', action: 'add', pallets: [p] }`.
 */
export interface LiveMessage {
  type: string;
  [field: string]: unknown;
}

/** A logged live event as stored: `payload` is the message with `type` and `locationId`. */
export interface LiveEvent {
  id: number;
  locationId: string;
  type: string;
  payload: LiveMessage & { locationId: string };
  createdAt: string;
}

/**
 * Appends `message` to `locationId`'s live event log inside the caller's transaction `trx`
 * (normally through `mutate`, never on its own), so the event exists iff the change commits.
 * The id comes from the location's counter row, incremented with a row lock held until commit:
 * ids become visible in id order (a reader that saw n never later finds a new n - 1).
 * Answers the logged event. It also queues a NOTIFY (location and id only), delivered to every
 * process's LISTEN when the transaction commits; the SSE module then reads `live_events`.
 */
export async function appendLiveEvent(
  trx: Transaction<DB>,
  locationId: string,
  message: LiveMessage,
): Promise<LiveEvent> {
  const payload = { ...message, locationId };
  const [row] = await appendStatement(trx, locationId, message.type, JSON.stringify(payload), liveChannel);
  liveWritten.inc();
  return { id: row.id, locationId, type: message.type, payload, createdAt: row.created_at };
}

/**
 * Counter, log row and notification in one statement: a mutation's commit path is its slowest
 * part, and each statement is a round trip (a parse and a plan on the embedded engine).
 */
const appendStatement = precompiled(
  (db, locationId: string, type: string, payload: string, channel: string) => ({
    compile: () =>
      sql<{ id: number; created_at: string }>`
        with counter as (
          insert into location_event_counters (location_id, last_id) values (${locationId}, 1)
          on conflict (location_id) do update set last_id = location_event_counters.last_id + 1
          returning location_id, last_id
        ), event as (
          insert into live_events (location_id, id, type, payload)
          select location_id, last_id, ${type}::text, ${payload}::jsonb from counter
          returning location_id, id, created_at
        )
        select id, created_at, pg_notify(${channel}::text, location_id::text || ':' || id) as notified
        from event`.compile(db),
  }),
);
