import type { Order } from '../../../streams/live';

/** The statuses an order shows on the phone, each with its word in the catalogue (`pallet.orderStatus.*`). */
export const orderStatuses = ['open', 'assigned', 'shipped', 'complete'] as const;

/** An order's status among those; an order without one (or one the phone does not know) is open. */
export const orderStatusOf = (order: Order): (typeof orderStatuses)[number] =>
  orderStatuses.find((status) => status === order.status) ?? 'open';
