import { type Kysely, sql } from 'kysely';
import type { WireOrder } from '../../../streams/live/order-schema';
import type { DB } from '../../db/schema';
import type { ListSnapshot } from '../../db/sql';
import { isoTime, lockRows, pageJson } from '../../db/sql';

/** An order's status: open (no pallets), assigned (pallets on it), shipped, complete. */
/** One of an order's statuses (SPEC 3). */
export type OrderStatus = WireOrder['status'];

/** An order as the API answers it (camelCase, CONTRACT), built in SQL. */
export type OrderDoc = WireOrder;

/** Fields of a new order. */
export interface NewOrder {
  customer: string;
  requestedPallets: number;
  dueDate?: string | null;
}

/** Fields PATCH may change. */
export interface OrderChanges {
  customer?: string;
  requestedPallets?: number;
  dueDate?: string | null;
  status?: OrderStatus;
}

const orderDoc = sql<OrderDoc>`json_build_object(
  'id', o.id, 'locationId', o.location_id, 'customer', o.customer, 'status', o.status,
  'palletIds', coalesce(
    (select json_agg(a.pallet_id order by a.assigned_at, a.pallet_id) from assignments a where a.order_id = o.id),
    '[]'::json),
  'assignedPallets', (select count(*) from assignments a where a.order_id = o.id),
  'requestedPallets', o.requested_pallets, 'dueDate', o.due_date, 'createdBy', o.created_by,
  'createdAt', ${isoTime('o.created_at')}, 'updatedAt', ${isoTime('o.updated_at')},
  'shippedAt', ${isoTime('o.shipped_at')})`;

/** The orders `ids` (those that exist), newest first; `lock` holds their row locks. */
export async function findOrders(db: Kysely<DB>, ids: string[], lock = false): Promise<OrderDoc[]> {
  if (ids.length === 0) return [];
  if (lock) await lockRows(db, 'orders', ids);
  const rows = await db
    .selectFrom('orders as o')
    .select(orderDoc.as('doc'))
    .where('o.id', 'in', ids)
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((row) => row.doc);
}

/** Filters and page of GET /api/orders. */
export interface OrderFilter {
  locationId: string;
  status: OrderStatus | 'all';
  limit: number;
  cursor?: string;
}

/** One page of GET /api/orders, newest first, as the JSON text of `{data, nextCursor, lastEventId}`. */
export function listOrders(db: Kysely<DB>, filter: OrderFilter): Promise<ListSnapshot> {
  let page = db
    .selectFrom('orders as o')
    .select(['o.id', orderDoc.as('doc')])
    .where('o.location_id', '=', filter.locationId)
    .orderBy('o.id', 'desc')
    .limit(filter.limit);
  if (filter.status !== 'all') page = page.where('o.status', '=', filter.status);
  if (filter.cursor !== undefined) page = page.where('o.id', '<', filter.cursor);
  return pageJson(db, page, filter.limit, filter.locationId, {
    cursor: 'nextCursor',
    lastEventId: 'lastEventId',
  });
}

/** Creates an open order; answers its document. */
export async function insertOrder(
  trx: Kysely<DB>,
  locationId: string,
  order: NewOrder,
  userId: string,
): Promise<OrderDoc> {
  const { id } = await trx
    .insertInto('orders')
    .values({
      location_id: locationId,
      customer: order.customer,
      requested_pallets: order.requestedPallets,
      due_date: order.dueDate ?? null,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findOrders(trx, [id]))[0];
}

/** Changes an order's fields; answers the new document. */
export async function updateOrder(trx: Kysely<DB>, id: string, changes: OrderChanges): Promise<OrderDoc> {
  await trx
    .updateTable('orders')
    .set({
      customer: changes.customer,
      requested_pallets: changes.requestedPallets,
      due_date: changes.dueDate,
      status: changes.status,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  return (await findOrders(trx, [id]))[0];
}

/** Deletes an order; its pallets stay, unassigned. */
export async function deleteOrder(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('orders').where('id', '=', id).execute();
}

/** Puts `palletIds` on order `orderId` as one assignment (open orders become assigned). */
export async function assignPallets(
  trx: Kysely<DB>,
  order: Pick<OrderDoc, 'id' | 'locationId'>,
  palletIds: string[],
  userId: string,
): Promise<string> {
  const assignmentId = crypto.randomUUID();
  await trx
    .insertInto('assignments')
    .values(
      palletIds.map((pallet_id) => ({
        pallet_id,
        order_id: order.id,
        assignment_id: assignmentId,
        location_id: order.locationId,
        assigned_by: userId,
      })),
    )
    .execute();
  await syncOrderStatus(trx, order.id);
  return assignmentId;
}

/** Takes `palletId` off order `orderId` (an order left without pallets is open again). */
export async function unassignPallet(trx: Kysely<DB>, orderId: string, palletId: string): Promise<void> {
  await trx
    .deleteFrom('assignments')
    .where('order_id', '=', orderId)
    .where('pallet_id', '=', palletId)
    .execute();
  await syncOrderStatus(trx, orderId);
}

/**
 * Sets an unshipped order's status from its pallets: assigned when it has any, open otherwise.
 * Call after its pallets changed (assign, unassign, a pallet deleted).
 */
export async function syncOrderStatus(trx: Kysely<DB>, orderId: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: sql`case when exists (select 1 from assignments a where a.order_id = orders.id) then 'assigned' else 'open' end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', orderId)
    .where('status', 'in', ['open', 'assigned'])
    .execute();
}

/** Marks an order shipped (its pallets are shipped by the caller). */
export async function markOrderShipped(trx: Kysely<DB>, orderId: string): Promise<OrderDoc> {
  await trx
    .updateTable('orders')
    .set({ status: 'shipped', shipped_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
  return (await findOrders(trx, [orderId]))[0];
}
