import { type ExpressionBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import {
  type AuthUser,
  canSeeLocation,
  currentUser,
  isUuid,
  requireAuth,
  requirePermission,
} from '../../plugins/auth';
import { boundText, dateOrInstant } from '../../plugins/dates';
import { forbidden, invalid, notFound } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { storableJson, storableText } from '../../plugins/text';
import { idParamsSchema } from '../users/schemas';
import { analyticsEventTypes, insertAnalyticsEvents } from './repository';
import { validateAnalyticsEvent } from './validate';

const eventTypesSchema = z.string().transform((text, ctx) => {
  try {
    const list = z.array(z.enum(analyticsEventTypes)).max(100).parse(JSON.parse(text));
    return list;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON list of event types' });
    return z.NEVER;
  }
});
const rangeQuerySchema = z.object({
  startDate: dateOrInstant().optional(),
  endDate: dateOrInstant().optional(),
  locationId: storableText().min(1).max(100).optional(),
});
const eventsQuerySchema = rangeQuerySchema.extend({
  eventTypes: eventTypesSchema.optional(),
  userId: z.uuid().optional(),
  palletId: z.uuid().optional(),
  orderId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
type EventsQuery = Partial<z.infer<typeof eventsQuerySchema>>;

const eventSchema = z.object({
  id: z.uuid(),
  eventType: z.string(),
  palletId: z.string().nullable(),
  orderId: z.string().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  locationId: z.string(),
  notes: z.string().nullable(),
  previousState: z.unknown(),
  newState: z.unknown(),
  scanType: z.string().nullable(),
  scanLocation: z.string().nullable(),
  scanDeviceId: z.string().nullable(),
  createdAt: z.string(),
});
const eventListSchema = z.object({ data: z.array(eventSchema) });

/**
 * The exclusive upper bound for `endDate`: a whole day for a date, the instant itself otherwise;
 * undefined past the year 9999 (9999-12-31 bounds nothing).
 */
function endBound(endDate: string): string | undefined {
  return boundText(new Date(endDate).getTime() + (endDate.length === 10 ? 86_400_000 : 1));
}

/**
 * The filters of SPEC 7's events query as a where-clause on `analytics_events as e`, always
 * limited to the locations `user` may see (admins: all). A `locationId` the user cannot see
 * answers 404.
 */
function eventFilter(user: AuthUser, query: EventsQuery) {
  if (query.locationId !== undefined && !canSeeLocation(user, query.locationId)) throw notFound();
  return (eb: ExpressionBuilder<DB & { e: DB['analytics_events'] }, 'e'>) => {
    const conditions = [];
    if (query.locationId !== undefined) conditions.push(eb('e.location_id', '=', query.locationId));
    else if (!user.admin) {
      conditions.push(
        user.locationIds.length ? eb('e.location_id', 'in', user.locationIds) : sql<boolean>`false`,
      );
    }
    if (query.startDate) conditions.push(eb('e.created_at', '>=', new Date(query.startDate).toISOString()));
    const end = query.endDate && endBound(query.endDate);
    if (end) conditions.push(eb('e.created_at', '<', end));
    if (query.eventTypes?.length) conditions.push(eb('e.event_type', 'in', query.eventTypes));
    if (query.userId) conditions.push(eb('e.user_id', '=', query.userId));
    if (query.palletId) conditions.push(eb('e.pallet_id', '=', query.palletId));
    if (query.orderId) conditions.push(eb('e.order_id', '=', query.orderId));
    return eb.and(conditions);
  };
}

/** Analytics: recording events (any signed-in user) and SPEC 7's /api/insights reads (view_analytics). */
export async function analyticsRoutes(app: App): Promise<void> {
  const view = requirePermission('view_analytics');

  function selectEvents(user: AuthUser, query: EventsQuery) {
    return app.db
      .selectFrom('analytics_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .where(eventFilter(user, query))
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
      .orderBy('e.id', 'desc');
  }

  app.post(
    '/api/analytics/events',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Record an analytics event',
        tags: ['analytics'],
        body: z.record(z.string(), z.unknown()),
        response: { 201: z.object({ success: z.literal(true), data: z.object({ id: z.uuid() }) }) },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const checked = validateAnalyticsEvent(request.body);
        if (checked.details) throw invalid(checked.details);
        const { event } = checked;
        if (event.user_id !== user.id && !user.admin) throw forbidden();
        if (isUuid(event.location_id) && !canSeeLocation(user, event.location_id)) throw notFound();
        const [id] = await insertAnalyticsEvents(trx, [event]);
        return { status: 201, body: { success: true as const, data: { id } } };
      }),
  );

  app.get(
    '/api/insights/event-types',
    {
      preHandler: view,
      schema: {
        summary: 'List the analytics event types',
        tags: ['insights'],
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async () => ({ data: [...analyticsEventTypes] }),
  );

  app.get(
    '/api/insights/events',
    {
      preHandler: view,
      schema: {
        summary: 'List analytics events by filter',
        tags: ['insights'],
        querystring: eventsQuerySchema,
        response: {
          200: eventListSchema.extend({ total: z.number(), limit: z.number(), offset: z.number() }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { limit, offset } = request.query;
      const [data, count] = await Promise.all([
        selectEvents(user, request.query).limit(limit).offset(offset).execute(),
        app.db
          .selectFrom('analytics_events as e')
          .where(eventFilter(user, request.query))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data, total: Number(count.n), limit, offset };
    },
  );

  for (const kind of ['pallet', 'order'] as const) {
    app.get(
      `/api/insights/events/${kind}/:id`,
      {
        preHandler: view,
        schema: {
          summary: `The analytics events of one ${kind}`,
          tags: ['insights'],
          params: idParamsSchema,
          response: { 200: eventListSchema },
        },
      },
      async (request) => {
        const filter = kind === 'pallet' ? { palletId: request.params.id } : { orderId: request.params.id };
        return { data: await selectEvents(currentUser(request), filter).limit(1000).execute() };
      },
    );
  }

  /** Options of a view_analytics read filtered by date range and location, answering `answer`. */
  const rangeRead = <A extends z.ZodType>(summary: string, answer: A) => ({
    preHandler: view,
    schema: { summary, tags: ['insights'], querystring: rangeQuerySchema, response: { 200: answer } },
  });

  app.get(
    '/api/insights/stats',
    rangeRead(
      'Analytics event counts by type',
      z.object({
        totalEvents: z.number(),
        uniqueUsers: z.number(),
        eventsByType: z.record(z.string(), z.number()),
        timeRange: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
      }),
    ),
    async (request) => {
      const rows = await app.db
        .selectFrom('analytics_events as e')
        .where(eventFilter(currentUser(request), request.query))
        .select((eb) => [
          'e.event_type',
          eb.fn.countAll<number>().as('n'),
          eb.fn.min('e.created_at').as('first'),
          eb.fn.max('e.created_at').as('last'),
          sql<
            string[]
          >`coalesce(json_agg(distinct e.user_id) filter (where e.user_id is not null), '[]'::json)`.as(
            'users',
          ),
        ])
        .groupBy('e.event_type')
        .execute();
      const users = new Set(rows.flatMap((r) => r.users));
      const firsts = rows.map((r) => r.first).sort();
      const lasts = rows.map((r) => r.last).sort();
      return {
        totalEvents: rows.reduce((sum, r) => sum + Number(r.n), 0),
        uniqueUsers: users.size,
        eventsByType: Object.fromEntries(rows.map((r) => [r.event_type, Number(r.n)])),
        timeRange: {
          start: request.query.startDate ?? firsts[0] ?? null,
          end: request.query.endDate ?? lasts.at(-1) ?? null,
        },
      };
    },
  );

  app.get(
    '/api/insights/user-activity',
    rangeRead(
      'Analytics events per user',
      z.object({
        data: z.array(
          z.object({
            userId: z.string(),
            username: z.string().nullable(),
            eventCount: z.number(),
            lastEventAt: z.string(),
          }),
        ),
      }),
    ),
    async (request) => {
      const rows = await app.db
        .selectFrom('analytics_events as e')
        .leftJoin('users as u', 'u.id', 'e.user_id')
        .where(eventFilter(currentUser(request), request.query))
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
      return { data: rows.map((r) => ({ ...r, userId: r.userId!, eventCount: Number(r.eventCount) })) };
    },
  );

  app.post(
    '/api/insights/events/:id/intervention',
    {
      preHandler: view,
      schema: {
        summary: 'Record an intervention on an event',
        tags: ['insights'],
        params: idParamsSchema,
        body: z
          .record(storableText().max(100), storableJson())
          .refine((b) => Object.keys(b).length <= 50, 'at most 50 fields'),
        response: {
          201: z.object({
            data: z.object({
              id: z.uuid(),
              eventId: z.uuid(),
              userId: z.uuid(),
              body: z.unknown(),
              createdAt: z.string(),
            }),
          }),
        },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const event = await trx
          .selectFrom('analytics_events')
          .select(['id', 'location_id', 'pallet_id', 'order_id'])
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!event || !canSeeLocation(user, event.location_id)) throw notFound();
        const intervention = await trx
          .insertInto('analytics_interventions')
          .values({ event_id: event.id, user_id: user.id, body: JSON.stringify(request.body) })
          .returning(['id', 'event_id as eventId', 'user_id as userId', 'body', 'created_at as createdAt'])
          .executeTakeFirstOrThrow();
        const notes = typeof request.body.notes === 'string' ? request.body.notes.slice(0, 2000) : null;
        return {
          status: 201,
          body: { data: intervention },
          analytics: [
            {
              event_type: 'intervention_added',
              location_id: event.location_id,
              pallet_id: event.pallet_id,
              order_id: event.order_id,
              notes,
              new_state: { eventId: event.id, interventionId: intervention.id },
            },
          ],
        };
      }),
  );
}
