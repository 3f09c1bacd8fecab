import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app';
import { assertLocationAccess, requireAuth } from '../../plugins/auth';
import { instant } from '../../plugins/dates';

const overviewSchema = z.object({
  totalKgWarehouse: z.number().describe('kg of the active pallets in the location'),
  totalKgAssigned: z.number().describe('kg of the active pallets that are on an order'),
  shippedToday: z
    .number()
    .int()
    .describe('pallets shipped since midnight UTC, or between shippedFrom and shippedTo when given'),
});

/** GET /api/dashboard/overview: the overview stats of SPEC 3 for a location. */
export async function dashboardRoutes(app: App): Promise<void> {
  app.get(
    '/api/dashboard/overview',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['dashboard'],
        summary: 'Overview stats of a location',
        querystring: z
          .object({
            locationId: z.uuid(),
            shippedFrom: instant()
              .optional()
              .describe("start of the day to count shipments of (the client's local day)"),
            shippedTo: instant().optional().describe('its end (exclusive)'),
          })
          .refine((q) => (q.shippedFrom === undefined) === (q.shippedTo === undefined), {
            message: 'shippedFrom and shippedTo go together',
          }),
        response: { 200: overviewSchema },
      },
    },
    async (request) => {
      const { locationId, shippedFrom, shippedTo } = request.query;
      const shipped =
        shippedFrom && shippedTo
          ? sql<number>`count(*) filter (where p.shipped_at >= ${shippedFrom}::timestamptz and p.shipped_at < ${shippedTo}::timestamptz)`
          : sql<number>`count(*) filter (where p.shipped_at >= date_trunc('day', now(), 'UTC'))`;
      await assertLocationAccess(request, locationId);
      return app.db
        .selectFrom('pallets as p')
        .leftJoin('assignments as a', 'a.pallet_id', 'p.id')
        .select([
          sql<number>`coalesce(sum(p.weight) filter (where p.status = 'active'), 0)`.as('totalKgWarehouse'),
          sql<number>`coalesce(sum(p.weight) filter (where p.status = 'active' and a.pallet_id is not null), 0)`.as(
            'totalKgAssigned',
          ),
          shipped.as('shippedToday'),
        ])
        .where('p.location_id', '=', locationId)
        .executeTakeFirstOrThrow();
    },
  );
}
