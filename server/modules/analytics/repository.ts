import type { Kysely, Transaction } from 'kysely';
import {
  type AnalyticsEvent,
  type AnalyticsEventType,
  analyticsEventTypes,
} from '../../../streams/analytics/event';
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

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Inserts analytics events (inside the caller's transaction when given one); answers their ids. */
export async function insertAnalyticsEvents(
  db: Kysely<DB> | Transaction<DB>,
  events: AnalyticsEventInput[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insertInto('analytics_events')
    .values(
      events.map((e) => ({
        event_type: e.event_type,
        location_id: e.location_id,
        user_id: e.user_id ?? null,
        pallet_id: e.pallet_id ?? null,
        order_id: e.order_id ?? null,
        notes: e.notes ?? null,
        previous_state: jsonOrNull(e.previous_state),
        new_state: jsonOrNull(e.new_state),
        scan_type: e.scan_type ?? null,
        scan_location: e.scan_location ?? null,
        scan_device_id: e.scan_device_id ?? null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
