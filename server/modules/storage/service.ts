import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type AuthUser, canSeeLocation, isUuid, visible } from '../../plugins/auth';
import { fieldError, invalid, notFound, refuse } from '../../plugins/errors';
import { countOf } from '../../plugins/text';
import type { PalletDoc } from '../pallets';
import { findZone, type ZoneDoc, type ZoneFields } from './repository';

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

/** The zone `id` if the caller may see it (404 otherwise); `lock` holds its row lock. */
export async function loadZone(db: Kysely<DB>, user: AuthUser, id: string, lock = false): Promise<ZoneDoc> {
  if (!isUuid(id)) throw notFound();
  return visible(user, await findZone(db, id, lock), (zone) => zone.locationId);
}

/** A zone change for the live log (not one of SPEC 7's types: clients that do not know it skip it). */
export function zoneUpdate(action: 'add' | 'update' | 'delete', zone: ZoneDoc) {
  return { locationId: zone.locationId, message: { type: 'STORAGE_ZONE_UPDATE', action, zones: [zone] } };
}

/** Where a pallet stood, for analytics' previous_state / new_state. */
export const placeOf = (pallet: PalletDoc) => ({
  zone_id: pallet.zone_id,
  storage_zone: pallet.storage_zone,
  row_index: pallet.row_index,
});

/** 409 if a zone shrunk to `fields` would leave pallets outside its rows or over capacity. */
export function assertFits(zone: ZoneDoc, fields: Partial<ZoneFields>): void {
  const rows = fields.rows ?? zone.rows;
  const capacity = fields.rowCapacity ?? zone.rowCapacity;
  zone.rowPallets.forEach((pallets, rowIndex) => {
    if (rowIndex >= rows && pallets.length > 0) {
      throw refuse(
        'ROW_NOT_EMPTY',
        `Row ${rowIndex + 1} of zone ${zone.name} still holds ${countOf(pallets.length, 'pallet')}`,
        { zoneName: zone.name, rowIndex, count: pallets.length },
      );
    }
    if (pallets.length > capacity) {
      throw refuse(
        'ROW_OVER_CAPACITY',
        `Row ${rowIndex + 1} of zone ${zone.name} holds ${countOf(pallets.length, 'pallet')}, more than ${capacity}`,
        { zoneName: zone.name, rowIndex, count: pallets.length, capacity },
      );
    }
  });
}

/** The zone of a move into its row `rowIndex`, locked (422 for a zone the caller cannot see or a row past it). */
export async function loadRowZone(
  trx: Kysely<DB>,
  user: AuthUser,
  zoneId: string,
  rowIndex: number,
): Promise<ZoneDoc> {
  // the zone's lock makes moves into it run one by one, so two cannot fill the same places
  const zone = await findZone(trx, zoneId, true);
  if (zone === undefined || !canSeeLocation(user, zone.locationId))
    throw invalid({ zoneId: fieldError('NO_SUCH_ZONE', 'no such storage zone') });
  if (rowIndex >= zone.rows) {
    throw invalid({
      rowIndex: fieldError(
        'ROW_OUT_OF_RANGE',
        `must be below ${zone.rows}, the number of rows of zone ${zone.name}`,
        { zoneName: zone.name, rows: zone.rows },
      ),
    });
  }
  return zone;
}

/** 409 unless `pallets` are all in the warehouse and fit in row `rowIndex` of `zone` together. */
export function assertFitInRow(zone: ZoneDoc, rowIndex: number, pallets: PalletDoc[]): void {
  for (const pallet of pallets) {
    if (pallet.status !== 'active')
      throw refuse(
        'PALLET_LEFT_WAREHOUSE',
        `Pallet ${pallet.id} has been ${pallet.status} and has left the warehouse`,
        { palletId: pallet.id, status: pallet.status },
      );
  }
  const moving = new Set(pallets.map((pallet) => pallet.id));
  const room = Math.max(
    0,
    zone.rowCapacity - zone.rowPallets[rowIndex].filter((id) => !moving.has(id)).length,
  );
  if (pallets.length <= room) return;
  const where = { zoneName: zone.name, rowIndex, capacity: zone.rowCapacity };
  if (room === 0 && pallets.length === 1)
    throw refuse(
      'ROW_FULL',
      `Row ${rowIndex + 1} of zone ${zone.name} is full (${zone.rowCapacity} pallets)`,
      where,
    );
  throw refuse(
    'ROW_NO_ROOM',
    `Row ${rowIndex + 1} of zone ${zone.name} has room for ${room} of the ${countOf(pallets.length, 'pallet')}`,
    { ...where, room, count: pallets.length },
  );
}

/** analytics' pallet_location_changed for `pallet` moved from where it stood to `to`. */
export function locationChanged(pallet: PalletDoc, to: ReturnType<typeof placeOf>) {
  return {
    event_type: 'pallet_location_changed' as const,
    location_id: pallet.location_id,
    pallet_id: pallet.id,
    order_id: pallet.order_id,
    notes: 'Pallet location updated',
    previous_state: placeOf(pallet),
    new_state: to,
  };
}

export const nowhere = { zone_id: null, storage_zone: null, row_index: null };

/** The 409 of a zone name already taken in its location. */
export const duplicateName = (name: string | undefined) => () =>
  refuse('ZONE_NAME_TAKEN', `A storage zone named "${name}" already exists in this location`, {
    name: name ?? '',
  });
