import { useMemo } from 'react';
import type { QueuedRequest } from '../../../streams/offline';
import { useLocationId, useUser } from '../../hooks/app-state';
import { useOfflineQueue } from '../../hooks/offline-queue';
import { i18n } from '../../i18n/i18n';

const short = (palletId: string) => `…${palletId.slice(-6)}`;

/**
 * The operator's changes on the phone, each through the offline queue: sent at once when the
 * network is there (resolving `sent`, or rejecting with the server's refusal), otherwise kept on
 * the phone and sent in order later (resolving `queued`).
 */
export function usePhoneCommands() {
  const queue = useOfflineQueue();
  const userId = useUser()?.id ?? '';
  const locationId = useLocationId();
  return useMemo(() => {
    const make = (request: QueuedRequest, label: string) => queue.enqueue(userId, request, label);
    return {
      store: (palletId: string, zoneId: string, rowIndex: number, where: string) =>
        make(
          { method: 'POST', path: '/api/storage/moves', body: { palletIds: [palletId], zoneId, rowIndex } },
          i18n.t('mobile:change.store', { pallet: short(palletId), where }),
        ),
      takeOut: (palletId: string) =>
        make(
          { method: 'POST', path: '/api/storage/take-outs', body: { locationId, palletIds: [palletId] } },
          i18n.t('mobile:change.takeOut', { pallet: short(palletId) }),
        ),
      assign: (orderId: string, palletId: string, customer: string) =>
        make(
          { method: 'POST', path: `/api/orders/${orderId}/assign`, body: { palletIds: [palletId] } },
          i18n.t('mobile:change.assign', { pallet: short(palletId), customer }),
        ),
      ship: (orderId: string, customer: string) =>
        make(
          { method: 'POST', path: `/api/orders/${orderId}/ship` },
          i18n.t('mobile:change.ship', { customer }),
        ),
    };
  }, [queue, userId, locationId]);
}
