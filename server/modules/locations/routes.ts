import { z } from 'zod';
import type { App } from '../../app';
import { currentUser, requireAdmin, requireAuth } from '../../plugins/auth';
import { conflictOnDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { lineText } from '../../plugins/text';
import { insertLocation, listLocations } from './repository';

const locationSchema = z.object({ id: z.uuid(), name: z.string() });
const locationListSchema = z.object({ data: z.array(locationSchema) });

/** Locations: all of them, the caller's own, and creation (admin). */
export async function locationRoutes(app: App): Promise<void> {
  const all = () => listLocations(app.db);

  app.get(
    '/api/locations',
    {
      preHandler: requireAuth,
      schema: { summary: 'List the locations', tags: ['locations'], response: { 200: locationListSchema } },
    },
    async () => ({ data: await all() }),
  );

  app.get(
    '/api/user-locations',
    {
      preHandler: requireAuth,
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
      preHandler: requireAdmin,
      schema: {
        summary: 'Create a location',
        tags: ['locations'],
        body: z.object({ name: lineText(100) }).strict(),
        response: { 201: z.object({ data: locationSchema }) },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx) => {
        const location = await conflictOnDuplicate(
          `A location named "${request.body.name}" already exists`,
          () => insertLocation(trx, request.body.name),
        );
        return { status: 201, body: { data: location } };
      }),
  );
}
