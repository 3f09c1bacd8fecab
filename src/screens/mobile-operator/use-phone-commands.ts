import { useMemo } from 'react';
import type { QueuedRequest } from '../../../streams/offline';
import { useUser } from '../../hooks/app-state';
import { useOfflineQueue } from '../../hooks/offline-queue';

const short = (palletId: string) => `…${palletId.slice(-6)}`;

/**
 * The operator's changes on the phone, each through the offline queue: sent at once when the
 * network is there (resolving `sent`, or rejecting with the server's refusal), otherwise kept on
 * the phone and sent in order later (resolving `queued`).
 */
export function usePhoneCommands() {
  const queue = useOfflineQueue();
  const userId = useUser()?.id ?? '';
  return useMemo(() => {
    const make = (request: QueuedRequest, label: string) => queue.enqueue(userId, request, label);
    return {
      store: (palletId: string, zoneId: string, rowIndex: number, where: string) =>
        make(
          { method: 'POST', path: '/api/storage/positions', body: { palletId, zoneId, rowIndex } },
          `Store pallet ${short(palletId)} in ${where}`,
        ),
      takeOut: (palletId: string) =>
        make(
          { method: 'DELETE', path: `/api/storage/positions/${palletId}` },
          `Take pallet ${short(palletId)} out of storage`,
        ),
      assign: (orderId: string, palletId: string, customer: string) =>
        make(
          { method: 'POST', path: `/api/orders/${orderId}/assign`, body: { palletIds: [palletId] } },
          `Assign pallet ${short(palletId)} to ${customer}`,
        ),
      ship: (orderId: string, customer: string) =>
        make({ method: 'POST', path: `/api/orders/${orderId}/ship` }, `Ship the order of ${customer}`),
    };
  }, [queue, userId]);
}
