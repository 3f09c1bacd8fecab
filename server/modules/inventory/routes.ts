import { z } from 'zod';
import { inventorySettingsSchema, thresholdsSchema } from '../../../streams/inventory/settings-schema';
import type { App } from '../../app-type';
import { assertLocationAccess } from '../../plugins/auth';
import { errorMessages } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { errorSchema } from '../../plugins/openapi';
import { lineText } from '../../plugins/text';
import { systemUpdate } from '../analytics';
import { generalSettings } from './defaults';
import { listTypeSettings, saveTypeSettings } from './repository';

const ordered = (s: { ripeningDays: number; nearExpiryDays: number; urgentDays: number }) =>
  s.ripeningDays < s.nearExpiryDays && s.nearExpiryDays < s.urgentDays;
const orderMessage = 'ripeningDays, nearExpiryDays and urgentDays must each be larger than the one before';

const putBody = z.object({
  locationId: z.uuid(),
  tomatoTypes: z
    .array(
      z
        .object({ tomatoType: lineText(64), ...thresholdsSchema.shape })
        .refine(ordered, { message: orderMessage }),
    )
    .max(100)
    .refine((list) => new Set(list.map((s) => s.tomatoType)).size === list.length, {
      message: 'must not repeat a tomato type',
    }),
});

const errors = {
  401: errorSchema.describe(`not signed in: "${errorMessages.sessionExpired}"`),
  404: errorSchema.describe(`no such location, or not one of the caller’s: "${errorMessages.notFound}"`),
  422: errorSchema.describe('details name each field that failed'),
};

/** Ageing thresholds and minimum stock per tomato type (issue 20): read by the location's users, set by an admin. */
export async function inventoryRoutes(app: App): Promise<void> {
  app.get(
    '/api/inventory/settings',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Ageing thresholds (fresh, ripening, near_expiry, urgent) and minimum stock per tomato type',
        querystring: z.object({ locationId: z.uuid() }),
        response: { 200: inventorySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { locationId } = request.query;
      await assertLocationAccess(request, locationId);
      return {
        locationId,
        general: generalSettings,
        tomatoTypes: await listTypeSettings(app.db, locationId),
      };
    },
  );

  app.put(
    '/api/inventory/settings',
    {
      schema: {
        tags: ['inventory'],
        summary:
          'Set the thresholds and minimum stock of the listed tomato types (admin); others keep theirs',
        body: putBody,
        response: {
          200: inventorySettingsSchema,
          ...errors,
          403: errorSchema.describe(`not an administrator: "${errorMessages.forbidden}"`),
        },
      },
    },
    async (request, reply) => {
      const { locationId, tomatoTypes } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx) => {
        const previous = await listTypeSettings(trx, locationId);
        await saveTypeSettings(trx, locationId, tomatoTypes);
        const body = {
          locationId,
          general: generalSettings,
          tomatoTypes: await listTypeSettings(trx, locationId),
        };
        return {
          body,
          // not one of SPEC 7's types: clients that do not know it skip it
          live: [{ locationId, message: { type: 'INVENTORY_SETTINGS_UPDATE', settings: body } }],
          analytics: [
            systemUpdate(locationId, 'Inventory settings changed', {
              previous: previous.filter((s) => s.custom),
              next: tomatoTypes,
            }),
          ],
        };
      });
    },
  );
}
