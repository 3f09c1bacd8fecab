import { useMemo } from 'react';
import type { Order } from '../../streams/live';
import { useServices } from '../services';
import { useLocationId } from './app-state';

/** What a person sets on an order. */
export interface OrderFields {
  customer: string;
  requestedPallets: number;
  /** yyyy-mm-dd, or null for none. */
  dueDate: string | null;
}

/**
 * The order and storage commands of the chosen location. Each answers when the server has taken
 * the change; the live stream then brings it to every open page, this one included. A refusal
 * rejects with SPEC 8's message (a pallet on another order, a full row: the server's sentence).
 */
export function useOrderCommands() {
  const { session } = useServices();
  const locationId = useLocationId();
  return useMemo(() => {
    const { api } = session;
    return {
      createOrder: (fields: OrderFields) => api.post('/api/orders', { locationId, ...fields }),
      updateOrder: (id: string, fields: Partial<OrderFields>) => api.patch(`/api/orders/${id}`, fields),
      /** Closes a shipped order, or one without pallets that will not be filled. */
      completeOrder: (id: string) => api.patch(`/api/orders/${id}`, { status: 'complete' }),
      /** Opens a completed order again, at the status it had: shipped if it was shipped, else open. */
      reopenOrder: (order: Order) =>
        api.patch(`/api/orders/${order.id}`, {
          status: typeof order.shippedAt === 'string' ? 'shipped' : 'open',
        }),
      /** Deletes an order; refused (with the server's reason) while pallets are on it. */
      deleteOrder: (id: string) => api.delete(`/api/orders/${id}`),
      assign: (orderId: string, palletIds: readonly string[]) =>
        api.post(`/api/orders/${orderId}/assign`, { palletIds }),
      unassign: (orderId: string, palletId: string) =>
        api.delete(`/api/orders/${orderId}/pallets/${palletId}`),
      ship: (orderId: string) => api.post(`/api/orders/${orderId}/ship`),
      /** Puts each pallet into the row, one after the other (a full row stops at the first refused). */
      async store(palletIds: readonly string[], zoneId: string, rowIndex: number) {
        for (const palletId of palletIds)
          await api.post('/api/storage/positions', { palletId, zoneId, rowIndex });
      },
      async takeOut(palletIds: readonly string[]) {
        for (const palletId of palletIds) await api.delete(`/api/storage/positions/${palletId}`);
      },
    };
  }, [session, locationId]);
}
