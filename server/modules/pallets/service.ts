import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type AuthUser, isUuid, visible } from '../../plugins/auth';
import { fieldError, invalid, notFound } from '../../plugins/errors';
import { type CatalogAttribute, catalogErrors } from '../catalog';
import { findPallet, findPallets, type PalletDoc } from './repository';

/** The pallet `id` if the caller may see it (404 otherwise); `lock` holds its row lock. */
export async function loadPallet(
  db: Kysely<DB>,
  user: AuthUser,
  id: string,
  lock = false,
): Promise<PalletDoc> {
  if (!isUuid(id)) throw notFound();
  return visible(user, await findPallet(db, id, lock), (pallet) => pallet.location_id);
}

/**
 * The pallets `ids` of `locationId` (422 NO_SUCH_PALLET naming those it does not hold);
 * `lock` holds their row locks.
 */
export async function loadPalletsIn(
  db: Kysely<DB>,
  locationId: string,
  ids: string[],
  lock = false,
): Promise<PalletDoc[]> {
  const pallets = (await findPallets(db, ids, lock)).filter((pallet) => pallet.location_id === locationId);
  const present = new Set(pallets.map((pallet) => pallet.id));
  const missing = ids.filter((id) => !present.has(id));
  if (missing.length > 0) {
    throw invalid({
      palletIds: fieldError('NO_SUCH_PALLET', `no such pallet in the location: ${missing.join(', ')}`, {
        palletIds: missing,
      }),
    });
  }
  return pallets;
}

/** A PALLET_UPDATE live message of SPEC 7 for `pallets` of one location. */
export function palletUpdate(action: 'add' | 'update' | 'delete', pallets: PalletDoc[]) {
  return { locationId: pallets[0].location_id, message: { type: 'PALLET_UPDATE', action, pallets } };
}

export async function assertInCatalog(
  db: Kysely<DB>,
  locationId: string,
  values: Partial<Record<CatalogAttribute, string>>,
) {
  const errors = await catalogErrors(db, locationId, values);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
