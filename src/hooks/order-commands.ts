import { useMemo } from 'react';
import { firstValueFrom } from 'rxjs';
import type { Order, Pallet } from '../../streams/live';
import { randomUuid } from '../offline/random-key';
import { useServices } from '../services';
import { useLocationId } from './app-state';

/** What a person sets on an order. */
export interface OrderFields {
  customer: string;
  requestedPallets: number;
  /** yyyy-mm-dd, or null for none. */
  dueDate: string | null;
}

/** Options of a change sent once: its own `Idempotency-Key`, so a retried request applies it once. */
export const sentOnce = () => ({ headers: { 'Idempotency-Key': randomUuid() } });

/**
 * The order and storage commands of the chosen location. Each answers when the server has taken
 * the change; the live stream then brings it to every open page, this one included. A refusal
 * rejects with SPEC 8's message (a pallet on another order, a full row: the server's sentence).
 * A change to many ticked pallets is one request, applied to all of them or to none: it shows at
 * once on all of them (SPEC 4's optimistic mark), and a refusal puts them all back.
 */
export function useOrderCommands() {
  const { session, live$, processing } = useServices();
  const locationId = useLocationId();
  return useMemo(() => {
    const { api } = session;
    /** A change of many pallets is not to be interrupted: the page waits behind the overlay (SPEC 2). */
    const many = <T>(palletIds: readonly string[], send: () => Promise<T>) =>
      palletIds.length > 1 ? processing.block(send) : send();
    /** Shows `change` (SPEC 7 bodies, each delivered) on the pallets it names, then sends it. */
    const optimistically = async <T>(
      change: (pallet: (id: string) => Pallet | undefined) => unknown[],
      send: () => Promise<T>,
    ): Promise<T> => {
      const store = await firstValueFrom(live$);
      if (store) {
        const { pallets } = await firstValueFrom(store.state$);
        // one body per call: of an optimistic batch only the last is delivered
        for (const body of change((id) => pallets.get(id))) store.applyOptimistic([body]);
      }
      try {
        return await send();
      } catch (error) {
        // back to what the server holds: the location's data is loaded again
        store?.reload();
        throw error;
      }
    };
    const present = (ids: readonly string[], pallet: (id: string) => Pallet | undefined) =>
      ids.map(pallet).filter((p): p is Pallet => p !== undefined);
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
      /** Puts the pallets on the order as one assignment. */
      assign: (orderId: string, palletIds: readonly string[]) =>
        optimistically(
          () => [{ type: 'ASSIGNMENT_UPDATE', locationId, orderId, palletIds }],
          () => many(palletIds, () => api.post(`/api/orders/${orderId}/assign`, { palletIds }, sentOnce())),
        ),
      unassign: (orderId: string, palletId: string) =>
        api.delete(`/api/orders/${orderId}/pallets/${palletId}`),
      /** Ships the order and its pallets, behind the overlay: a shipment is not to be interrupted. */
      ship: (orderId: string) => processing.block(() => api.post(`/api/orders/${orderId}/ship`)),
      /** Moves the pallets into the row, all of them or (a row without room for them all) none. */
      store: (palletIds: readonly string[], zone: { id: string; name: string }, rowIndex: number) =>
        optimistically(
          (pallet) => [
            {
              type: 'PALLET_UPDATE',
              action: 'update',
              locationId,
              pallets: present(palletIds, pallet).map((p) => ({
                ...p,
                zoneId: zone.id,
                storageZone: zone.name,
                rowIndex,
              })),
            },
          ],
          () =>
            many(palletIds, () =>
              api.post('/api/storage/moves', { palletIds, zoneId: zone.id, rowIndex }, sentOnce()),
            ),
        ),
      /** Takes the pallets out of storage (those in no row stay as they are). */
      takeOut: (palletIds: readonly string[]) =>
        optimistically(
          (pallet) =>
            present(palletIds, pallet)
              .filter((p) => p.zoneId)
              .map((p) => ({
                type: 'PALLET_UPDATED',
                action: 'update_storage_zone',
                locationId,
                palletId: p.id,
                zoneId: null,
                storageZone: null,
              })),
          () =>
            many(palletIds, () => api.post('/api/storage/take-outs', { locationId, palletIds }, sentOnce())),
        ),
      /** Deletes the pallets, all of them or none. */
      removePallets: (palletIds: readonly string[]) =>
        optimistically(
          (pallet) => [
            { type: 'PALLET_UPDATE', action: 'delete', locationId, pallets: present(palletIds, pallet) },
          ],
          () =>
            many(palletIds, () => api.post('/api/pallets/deletions', { locationId, palletIds }, sentOnce())),
        ),
    };
  }, [session, live$, processing, locationId]);
}
