import { z } from 'zod';
import { palletSchema } from '../../../streams/live/pallet-schema';
import type { App } from '../../app-type';
import { lockRows } from '../../db/sql';
import { assertLocationAccess } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { type MutationOutcome, mutate } from '../../plugins/mutate';
import { idParams, pageQuery, sendList, successSchema } from '../../plugins/resources';
import { lineText } from '../../plugins/text';
import { catalogAttributes, catalogColumns } from '../catalog';
import { findOrders, syncOrderStatus } from '../orders';
import { storageZoneCleared } from '../storage';
import {
  deletePallets,
  insertPallet,
  listPallets,
  palletState,
  processPallet,
  updatePallet,
} from './repository';
import { palletIdList, palletPageSchema } from './schemas';
import { assertInCatalog, loadPallet, loadPalletsIn, palletUpdate } from './service';

const attributeValue = lineText(64);
const weight = z.number().min(0.01).max(10_000).describe('kg, two decimals');

const listQuery = z.object({
  locationId: z.uuid(),
  status: z.enum(['active', 'shipped', 'processed', 'all']).default('active'),
  palletType: attributeValue.optional(),
  boxType: attributeValue.optional(),
  tomatoType: attributeValue.optional(),
  tomatoOption: attributeValue.optional(),
  orderId: z.uuid().optional(),
  ...pageQuery,
});

const createBody = z.object({
  id: z
    .uuid()
    .optional()
    .describe(
      "the new pallet's id, made by the client (a phone offline, whose label shows it before the server has it; a UUID v7 keeps lists newest first); the server makes one when absent",
    ),
  locationId: z.uuid(),
  palletType: attributeValue,
  boxType: attributeValue,
  tomatoType: attributeValue,
  tomatoOption: attributeValue,
  weight,
});

const patchBody = z
  .object({
    version: z.number().int().min(1).describe('the version the change was made to'),
    palletType: attributeValue.optional(),
    boxType: attributeValue.optional(),
    tomatoType: attributeValue.optional(),
    tomatoOption: attributeValue.optional(),
    weight: weight.optional(),
  })
  .refine((body) => [...catalogAttributes, 'weight' as const].some((field) => body[field] !== undefined), {
    message: 'send at least one of palletType, boxType, tomatoType, tomatoOption, weight',
  });

/** CONTRACT's pallet routes: list, create, read, change (with `version`), delete. */
export async function palletRoutes(app: App): Promise<void> {
  app.get(
    '/api/pallets',
    {
      schema: {
        tags: ['pallets'],
        summary: 'Pallets of a location, newest first (status active by default)',
        querystring: listQuery,
        response: { 200: palletPageSchema },
      },
    },
    async (request, reply) =>
      sendList(request, reply, request.query.locationId, (db) => listPallets(db, request.query)),
  );

  app.post(
    '/api/pallets',
    {
      config: { conflicts: ['PALLET_ID_TAKEN'] },
      schema: {
        tags: ['pallets'],
        summary:
          'Create a pallet (values from the location catalogue; manage_pallets); an `id` a pallet already has is refused (409), unless the request repeats its Idempotency-Key',
        body: createBody,
        response: { 201: palletSchema },
      },
    },
    async (request, reply) => {
      const { id, locationId, ...values } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx, user) => {
        await assertInCatalog(trx, locationId, values);
        const pallet = await insertPallet(trx, locationId, values, user.id, id);
        // a repeat of the same making is answered by its Idempotency-Key before this: this is
        // another request naming an id taken (by any location's pallet: ids are unguessable)
        if (!pallet)
          throw refuse('PALLET_ID_TAKEN', `A pallet with id ${id} already exists`, { palletId: id! });
        return {
          status: 201,
          body: pallet,
          live: [palletUpdate('add', [pallet])],
          analytics: [
            {
              event_type: 'pallet_created',
              location_id: locationId,
              pallet_id: pallet.id,
              new_state: palletState(pallet),
            },
          ],
        };
      });
    },
  );

  app.get(
    '/api/pallets/:id',
    {
      schema: { tags: ['pallets'], summary: 'One pallet', params: idParams, response: { 200: palletSchema } },
    },
    async (request) => loadPallet(app.db, request.user!, request.params.id),
  );

  app.patch(
    '/api/pallets/:id',
    {
      config: { conflicts: ['STALE_VERSION'] },
      schema: {
        tags: ['pallets'],
        summary: 'Change a pallet; `version` must be the current one (409 otherwise; manage_pallets)',
        params: idParams,
        body: patchBody,
        response: { 200: palletSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const { version, ...changes } = request.body;
        const before = await loadPallet(trx, user, request.params.id, true);
        if (before.version !== version) {
          throw refuse(
            'STALE_VERSION',
            `The pallet was changed by someone else (it is at version ${before.version}, not ${version}); reload it and try again`,
            { version: before.version, given: version },
          );
        }
        const changed = Object.fromEntries(
          catalogAttributes
            .filter(
              (attribute) =>
                changes[attribute] !== undefined && changes[attribute] !== before[catalogColumns[attribute]],
            )
            .map((attribute) => [attribute, changes[attribute]]),
        );
        await assertInCatalog(trx, before.location_id, changed);
        const after = await updatePallet(trx, before.id, changes);
        return {
          body: after,
          live: [palletUpdate('update', [after])],
          analytics: [
            {
              event_type: 'pallet_updated',
              location_id: after.location_id,
              pallet_id: after.id,
              order_id: after.order_id,
              previous_state: palletState(before),
              new_state: palletState(after),
            },
          ],
        };
      }),
  );

  app.delete(
    '/api/pallets/:id',
    {
      config: { conflicts: ['PALLET_ASSIGNMENT_CHANGED'] },
      schema: {
        tags: ['pallets'],
        summary: 'Delete a pallet (and its assignment and storage place; manage_pallets)',
        params: idParams,
        response: { 200: successSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        // lock its order before the pallet, in the order assign and ship take them (no deadlock)
        const seen = await loadPallet(trx, user, request.params.id);
        if (seen.order_id !== null) await lockRows(trx, 'orders', [seen.order_id]);
        const pallet = await loadPallet(trx, user, seen.id, true);
        if (pallet.order_id !== seen.order_id) {
          // put on or taken off an order meanwhile: locking that order now could deadlock
          throw refuse(
            'PALLET_ASSIGNMENT_CHANGED',
            'The pallet was assigned or unassigned while it was being deleted; try again',
            { palletId: pallet.id },
          );
        }
        await deletePallets(trx, [pallet.id]);
        const outcome: MutationOutcome<{ success: true }> = {
          body: { success: true },
          live: [palletUpdate('delete', [pallet])],
          analytics: [
            {
              event_type: 'pallet_deleted',
              location_id: pallet.location_id,
              pallet_id: pallet.id,
              order_id: pallet.order_id,
              previous_state: palletState(pallet),
            },
          ],
        };
        if (pallet.order_id !== null) {
          await syncOrderStatus(trx, pallet.order_id);
          const orders = await findOrders(trx, [pallet.order_id]);
          outcome.live!.push({
            locationId: pallet.location_id,
            message: { type: 'ORDER_UPDATE', action: 'update', orders },
          });
        }
        return outcome;
      }),
  );

  app.post(
    '/api/pallets/deletions',
    {
      config: { conflicts: ['PALLET_ASSIGNMENT_CHANGED'] },
      schema: {
        tags: ['pallets'],
        summary:
          'Delete many pallets of a location as one change: all or none (with their assignments and storage places; manage_pallets)',
        body: z.object({ locationId: z.uuid(), palletIds: palletIdList }),
        response: { 200: z.object({ deleted: z.array(z.string()) }) },
      },
    },
    async (request, reply) => {
      const { locationId, palletIds } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx) => {
        // their orders locked before the pallets, as assign, ship and the single delete take them
        const seen = await loadPalletsIn(trx, locationId, palletIds);
        const orderIds = [...new Set(seen.flatMap((pallet) => pallet.order_id ?? []))];
        await lockRows(trx, 'orders', orderIds);
        const pallets = await loadPalletsIn(trx, locationId, palletIds, true);
        const orderBefore = new Map(seen.map((pallet) => [pallet.id, pallet.order_id]));
        const moved = pallets.find((pallet) => pallet.order_id !== orderBefore.get(pallet.id));
        if (moved) {
          throw refuse(
            'PALLET_ASSIGNMENT_CHANGED',
            'The pallet was assigned or unassigned while it was being deleted; try again',
            { palletId: moved.id },
          );
        }
        await deletePallets(trx, palletIds);
        for (const orderId of orderIds) await syncOrderStatus(trx, orderId);
        const orders = await findOrders(trx, orderIds);
        return {
          body: { deleted: palletIds },
          live: [
            palletUpdate('delete', pallets),
            ...(orders.length > 0
              ? [{ locationId, message: { type: 'ORDER_UPDATE', action: 'update', orders } }]
              : []),
          ],
          analytics: pallets.map((pallet) => ({
            event_type: 'pallet_deleted' as const,
            location_id: locationId,
            pallet_id: pallet.id,
            order_id: pallet.order_id,
            previous_state: palletState(pallet),
          })),
        };
      });
    },
  );

  app.post(
    '/api/pallets/:id/process',
    {
      config: { conflicts: ['PALLET_LEFT_WAREHOUSE', 'PALLET_ON_ORDER'] },
      schema: {
        tags: ['pallets'],
        summary:
          'Mark a pallet processed: it went to small packing and leaves stock and storage (manage_pallets or kleinpak_access)',
        params: idParams,
        response: { 200: palletSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const before = await loadPallet(trx, user, request.params.id, true);
        if (before.status !== 'active')
          throw refuse('PALLET_LEFT_WAREHOUSE', `Pallet ${before.id} has already been ${before.status}`, {
            palletId: before.id,
            status: before.status,
          });
        if (before.order_id !== null) {
          throw refuse(
            'PALLET_ON_ORDER',
            `Pallet ${before.id} is on an order; take it off the order before processing it`,
            { palletId: before.id },
          );
        }
        const after = await processPallet(trx, before.id);
        return {
          body: after,
          live: [
            palletUpdate('update', [after]),
            ...(before.zone_id !== null ? [storageZoneCleared(before)] : []),
          ],
          analytics: [
            {
              event_type: 'pallet_processed',
              location_id: after.location_id,
              pallet_id: after.id,
              notes: 'Pallet processing completed',
              previous_state: palletState(before),
              new_state: palletState(after),
            },
          ],
        };
      }),
  );
}
