import { z } from 'zod';
import { zoneSchema } from '../../../streams/live/zone-schema';
import type { App } from '../../app-type';
import { assertLocationAccess } from '../../plugins/auth';
import { fieldError, invalid, notFound, refuse, refuseDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { idParams, sendList, successSchema } from '../../plugins/resources';
import { countOf, lineText } from '../../plugins/text';
import { systemUpdate } from '../analytics';
import { findPallet, findPallets, loadPallet, loadPalletsIn, palletIdList, palletUpdate } from '../pallets';
import { deleteZone, insertZone, listZones, placePallets, removePositions, updateZone } from './repository';
import { positionSchema } from './schemas';
import {
  assertFitInRow,
  assertFits,
  duplicateName,
  loadRowZone,
  loadZone,
  locationChanged,
  nowhere,
  storageZoneChanged,
  storageZoneCleared,
  zoneUpdate,
} from './service';

const zoneFields = {
  name: lineText(100),
  rows: z.number().int().min(1).max(200),
  rowCapacity: z.number().int().min(1).max(500),
};

const createBody = z.object({
  locationId: z.uuid(),
  ...zoneFields,
  temperature: zoneSchema.shape.temperature.default('ambient'),
});

const patchBody = z
  .object({
    name: zoneFields.name.optional(),
    rows: zoneFields.rows.optional(),
    rowCapacity: zoneFields.rowCapacity.optional(),
    temperature: zoneSchema.shape.temperature.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of name, rows, rowCapacity, temperature',
  });

const positionBody = z.object({ palletId: z.uuid(), zoneId: z.uuid(), rowIndex: z.number().int().min(0) });

/** CONTRACT's storage routes: zones (list, create, change, delete) and pallet positions. */
export async function storageRoutes(app: App): Promise<void> {
  app.get(
    '/api/storage/zones',
    {
      schema: {
        tags: ['storage'],
        summary: 'Storage zones of a location with the pallets in each row',
        querystring: z.object({ locationId: z.uuid() }),
        response: { 200: z.object({ data: z.array(zoneSchema), lastEventId: z.number().int() }) },
      },
    },
    async (request, reply) =>
      sendList(request, reply, request.query.locationId, (db) => listZones(db, request.query.locationId)),
  );

  app.post(
    '/api/storage/zones',
    {
      config: { conflicts: ['ZONE_NAME_TAKEN'] },
      schema: {
        tags: ['storage'],
        summary: 'Create a zone (manage_storage_assignments)',
        body: createBody,
        response: { 201: zoneSchema },
      },
    },
    async (request, reply) => {
      const { locationId, ...fields } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx) => {
        const zone = await refuseDuplicate(duplicateName(fields.name), () =>
          insertZone(trx, locationId, fields),
        );
        return {
          status: 201,
          body: zone,
          live: [zoneUpdate('add', zone)],
          analytics: [systemUpdate(locationId, 'Storage zone created', { next: zone })],
        };
      });
    },
  );

  app.patch(
    '/api/storage/zones/:id',
    {
      config: { conflicts: ['ROW_NOT_EMPTY', 'ROW_OVER_CAPACITY', 'ZONE_NAME_TAKEN'] },
      schema: {
        tags: ['storage'],
        summary: 'Change a zone; 409 if pallets would no longer fit (manage_storage_assignments)',
        params: idParams,
        body: patchBody,
        response: { 200: zoneSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const before = await loadZone(trx, user, request.params.id, true);
        assertFits(before, request.body);
        const after = await refuseDuplicate(duplicateName(request.body.name), () =>
          updateZone(trx, before.id, request.body),
        );
        return {
          body: after,
          live: [zoneUpdate('update', after)],
          analytics: [
            systemUpdate(after.locationId, 'Storage zone changed', { previous: before, next: after }),
          ],
        };
      }),
  );

  app.delete(
    '/api/storage/zones/:id',
    {
      config: { conflicts: ['ZONE_NOT_EMPTY'] },
      schema: {
        tags: ['storage'],
        summary: 'Delete an empty zone; 409 while pallets stand in it (manage_storage_assignments)',
        params: idParams,
        response: { 200: successSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const zone = await loadZone(trx, user, request.params.id, true);
        const held = zone.rowPallets.flat().length;
        if (held > 0) {
          throw refuse('ZONE_NOT_EMPTY', `Zone ${zone.name} still holds ${countOf(held, 'pallet')}`, {
            zoneName: zone.name,
            count: held,
          });
        }
        await deleteZone(trx, zone.id);
        return {
          body: { success: true as const },
          live: [zoneUpdate('delete', zone)],
          analytics: [systemUpdate(zone.locationId, 'Storage zone deleted', { previous: zone })],
        };
      }),
  );

  app.post(
    '/api/storage/positions',
    {
      config: { conflicts: ['PALLET_LEFT_WAREHOUSE', 'ROW_FULL'] },
      schema: {
        tags: ['storage'],
        summary:
          'Place (or move) a pallet in a row of a zone; a full row gets 409 (manage_storage_assignments)',
        body: positionBody,
        response: { 200: positionSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const { palletId, zoneId, rowIndex } = request.body;
        const zone = await loadRowZone(trx, user, zoneId, rowIndex);
        const pallet = await findPallet(trx, palletId, true);
        if (pallet === undefined || pallet.location_id !== zone.locationId) {
          throw invalid({
            palletId: fieldError('NO_SUCH_PALLET', "no such pallet in the zone's location", {
              palletIds: [palletId],
            }),
          });
        }
        assertFitInRow(zone, rowIndex, [pallet]);
        const [position] = await placePallets(
          trx,
          [palletId],
          { zoneId, rowIndex, locationId: zone.locationId },
          user.id,
        );
        return {
          body: position,
          live: [
            {
              locationId: zone.locationId,
              message: { type: 'STORAGE_POSITION_UPDATE', action: 'assign_to_zone', position },
            },
            storageZoneChanged(pallet, zone),
          ],
          analytics: [
            locationChanged(pallet, { zone_id: zone.id, storage_zone: zone.name, row_index: rowIndex }),
          ],
        };
      }),
  );

  app.delete(
    '/api/storage/positions/:palletId',
    {
      schema: {
        tags: ['storage'],
        summary: 'Take a pallet out of storage (manage_storage_assignments)',
        params: z.object({ palletId: z.string() }),
        response: { 200: successSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const pallet = await loadPallet(trx, user, request.params.palletId, true);
        if (pallet.zone_id === null) throw notFound();
        await removePositions(trx, [pallet.id]);
        return {
          body: { success: true as const },
          live: [storageZoneCleared(pallet)],
          analytics: [locationChanged(pallet, nowhere)],
        };
      }),
  );

  app.post(
    '/api/storage/moves',
    {
      config: { conflicts: ['PALLET_LEFT_WAREHOUSE', 'ROW_FULL', 'ROW_NO_ROOM'] },
      schema: {
        tags: ['storage'],
        summary:
          'Move many pallets into one row as one change: all or none; 409 saying how many fit when the row has too little room (manage_storage_assignments)',
        body: z.object({ palletIds: palletIdList, zoneId: z.uuid(), rowIndex: z.number().int().min(0) }),
        response: {
          200: z.object({ zoneId: z.string(), rowIndex: z.number().int(), palletIds: z.array(z.string()) }),
        },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const { palletIds, zoneId, rowIndex } = request.body;
        const zone = await loadRowZone(trx, user, zoneId, rowIndex);
        const pallets = await loadPalletsIn(trx, zone.locationId, palletIds, true);
        assertFitInRow(zone, rowIndex, pallets);
        await placePallets(trx, palletIds, { zoneId, rowIndex, locationId: zone.locationId }, user.id);
        const to = { zone_id: zone.id, storage_zone: zone.name, row_index: rowIndex };
        return {
          body: { zoneId, rowIndex, palletIds },
          // one message for them all: every screen shows the row filled at once
          live: [palletUpdate('update', await findPallets(trx, palletIds))],
          analytics: pallets.map((pallet) => locationChanged(pallet, to)),
        };
      }),
  );

  app.post(
    '/api/storage/take-outs',
    {
      schema: {
        tags: ['storage'],
        summary:
          'Take many pallets of a location out of storage as one change: all or none; those in no row stay as they are (manage_storage_assignments)',
        body: z.object({ locationId: z.uuid(), palletIds: palletIdList }),
        response: {
          200: z.object({ takenOut: z.array(z.string()).describe('the pallets that stood in a row') }),
        },
      },
    },
    async (request, reply) => {
      const { locationId, palletIds } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx) => {
        const stored = (await loadPalletsIn(trx, locationId, palletIds, true)).filter(
          (pallet) => pallet.zone_id !== null,
        );
        const takenOut = stored.map((pallet) => pallet.id);
        if (takenOut.length > 0) await removePositions(trx, takenOut);
        return {
          body: { takenOut },
          live: stored.map(storageZoneCleared),
          analytics: stored.map((pallet) => locationChanged(pallet, nowhere)),
        };
      });
    },
  );
}
