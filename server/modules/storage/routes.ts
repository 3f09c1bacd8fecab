import type { Kysely } from 'kysely';
import { z } from 'zod';
import { zoneSchema } from '../../../streams/live/zone-schema';
import type { App } from '../../app-type';
import type { DB } from '../../db/schema';
import { type AuthUser, assertLocationAccess, canSeeLocation, isUuid, visible } from '../../plugins/auth';
import { fieldError, invalid, notFound, refuse, refuseDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { idParams, sendList, successSchema } from '../../plugins/resources';
import { countOf, lineText } from '../../plugins/text';
import { systemUpdate } from '../analytics';
import {
  findPallet,
  findPallets,
  loadPallet,
  loadPalletsIn,
  type PalletDoc,
  palletIdList,
  palletUpdate,
} from '../pallets';
import {
  deleteZone,
  findZone,
  insertZone,
  listZones,
  placePallets,
  removePositions,
  updateZone,
  type ZoneDoc,
  type ZoneFields,
} from './repository';
import { storageZoneChanged, storageZoneCleared } from './service';

const positionSchema = z.object({
  id: z.string(),
  palletId: z.string(),
  zoneId: z.string(),
  rowIndex: z.number().int(),
  locationId: z.string(),
});

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

/** The zone `id` if the caller may see it (404 otherwise); `lock` holds its row lock. */
async function loadZone(db: Kysely<DB>, user: AuthUser, id: string, lock = false): Promise<ZoneDoc> {
  if (!isUuid(id)) throw notFound();
  return visible(user, await findZone(db, id, lock), (zone) => zone.locationId);
}

/** A zone change for the live log (not one of SPEC 7's types: clients that do not know it skip it). */
function zoneUpdate(action: 'add' | 'update' | 'delete', zone: ZoneDoc) {
  return { locationId: zone.locationId, message: { type: 'STORAGE_ZONE_UPDATE', action, zones: [zone] } };
}

/** Where a pallet stood, for analytics' previous_state / new_state. */
const placeOf = (pallet: PalletDoc) => ({
  zone_id: pallet.zone_id,
  storage_zone: pallet.storage_zone,
  row_index: pallet.row_index,
});

/** 409 if a zone shrunk to `fields` would leave pallets outside its rows or over capacity. */
function assertFits(zone: ZoneDoc, fields: Partial<ZoneFields>): void {
  const rows = fields.rows ?? zone.rows;
  const capacity = fields.rowCapacity ?? zone.rowCapacity;
  zone.rowPallets.forEach((pallets, rowIndex) => {
    if (rowIndex >= rows && pallets.length > 0) {
      throw refuse(
        'ROW_NOT_EMPTY',
        `Row ${rowIndex + 1} of zone ${zone.name} still holds ${countOf(pallets.length, 'pallet')}`,
        { zoneName: zone.name, rowIndex, count: pallets.length },
      );
    }
    if (pallets.length > capacity) {
      throw refuse(
        'ROW_OVER_CAPACITY',
        `Row ${rowIndex + 1} of zone ${zone.name} holds ${countOf(pallets.length, 'pallet')}, more than ${capacity}`,
        { zoneName: zone.name, rowIndex, count: pallets.length, capacity },
      );
    }
  });
}

/** The zone of a move into its row `rowIndex`, locked (422 for a zone the caller cannot see or a row past it). */
async function loadRowZone(
  trx: Kysely<DB>,
  user: AuthUser,
  zoneId: string,
  rowIndex: number,
): Promise<ZoneDoc> {
  // the zone's lock makes moves into it run one by one, so two cannot fill the same places
  const zone = await findZone(trx, zoneId, true);
  if (zone === undefined || !canSeeLocation(user, zone.locationId))
    throw invalid({ zoneId: fieldError('NO_SUCH_ZONE', 'no such storage zone') });
  if (rowIndex >= zone.rows) {
    throw invalid({
      rowIndex: fieldError(
        'ROW_OUT_OF_RANGE',
        `must be below ${zone.rows}, the number of rows of zone ${zone.name}`,
        { zoneName: zone.name, rows: zone.rows },
      ),
    });
  }
  return zone;
}

/** 409 unless `pallets` are all in the warehouse and fit in row `rowIndex` of `zone` together. */
function assertFitInRow(zone: ZoneDoc, rowIndex: number, pallets: PalletDoc[]): void {
  for (const pallet of pallets) {
    if (pallet.status !== 'active')
      throw refuse(
        'PALLET_LEFT_WAREHOUSE',
        `Pallet ${pallet.id} has been ${pallet.status} and has left the warehouse`,
        { palletId: pallet.id, status: pallet.status },
      );
  }
  const moving = new Set(pallets.map((pallet) => pallet.id));
  const room = Math.max(
    0,
    zone.rowCapacity - zone.rowPallets[rowIndex].filter((id) => !moving.has(id)).length,
  );
  if (pallets.length <= room) return;
  const where = { zoneName: zone.name, rowIndex, capacity: zone.rowCapacity };
  if (room === 0 && pallets.length === 1)
    throw refuse(
      'ROW_FULL',
      `Row ${rowIndex + 1} of zone ${zone.name} is full (${zone.rowCapacity} pallets)`,
      where,
    );
  throw refuse(
    'ROW_NO_ROOM',
    `Row ${rowIndex + 1} of zone ${zone.name} has room for ${room} of the ${countOf(pallets.length, 'pallet')}`,
    { ...where, room, count: pallets.length },
  );
}

/** analytics' pallet_location_changed for `pallet` moved from where it stood to `to`. */
function locationChanged(pallet: PalletDoc, to: ReturnType<typeof placeOf>) {
  return {
    event_type: 'pallet_location_changed' as const,
    location_id: pallet.location_id,
    pallet_id: pallet.id,
    order_id: pallet.order_id,
    notes: 'Pallet location updated',
    previous_state: placeOf(pallet),
    new_state: to,
  };
}

const nowhere = { zone_id: null, storage_zone: null, row_index: null };

/** The 409 of a zone name already taken in its location. */
const duplicateName = (name: string | undefined) => () =>
  refuse('ZONE_NAME_TAKEN', `A storage zone named "${name}" already exists in this location`, {
    name: name ?? '',
  });

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
