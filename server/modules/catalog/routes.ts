import { z } from 'zod';
import { catalogueSchema } from '../../../streams/admin/catalogue-schema';
import type { App } from '../../app-type';
import { assertLocationAccess } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { lineText } from '../../plugins/text';
import { systemUpdate } from '../analytics';
import {
  catalogAttributeNames,
  getCatalog,
  removedValuesInUse,
  replaceCatalog,
  type ValueInUse,
} from './repository';

/** The 409 sentence for values that would leave pallets with a value the catalogue no longer has. */
const inUseMessage = (inUse: ValueInUse[]) =>
  `${inUse
    .map(
      (v) =>
        `${catalogAttributeNames[v.attribute]} "${v.value}" is still on ${v.pallets} pallet${v.pallets === 1 ? '' : 's'}`,
    )
    .join('; ')}. Change or ship those pallets before removing it.`;

const values = z
  .array(lineText(64))
  .max(100)
  .refine((list) => new Set(list).size === list.length, { message: 'must not repeat a value' });

const putBody = z.object({
  locationId: z.uuid(),
  palletType: values,
  boxType: values,
  tomatoType: values,
  tomatoOption: values,
});

/** CONTRACT's catalogue: the allowed pallet attribute values of a location (PUT: admin). */
export async function catalogRoutes(app: App): Promise<void> {
  app.get(
    '/api/catalog',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Allowed values of palletType, boxType, tomatoType and tomatoOption in a location',
        querystring: z.object({ locationId: z.uuid() }),
        response: { 200: catalogueSchema },
      },
    },
    async (request) => {
      const { locationId } = request.query;
      await assertLocationAccess(request, locationId);
      return { locationId, ...(await getCatalog(app.db, locationId)) };
    },
  );

  app.put(
    '/api/catalog',
    {
      config: { conflicts: ['CATALOG_VALUE_IN_USE'] },
      schema: {
        tags: ['catalog'],
        summary:
          'Replace the catalogue of a location (admin); 409 when it drops a value pallets in the warehouse still carry',
        body: putBody,
        response: { 200: catalogueSchema },
      },
    },
    async (request, reply) => {
      const { locationId, ...catalog } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx) => {
        const inUse = await removedValuesInUse(trx, locationId, catalog);
        if (inUse.length > 0) {
          const values = inUse.map(({ attribute, value, pallets }) => ({ attribute, value, count: pallets }));
          throw refuse('CATALOG_VALUE_IN_USE', inUseMessage(inUse), { values });
        }
        const previous = await replaceCatalog(trx, locationId, catalog);
        const body = { locationId, ...catalog };
        return {
          body,
          // not one of SPEC 7's types: clients that do not know it skip it
          live: [{ locationId, message: { type: 'CATALOG_UPDATE', catalog: body } }],
          analytics: [systemUpdate(locationId, 'Catalogue changed', { previous, next: catalog })],
        };
      });
    },
  );
}
