import { useMemo } from 'react';
import { firstValueFrom } from 'rxjs';
import type { Pallet } from '../../streams/live';
import { useServices } from '../services';
import { useLocationId } from './app-state';
import { useOrderCommands } from './order-commands';

/** The attributes a person sets on a pallet. */
export interface PalletFields {
  palletType: string;
  boxType: string;
  tomatoType: string;
  tomatoOption: string;
  weight: number;
}

/**
 * The pallet commands of the chosen location. Changes and deletes show at once (SPEC 4's
 * optimistic mark) and are rolled back when the server refuses them; the caller gets the error
 * (SPEC 8's message) to show.
 */
export function usePalletCommands() {
  const { session, live$ } = useServices();
  const locationId = useLocationId();
  const { removePallets } = useOrderCommands();
  return useMemo(() => {
    const optimistic = async (bodies: unknown[]) => (await firstValueFrom(live$))?.applyOptimistic(bodies);
    const palletUpdate = (action: 'update' | 'delete', pallet: Pallet) => ({
      type: 'PALLET_UPDATE',
      action,
      locationId: pallet.locationId,
      pallets: [pallet],
    });
    return {
      /** Makes a pallet; it shows when the server's live event arrives (its id is the server's). */
      create: (fields: PalletFields) => session.api.post<Pallet>('/api/pallets', { locationId, ...fields }),
      /** Changes a pallet made to `pallet.version`; a stale version is refused with 409. */
      async update(pallet: Pallet, fields: Partial<PalletFields>) {
        await optimistic([palletUpdate('update', { ...pallet, ...fields })]);
        try {
          return await session.api.patch<Pallet>(`/api/pallets/${pallet.id}`, {
            version: pallet.version,
            ...fields,
          });
        } catch (error) {
          // back to what the server holds now (someone else may have changed it meanwhile)
          const fresh = await session.api.get<Pallet>(`/api/pallets/${pallet.id}`).catch(() => null);
          if (fresh) await optimistic([palletUpdate('update', fresh)]);
          else (await firstValueFrom(live$))?.reload();
          throw error;
        }
      },
      /** Deletes a pallet: the ticked pallets' delete, of one. */
      remove: async (pallet: Pallet) => void (await removePallets([pallet.id])),
      /** Marks a pallet processed (it went to small packing, kleinpak); the live update shows it. */
      process: (id: string) => session.api.post<Pallet>(`/api/pallets/${id}/process`),
      /** The pallet as the server has it now (after a 409, to show what changed). */
      fresh: (id: string) => session.api.get<Pallet>(`/api/pallets/${id}`),
    };
  }, [session, live$, locationId, removePallets]);
}
