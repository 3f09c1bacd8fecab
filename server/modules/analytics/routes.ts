import { z } from 'zod';
import { loggedEventSchema } from '../../../streams/analytics/logged-event';
import { userActivitySchema } from '../../../streams/analytics/user-activity';
import type { App } from '../../app-type';
import { type AuthUser, canSeeLocation, currentUser, isUuid } from '../../plugins/auth';
import { dateOrInstant } from '../../plugins/dates';
import { forbidden, invalid, notFound } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { storableJson, storableText } from '../../plugins/text';
import { idParamsSchema } from '../users';
import {
  activityByUser,
  analyticsEventTypes,
  countEvents,
  type EventFilter,
  eventCountsByType,
  findEvent,
  insertAnalyticsEvents,
  insertIntervention,
  listEvents,
} from './repository';
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

// the fields the Activity section reads, and the rest of the log's row
const eventSchema = loggedEventSchema.extend({
  id: z.uuid(),
  userId: z.string().nullable(),
  locationId: z.string(),
  previousState: z.unknown(),
  newState: z.unknown(),
  scanType: z.string().nullable(),
  scanLocation: z.string().nullable(),
  scanDeviceId: z.string().nullable(),
});
const eventListSchema = z.object({ data: z.array(eventSchema) });

/** The query, once a `locationId` in it is one the user may see (404 otherwise: never say it exists). */
function visible<Q extends EventFilter>(user: AuthUser, query: Q): Q {
  if (query.locationId !== undefined && !canSeeLocation(user, query.locationId)) throw notFound();
  return query;
}

/** Analytics: recording events (any signed-in user) and SPEC 7's /api/insights reads (view_analytics). */
export async function analyticsRoutes(app: App): Promise<void> {
  app.post(
    '/api/analytics/events',
    {
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
      const filter = visible(user, request.query);
      const [data, total] = await Promise.all([
        listEvents(app.db, user, filter, limit, offset),
        countEvents(app.db, user, filter),
      ]);
      return { data, total, limit, offset };
    },
  );

  for (const kind of ['pallet', 'order'] as const) {
    app.get(
      `/api/insights/events/${kind}/:id`,
      {
        schema: {
          summary: `The analytics events of one ${kind}`,
          tags: ['insights'],
          params: idParamsSchema,
          response: { 200: eventListSchema },
        },
      },
      async (request) => {
        const filter = kind === 'pallet' ? { palletId: request.params.id } : { orderId: request.params.id };
        return { data: await listEvents(app.db, currentUser(request), filter, 1000, 0) };
      },
    );
  }

  /** Options of a view_analytics read filtered by date range and location, answering `answer`. */
  const rangeRead = <A extends z.ZodType>(summary: string, answer: A) => ({
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
      const rows = await eventCountsByType(
        app.db,
        currentUser(request),
        visible(currentUser(request), request.query),
      );
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
        data: z.array(userActivitySchema.extend({ lastEventAt: z.string() })),
      }),
    ),
    async (request) => {
      const rows = await activityByUser(
        app.db,
        currentUser(request),
        visible(currentUser(request), request.query),
      );
      return { data: rows.map((r) => ({ ...r, userId: r.userId!, eventCount: Number(r.eventCount) })) };
    },
  );

  app.post(
    '/api/insights/events/:id/intervention',
    {
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
        const event = await findEvent(trx, request.params.id);
        if (!event || !canSeeLocation(user, event.location_id)) throw notFound();
        const intervention = await insertIntervention(trx, event.id, user.id, request.body);
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
