import { useMemo } from 'react';
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
