import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type AnalyticsEvent,
  type AnalyticsEventType,
  analyticsEventTypes,
} from '../../../streams/analytics/event';
import { precompiled } from '../../db/index';
import type { DB } from '../../db/schema';

/** SPEC 5's analytics event types (one list for app and server). */
export { type AnalyticsEventType, analyticsEventTypes };

/**
 * SPEC 3's analytics event as recorded: the app's event with its type checked and location_id as
 * text. `user_id` defaults to the signed-in caller when written through `mutate`.
 */
export interface AnalyticsEventInput extends Omit<AnalyticsEvent, 'event_type' | 'location_id'> {
  event_type: AnalyticsEventType;
  location_id: string;
}

/** The columns an event sets; the rest (id, created_at) take their defaults. */
const columns = sql.raw(
  'event_type, location_id, user_id, pallet_id, order_id, notes, previous_state, new_state, scan_type, scan_location, scan_device_id',
);

/** Any number of events in one prepared statement: the rows arrive as one JSON array. */
const insertStatement = precompiled((db: Kysely<DB>, rows: string) => ({
  compile: () =>
    sql<{ id: string }>`
      insert into analytics_events (${columns})
      select ${columns} from jsonb_populate_recordset(null::analytics_events, ${rows}::jsonb)
      returning id`.compile(db),
}));

/** Inserts analytics events (inside the caller's transaction when given one); answers their ids. */
export async function insertAnalyticsEvents(
  db: Kysely<DB> | Transaction<DB>,
  events: AnalyticsEventInput[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => ({
    event_type: e.event_type,
    location_id: e.location_id,
    user_id: e.user_id ?? null,
    pallet_id: e.pallet_id ?? null,
    order_id: e.order_id ?? null,
    notes: e.notes ?? null,
    previous_state: e.previous_state ?? null,
    new_state: e.new_state ?? null,
    scan_type: e.scan_type ?? null,
    scan_location: e.scan_location ?? null,
    scan_device_id: e.scan_device_id ?? null,
  }));
  return (await insertStatement(db, JSON.stringify(rows))).map((row) => row.id);
}
