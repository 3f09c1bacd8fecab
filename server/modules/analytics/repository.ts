import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import {
  type AnalyticsEvent,
  type AnalyticsEventType,
  analyticsEventTypes,
} from '../../../streams/analytics/event';
import { precompiled } from '../../db/index';
import type { DB } from '../../db/schema';
import { boundText } from '../../plugins/dates';
import type { UserRecord } from '../users';

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

/** What SPEC 7's events reads filter by. */
export interface EventFilter {
  locationId?: string;
  startDate?: string;
  endDate?: string;
  eventTypes?: AnalyticsEventType[];
  userId?: string;
  palletId?: string;
  orderId?: string;
}

/** Whose events a read may see: an administrator all, anyone else those of their locations. */
export type EventScope = Pick<UserRecord, 'admin' | 'locationIds'>;

/**
 * The exclusive upper bound for `endDate`: a whole day for a date, the instant itself otherwise;
 * undefined past the year 9999 (9999-12-31 bounds nothing).
 */
function endBound(endDate: string): string | undefined {
  return boundText(new Date(endDate).getTime() + (endDate.length === 10 ? 86_400_000 : 1));
}

/** `filter` as a where-clause on `analytics_events as e`, always within `scope`'s locations. */
function eventWhere(scope: EventScope, filter: EventFilter) {
  return (eb: ExpressionBuilder<DB & { e: DB['analytics_events'] }, 'e'>) => {
    const conditions = [];
    if (filter.locationId !== undefined) conditions.push(eb('e.location_id', '=', filter.locationId));
    if (!scope.admin) {
      conditions.push(
        scope.locationIds.length ? eb('e.location_id', 'in', scope.locationIds) : sql<boolean>`false`,
      );
    }
    if (filter.startDate) conditions.push(eb('e.created_at', '>=', new Date(filter.startDate).toISOString()));
    const end = filter.endDate && endBound(filter.endDate);
    if (end) conditions.push(eb('e.created_at', '<', end));
    if (filter.eventTypes?.length) conditions.push(eb('e.event_type', 'in', filter.eventTypes));
    if (filter.userId) conditions.push(eb('e.user_id', '=', filter.userId));
    if (filter.palletId) conditions.push(eb('e.pallet_id', '=', filter.palletId));
    if (filter.orderId) conditions.push(eb('e.order_id', '=', filter.orderId));
    return eb.and(conditions);
  };
}

/** A page of events matching `filter` within `scope`, newest first, with the username of each. */
export function listEvents(
  db: Kysely<DB>,
  scope: EventScope,
  filter: EventFilter,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('analytics_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .where(eventWhere(scope, filter))
    .select([
      'e.id',
      'e.event_type as eventType',
      'e.pallet_id as palletId',
      'e.order_id as orderId',
      'e.user_id as userId',
      'u.username',
      'e.location_id as locationId',
      'e.notes',
      'e.previous_state as previousState',
      'e.new_state as newState',
      'e.scan_type as scanType',
      'e.scan_location as scanLocation',
      'e.scan_device_id as scanDeviceId',
      'e.created_at as createdAt',
    ])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many events match `filter` within `scope`. */
export async function countEvents(db: Kysely<DB>, scope: EventScope, filter: EventFilter): Promise<number> {
  const row = await db
    .selectFrom('analytics_events as e')
    .where(eventWhere(scope, filter))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per event type: how many, the first and last, and the users who caused them. */
export function eventCountsByType(db: Kysely<DB>, scope: EventScope, filter: EventFilter) {
  return db
    .selectFrom('analytics_events as e')
    .where(eventWhere(scope, filter))
    .select((eb) => [
      'e.event_type',
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('e.created_at').as('first'),
      eb.fn.max('e.created_at').as('last'),
      sql<
        string[]
      >`coalesce(json_agg(distinct e.user_id) filter (where e.user_id is not null), '[]'::json)`.as('users'),
    ])
    .groupBy('e.event_type')
    .execute();
}

/** Per user: how many events and the last one's time, busiest first. */
export function activityByUser(db: Kysely<DB>, scope: EventScope, filter: EventFilter) {
  return db
    .selectFrom('analytics_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .where(eventWhere(scope, filter))
    .where('e.user_id', 'is not', null)
    .select((eb) => [
      'e.user_id as userId',
      eb.fn.max('u.username').as('username'),
      eb.fn.countAll<number>().as('eventCount'),
      eb.fn.max('e.created_at').as('lastEventAt'),
    ])
    .groupBy('e.user_id')
    .orderBy('eventCount', 'desc')
    .execute();
}

/** The event `id` with its location, pallet and order, or undefined. */
export function findEvent(db: Kysely<DB> | Transaction<DB>, id: string) {
  return db
    .selectFrom('analytics_events')
    .select(['id', 'location_id', 'pallet_id', 'order_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records an intervention of `userId` on event `eventId`, its body stored as given. */
export function insertIntervention(trx: Transaction<DB>, eventId: string, userId: string, body: unknown) {
  return trx
    .insertInto('analytics_interventions')
    .values({ event_id: eventId, user_id: userId, body: JSON.stringify(body) })
    .returning(['id', 'event_id as eventId', 'user_id as userId', 'body', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

/** SPEC 5's `system_update` of a location's set-up: what changed (`notes`), from what, to what. */
export function systemUpdate(
  locationId: string,
  notes: string,
  change: { previous?: unknown; next?: unknown } = {},
): AnalyticsEventInput {
  return {
    event_type: 'system_update',
    location_id: locationId,
    notes,
    ...('previous' in change && { previous_state: change.previous }),
    ...('next' in change && { new_state: change.next }),
  };
}
