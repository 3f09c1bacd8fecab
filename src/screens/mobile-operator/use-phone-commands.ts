import { useMemo } from 'react';
import type { QueuedRequest } from '../../../streams/offline';
import { useLocationId, useUser } from '../../hooks/app-state';
import { useOfflineQueue } from '../../hooks/offline-queue';

const short = (palletId: string) => `…${palletId.slice(-6)}`;

/** The changes the phone makes, each worded by its message `mobile:change.<kind>`. */
export const changeKinds = ['store', 'takeOut', 'assign', 'ship'] as const;

type ChangeKind = (typeof changeKinds)[number];

/**
 * The operator's changes on the phone, each through the offline queue: sent at once when the
 * network is there (resolving `sent`, or rejecting with the server's refusal), otherwise kept on
 * the phone and sent in order later (resolving `queued`). Each is kept with its message's key and
 * parameters, not its words, so the queue shows it in whatever language the phone speaks then.
 */
export function usePhoneCommands() {
  const queue = useOfflineQueue();
  const userId = useUser()?.id ?? '';
  const locationId = useLocationId();
  return useMemo(() => {
    const make = (request: QueuedRequest, key: ChangeKind, params: Record<string, string | number>) =>
      queue.enqueue(userId, request, { key, params });
    return {
      store: (palletId: string, zoneId: string, rowIndex: number, zoneName: string) =>
        make(
          { method: 'POST', path: '/api/storage/moves', body: { palletIds: [palletId], zoneId, rowIndex } },
          'store',
          {
            pallet: short(palletId),
            zone: zoneName,
            row: rowIndex + 1,
          },
        ),
      takeOut: (palletId: string) =>
        make(
          { method: 'POST', path: '/api/storage/take-outs', body: { locationId, palletIds: [palletId] } },
          'takeOut',
          { pallet: short(palletId) },
        ),
      assign: (orderId: string, palletId: string, customer: string) =>
        make(
          { method: 'POST', path: `/api/orders/${orderId}/assign`, body: { palletIds: [palletId] } },
          'assign',
          { pallet: short(palletId), customer },
        ),
      ship: (orderId: string, customer: string) =>
        make({ method: 'POST', path: `/api/orders/${orderId}/ship` }, 'ship', { customer }),
    };
  }, [queue, userId, locationId]);
}
