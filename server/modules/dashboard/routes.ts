import { z } from 'zod';
import type { App } from '../../app-type';
import { assertLocationAccess } from '../../plugins/auth';
import { instant } from '../../plugins/dates';
import { overviewOf } from './repository';

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
      await assertLocationAccess(request, locationId);
      return overviewOf(
        app.db,
        locationId,
        shippedFrom && shippedTo ? { from: shippedFrom, to: shippedTo } : undefined,
      );
    },
  );
}
