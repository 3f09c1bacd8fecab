import { z } from 'zod';
import { orderSchema, orderStatuses } from '../../../streams/live/order-schema';
import type { App } from '../../app-type';
import { assertLocationAccess } from '../../plugins/auth';
import { calendarDate } from '../../plugins/dates';
import { notFound, refuse } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { idParams, pageQuery, sendList, successSchema } from '../../plugins/resources';
import { countOf, lineText } from '../../plugins/text';
import {
  findPallets,
  loadPallet,
  loadPalletsIn,
  palletIdList,
  palletState,
  palletUpdate,
  shipPallets,
} from '../pallets';
import { storageZoneCleared } from '../storage';
import {
  assignPallets,
  deleteOrder,
  findOrders,
  insertOrder,
  listOrders,
  markOrderShipped,
  unassignPallet,
  updateOrder,
} from './repository';
import { assertNotShipped, assertStatusChange, loadOrder, orderUpdate } from './service';

const orderPageSchema = z.object({
  data: z.array(orderSchema),
  nextCursor: z.string().nullable(),
  lastEventId: z.number().int(),
});

const assignmentSchema = z.object({
  assignmentId: z.string(),
  orderId: z.string(),
  palletIds: z.array(z.string()),
});

const customer = lineText(200);
const requestedPallets = z.number().int().min(1).max(10_000);

const listQuery = z.object({
  locationId: z.uuid(),
  status: z.enum([...orderStatuses, 'all']).default('all'),
  ...pageQuery,
});

const createBody = z.object({
  locationId: z.uuid(),
  customer,
  requestedPallets,
  dueDate: calendarDate().nullable().optional(),
});

const patchBody = z
  .object({
    customer: customer.optional(),
    requestedPallets: requestedPallets.optional(),
    dueDate: calendarDate().nullable().optional(),
    status: z
      .enum(orderStatuses)
      .optional()
      .describe(
        'complete: a shipped order or one without pallets; open or shipped: a completed order back to the status it had; the rest follows the pallets',
      ),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of customer, requestedPallets, dueDate, status',
  });

const assignBody = z.object({ palletIds: palletIdList });

const palletParams = z.object({ id: z.string(), palletId: z.string() });

/** CONTRACT's order routes: list, create, read, change, delete, assign, unassign, ship. */
export async function orderRoutes(app: App): Promise<void> {
  app.get(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Orders of a location, newest first',
        querystring: listQuery,
        response: { 200: orderPageSchema },
      },
    },
    async (request, reply) =>
      sendList(request, reply, request.query.locationId, (db) => listOrders(db, request.query)),
  );

  app.post(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Create an order (manage_orders)',
        body: createBody,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const { locationId, ...fields } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx, user) => {
        const order = await insertOrder(trx, locationId, fields, user.id);
        return {
          status: 201,
          body: order,
          live: [orderUpdate('add', order)],
          analytics: [
            { event_type: 'order_created', location_id: locationId, order_id: order.id, new_state: order },
          ],
        };
      });
    },
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        summary: 'Read an order',
        tags: ['orders'],
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => loadOrder(app.db, request.user!, request.params.id),
  );

  app.patch(
    '/api/orders/:id',
    {
      config: { conflicts: ['ORDER_STATUS_CHANGE'] },
      schema: {
        tags: ['orders'],
        summary: 'Change an order (manage_orders)',
        params: idParams,
        body: patchBody,
        response: { 200: orderSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const before = await loadOrder(trx, user, request.params.id, true);
        assertStatusChange(before, request.body.status);
        const after = await updateOrder(trx, before.id, request.body);
        const completed = before.status !== 'complete' && after.status === 'complete';
        return {
          body: after,
          live: [orderUpdate('update', after)],
          analytics: [
            {
              event_type: completed ? 'order_complete' : 'order_updated',
              location_id: after.locationId,
              order_id: after.id,
              previous_state: before,
              new_state: after,
            },
          ],
        };
      }),
  );

  app.delete(
    '/api/orders/:id',
    {
      config: { conflicts: ['ORDER_HAS_PALLETS'] },
      schema: {
        tags: ['orders'],
        summary: 'Delete an order without pallets; 409 while pallets are on it (manage_orders)',
        params: idParams,
        response: { 200: successSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const order = await loadOrder(trx, user, request.params.id, true);
        const count = order.palletIds.length;
        if (count > 0) {
          throw refuse(
            'ORDER_HAS_PALLETS',
            `The order still has ${countOf(count, 'pallet')} on it; only an order without pallets can be deleted`,
            { count },
          );
        }
        await deleteOrder(trx, order.id);
        return {
          body: { success: true as const },
          live: [orderUpdate('delete', order)],
          analytics: [
            {
              event_type: 'order_deleted',
              location_id: order.locationId,
              order_id: order.id,
              previous_state: order,
            },
          ],
        };
      }),
  );

  app.post(
    '/api/orders/:id/assign',
    {
      config: {
        conflicts: [
          'ORDER_CLOSED',
          'PALLET_LEFT_WAREHOUSE',
          'PALLET_ALREADY_ON_ORDER',
          'PALLET_ON_OTHER_ORDER',
        ],
      },
      schema: {
        tags: ['orders'],
        summary:
          'Put pallets on the order as one assignment; 409 if one is on an order already (manage_orders)',
        params: idParams,
        body: assignBody,
        response: { 200: assignmentSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const { palletIds } = request.body;
        const order = await loadOrder(trx, user, request.params.id, true);
        assertNotShipped(order);
        const pallets = await loadPalletsIn(trx, order.locationId, palletIds, true);
        for (const pallet of pallets) {
          if (pallet.status !== 'active')
            throw refuse('PALLET_LEFT_WAREHOUSE', `Pallet ${pallet.id} has already been ${pallet.status}`, {
              palletId: pallet.id,
              status: pallet.status,
            });
          if (pallet.order_id === order.id)
            throw refuse('PALLET_ALREADY_ON_ORDER', `Pallet ${pallet.id} is already on this order`, {
              palletId: pallet.id,
            });
          if (pallet.order_id !== null)
            throw refuse(
              'PALLET_ON_OTHER_ORDER',
              `Pallet ${pallet.id} is already assigned to another order`,
              {
                palletId: pallet.id,
              },
            );
        }
        const assignmentId = await assignPallets(trx, order, palletIds, user.id);
        const [after] = await findOrders(trx, [order.id]);
        return {
          body: { assignmentId, orderId: order.id, palletIds },
          live: [
            {
              locationId: order.locationId,
              message: { type: 'ASSIGNMENT_UPDATE', palletIds, orderId: order.id, assignmentId },
            },
            orderUpdate('update', after),
          ],
          analytics: palletIds.map((palletId) => ({
            event_type: 'pallet_assigned' as const,
            location_id: order.locationId,
            pallet_id: palletId,
            order_id: order.id,
            new_state: { order_id: order.id, assignment_id: assignmentId },
          })),
        };
      }),
  );

  app.delete(
    '/api/orders/:id/pallets/:palletId',
    {
      config: { conflicts: ['ORDER_CLOSED'] },
      schema: {
        tags: ['orders'],
        summary: 'Take a pallet off the order (manage_orders)',
        params: palletParams,
        response: { 200: orderSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const order = await loadOrder(trx, user, request.params.id, true);
        const pallet = await loadPallet(trx, user, request.params.palletId, true);
        if (pallet.order_id !== order.id) throw notFound();
        assertNotShipped(order);
        await unassignPallet(trx, order.id, pallet.id);
        const [after] = await findOrders(trx, [order.id]);
        const [palletAfter] = await findPallets(trx, [pallet.id]);
        return {
          body: after,
          live: [palletUpdate('update', [palletAfter]), orderUpdate('update', after)],
          analytics: [
            {
              event_type: 'pallet_unassigned',
              location_id: order.locationId,
              pallet_id: pallet.id,
              order_id: order.id,
              previous_state: { order_id: order.id, assignment_id: pallet.assignment_id },
            },
          ],
        };
      }),
  );

  app.post(
    '/api/orders/:id/ship',
    {
      config: { conflicts: ['ORDER_CLOSED', 'ORDER_HAS_NO_PALLETS'] },
      schema: {
        tags: ['orders'],
        summary: 'Ship the order: it and its pallets become shipped, and leave storage (manage_orders)',
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    async (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        const order = await loadOrder(trx, user, request.params.id, true);
        assertNotShipped(order);
        if (order.palletIds.length === 0)
          throw refuse('ORDER_HAS_NO_PALLETS', 'The order has no pallets to ship');
        const before = await findPallets(trx, order.palletIds, true);
        const shipped = await shipPallets(trx, order.palletIds);
        const after = await markOrderShipped(trx, order.id);
        return {
          body: after,
          live: [
            palletUpdate('update', shipped),
            ...before.filter((pallet) => pallet.zone_id !== null).map(storageZoneCleared),
            orderUpdate('update', after),
          ],
          analytics: [
            {
              event_type: 'order_shipped',
              location_id: order.locationId,
              order_id: order.id,
              new_state: after,
            },
            ...before.map((pallet) => ({
              event_type: 'pallet_shipped' as const,
              location_id: order.locationId,
              pallet_id: pallet.id,
              order_id: order.id,
              previous_state: palletState(pallet),
              new_state: { status: 'shipped' },
            })),
          ],
        };
      }),
  );
}
