import { z } from 'zod';
import { localeSchema } from '../../../streams/admin/user-schema';
import { locationSchema } from '../../../streams/session/location-schema';
import type { App } from '../../app-type';
import { currentUser } from '../../plugins/auth';
import { notFound, refuse, refuseDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { successSchema } from '../../plugins/resources';
import { countOf, lineText } from '../../plugins/text';
import { systemUpdate } from '../analytics';
import { idParamsSchema } from '../users';
import {
  deleteLocation,
  insertLocation,
  listLocations,
  locationContents,
  renameLocation,
} from './repository';

const locationListSchema = z.object({ data: z.array(locationSchema) });

const taken = (name: string) => () =>
  refuse('LOCATION_NAME_TAKEN', `A location named "${name}" already exists`, { name });

/** What a location still holds, as a sentence: "200 pallets, 20 orders and 3 storage zones". */
function contentsText(counts: { pallets: number; orders: number; zones: number }): string {
  const parts = (
    [
      [counts.pallets, 'pallet'],
      [counts.orders, 'order'],
      [counts.zones, 'storage zone'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, noun]) => countOf(n, noun));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
}

/** Locations: all of them, the caller's own, creation, renaming and deletion of an empty one (admin). */
export async function locationRoutes(app: App): Promise<void> {
  const all = () => listLocations(app.db);

  app.get(
    '/api/locations',
    {
      schema: { summary: 'List the locations', tags: ['locations'], response: { 200: locationListSchema } },
    },
    async () => ({ data: await all() }),
  );

  app.get(
    '/api/user-locations',
    {
      schema: {
        summary: "List the caller's locations",
        tags: ['locations'],
        response: { 200: locationListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: (await all()).filter((l) => user.admin || user.locationIds.includes(l.id)) };
    },
  );

  app.post(
    '/api/locations',
    {
      config: { conflicts: ['LOCATION_NAME_TAKEN'] },
      schema: {
        summary: 'Create a location',
        tags: ['locations'],
        body: z
          .object({
            name: lineText(100),
            labelLocale: localeSchema.default('en').describe('the language its network labels print in'),
          })
          .strict(),
        response: { 201: z.object({ data: locationSchema }) },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx) => {
        const location = await refuseDuplicate(taken(request.body.name), () =>
          insertLocation(trx, request.body.name, request.body.labelLocale),
        );
        return { status: 201, body: { data: location } };
      }),
  );

  app.patch(
    '/api/locations/:id',
    {
      config: { conflicts: ['LOCATION_NAME_TAKEN'] },
      schema: {
        tags: ['locations'],
        summary: 'Rename a location (admin)',
        params: idParamsSchema,
        body: z.object({ name: lineText(100) }).strict(),
        response: { 200: z.object({ data: locationSchema }) },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx) => {
        const location = await refuseDuplicate(taken(request.body.name), () =>
          renameLocation(trx, request.params.id, request.body.name),
        );
        if (!location) throw notFound();
        return {
          body: { data: location },
          analytics: [systemUpdate(location.id, 'Location renamed')],
        };
      }),
  );

  app.delete(
    '/api/locations/:id',
    {
      config: { conflicts: ['LOCATION_NOT_EMPTY'] },
      schema: {
        tags: ['locations'],
        summary: 'Delete a location (admin); 409 while it holds pallets, orders or storage zones',
        params: idParamsSchema,
        response: { 200: successSchema },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx) => {
        const found = await locationContents(trx, request.params.id);
        if (!found) throw notFound();
        if (found.pallets + found.orders + found.zones > 0) {
          const { name, pallets, orders, zones } = found;
          throw refuse(
            'LOCATION_NOT_EMPTY',
            `${name} still holds ${contentsText(found)}: delete or move them before deleting the location`,
            { name, pallets, orders, zones },
          );
        }
        await deleteLocation(trx, found.id);
        return {
          body: { success: true as const },
          analytics: [systemUpdate(found.id, `Location ${found.name} deleted`)],
        };
      }),
  );
}
