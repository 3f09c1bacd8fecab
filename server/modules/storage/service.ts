import type { PalletDoc } from '../pallets';
import type { ZoneDoc } from './repository';

/** PALLET_UPDATED of SPEC 7: `pallet` now stands in `zone` (or nowhere, when null). */
export function storageZoneChanged(pallet: PalletDoc, zone: Pick<ZoneDoc, 'id' | 'name'> | null) {
  return {
    locationId: pallet.location_id,
    message: {
      type: 'PALLET_UPDATED',
      action: 'update_storage_zone',
      palletId: pallet.id,
      zoneId: zone?.id ?? null,
      storageZone: zone?.name ?? null,
    },
  };
}

/** PALLET_UPDATED for a pallet taken out of storage (shipped, or removed from its row). */
export const storageZoneCleared = (pallet: PalletDoc) => storageZoneChanged(pallet, null);
