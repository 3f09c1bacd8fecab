import { useMemo } from 'react';
import type { Pallet } from '../../../streams/live';
import type { QueuedRequest } from '../../../streams/offline';
import { useLocationId, useUser } from '../../hooks/app-state';
import { useOfflineQueue } from '../../hooks/offline-queue';
import type { PalletFields } from '../../hooks/pallet-commands';
import { timeOrderedUuid } from '../../offline/random-key';
import { useServices } from '../../services';

const short = (palletId: string) => `…${palletId.slice(-6)}`;

/** The changes the phone makes, each worded by its message `mobile:change.<kind>`. */
export const changeKinds = ['make', 'remove', 'store', 'takeOut', 'assign', 'ship'] as const;

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
  const { scheduler } = useServices();
  return useMemo(() => {
    const make = (request: QueuedRequest, key: ChangeKind, params: Record<string, string | number>) =>
      queue.enqueue(userId, request, { key, params });
    return {
      /**
       * Makes a pallet under an id made here, so that it can be shown, its label printed by the
       * browser and a move of it queued before the server has it; `waiting` until it has.
       */
      async makePallet(fields: PalletFields): Promise<{ pallet: Pallet; waiting: boolean }> {
        const at = scheduler.now();
        const id = timeOrderedUuid(at);
        const outcome = await make(
          { method: 'POST', path: '/api/pallets', body: { id, locationId, ...fields } },
          'make',
          { pallet: short(id), tomatoType: fields.tomatoType, boxType: fields.boxType },
        );
        const createdAt = new Date(at).toISOString();
        const pallet: Pallet = {
          id,
          locationId: locationId ?? undefined,
          ...fields,
          status: 'active',
          version: 1,
          qrCode: JSON.stringify({ id }),
          addedBy: userId,
          createdAt,
        };
        return { pallet, waiting: outcome === 'queued' };
      },
      /** Deletes a pallet (the sorting line's undo), after whatever was queued of it. */
      removePallet: (pallet: Pallet) =>
        make(
          { method: 'POST', path: '/api/pallets/deletions', body: { locationId, palletIds: [pallet.id] } },
          'remove',
          { pallet: short(pallet.id) },
        ),
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
  }, [queue, userId, locationId, scheduler]);
}
