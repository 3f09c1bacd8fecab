import { sql, type Transaction } from 'kysely';
import { notifyLiveEvent } from '../modules/live/notify';
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
  const { last_id: id } = await trx
    .insertInto('location_event_counters')
    .values({ location_id: locationId, last_id: 1 })
    .onConflict((oc) =>
      oc.column('location_id').doUpdateSet({ last_id: sql`location_event_counters.last_id + 1` }),
    )
    .returning('last_id')
    .executeTakeFirstOrThrow();
  const payload = { ...message, locationId };
  const row = await trx
    .insertInto('live_events')
    .values({ location_id: locationId, id, type: message.type, payload: JSON.stringify(payload) })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  await notifyLiveEvent(trx, locationId, id);
  return { id, locationId, type: message.type, payload, createdAt: row.created_at };
}
