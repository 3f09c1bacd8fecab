import { derived, type Entities } from './entities';
import type { Pallet, StorageZone } from './types';

/** A storage zone with the pallets standing in each of its rows. */
export interface ZoneOccupancy {
  zone: StorageZone;
  /** Per row (index = rowIndex), the ids of the pallets in it, in display order. */
  rows: readonly (readonly string[])[];
  /** How many pallets stand in the zone's rows. */
  palletCount: number;
}

/**
 * The storage zones in display order with the pallets in each row, from where the pallets say
 * they stand (`zoneId`, `rowIndex`; a pallet outside its zone's rows is left out). Worked out
 * once per pair of tables: a batch that changes no pallet and no zone gets the same object.
 */
export function zoneOccupancy(state: {
  pallets: Entities<Pallet>;
  zones: Entities<StorageZone>;
}): readonly ZoneOccupancy[] {
  const { pallets, zones } = state;
  return derived(pallets, zones, () => {
    const rowsOf = new Map<string, string[][]>();
    for (const id of zones.ids) {
      const zone = zones.get(id) as StorageZone;
      rowsOf.set(
        id,
        Array.from({ length: zone.rows }, () => []),
      );
    }
    for (const id of pallets.ids) {
      const { zoneId, rowIndex } = pallets.get(id) as Pallet;
      if (typeof zoneId === 'string' && typeof rowIndex === 'number')
        rowsOf.get(zoneId)?.[rowIndex]?.push(id);
    }
    return zones.ids.map((id) => {
      const rows = rowsOf.get(id) as string[][];
      const palletCount = rows.reduce((sum, row) => sum + row.length, 0);
      return { zone: zones.get(id) as StorageZone, rows, palletCount };
    });
  });
}
