import { z } from 'zod';
import { overviewSchema } from '../../../streams/live/overview-schema';
import type { App } from '../../app-type';
import { assertLocationAccess } from '../../plugins/auth';
import { instant } from '../../plugins/dates';
import { overviewOf } from './repository';

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
