import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type AuthUser, isUuid, visible } from '../../plugins/auth';
import { notFound, refuse } from '../../plugins/errors';
import { findOrders, type OrderDoc, type OrderStatus } from './repository';

/** The order `id` if the caller may see it (404 otherwise); `lock` holds its row lock. */
export async function loadOrder(db: Kysely<DB>, user: AuthUser, id: string, lock = false): Promise<OrderDoc> {
  if (!isUuid(id)) throw notFound();
  return visible(user, (await findOrders(db, [id], lock))[0], (order) => order.locationId);
}

/** An ORDER_UPDATE live message of SPEC 7 for one order. */
export function orderUpdate(action: 'add' | 'update' | 'delete', order: OrderDoc) {
  return { locationId: order.locationId, message: { type: 'ORDER_UPDATE', action, orders: [order] } };
}

/** 409 unless pallets may still be put on or taken off `order`. */
export function assertNotShipped(order: OrderDoc): void {
  if (order.status === 'shipped' || order.status === 'complete') {
    throw refuse(
      'ORDER_CLOSED',
      `The order has already been ${order.status === 'shipped' ? 'shipped' : 'completed'}`,
      { status: order.status },
    );
  }
}

/**
 * 409 unless PATCH may move `order` to `to`. Unshipped statuses follow the pallets; an order is
 * completed once shipped, or while it holds no pallets (one that will not be filled); a completed
 * order reopens to the status it had: shipped if it was shipped, open otherwise.
 */
export function assertStatusChange(order: OrderDoc, to: OrderStatus | undefined): void {
  const from = order.status;
  if (to === undefined || to === from) return;
  const allowed =
    to === 'complete'
      ? from === 'shipped' || from === 'open'
      : from === 'complete' && to === (order.shippedAt === null ? 'open' : 'shipped');
  if (allowed) return;
  throw refuse(
    'ORDER_STATUS_CHANGE',
    `An order's status cannot change from ${from} to ${to}: assigning pallets makes it assigned, shipping makes it shipped, a shipped order or one without pallets can be completed, and a completed order reopens to ${order.shippedAt === null ? 'open' : 'shipped'}`,
    { from, to },
  );
}
