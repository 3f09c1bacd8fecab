import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getCatalog } from '../catalog';
import { defaultSettings, type TypeSettings } from './defaults';

/** One tomato type's settings as the API answers them. */
export interface TypeSettingsDoc extends TypeSettings {
  tomatoType: string;
  /** false while the type uses the server's defaults */
  custom: boolean;
}

/**
 * The settings of every tomato type of `locationId`: the catalogue's types in its order, then
 * configured types the catalogue no longer lists (their pallets may still be in stock).
 */
export async function listTypeSettings(db: Kysely<DB>, locationId: string): Promise<TypeSettingsDoc[]> {
  const [catalog, rows] = await Promise.all([
    getCatalog(db, locationId),
    db
      .selectFrom('tomato_type_settings')
      .selectAll()
      .where('location_id', '=', locationId)
      .orderBy('tomato_type')
      .execute(),
  ]);
  const stored = new Map(rows.map((row) => [row.tomato_type, row]));
  const types = [...new Set([...catalog.tomatoType, ...stored.keys()])];
  return types.map((tomatoType) => {
    const row = stored.get(tomatoType);
    return row
      ? {
          tomatoType,
          ripeningDays: row.ripening_days,
          nearExpiryDays: row.near_expiry_days,
          urgentDays: row.urgent_days,
          minimumKg: Number(row.minimum_kg),
          custom: true,
        }
      : { tomatoType, ...defaultSettings(tomatoType), custom: false };
  });
}

/** Stores the settings of the listed types (others keep theirs), inside the caller's transaction. */
export async function saveTypeSettings(
  trx: Kysely<DB>,
  locationId: string,
  settings: (TypeSettings & { tomatoType: string })[],
): Promise<void> {
  if (settings.length === 0) return;
  const rows = settings.map((s) => ({
    location_id: locationId,
    tomato_type: s.tomatoType,
    ripening_days: s.ripeningDays,
    near_expiry_days: s.nearExpiryDays,
    urgent_days: s.urgentDays,
    minimum_kg: s.minimumKg,
  }));
  await trx
    .insertInto('tomato_type_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['location_id', 'tomato_type']).doUpdateSet((eb) => ({
        ripening_days: eb.ref('excluded.ripening_days'),
        near_expiry_days: eb.ref('excluded.near_expiry_days'),
        urgent_days: eb.ref('excluded.urgent_days'),
        minimum_kg: eb.ref('excluded.minimum_kg'),
        updated_at: eb.fn('now'),
      })),
    )
    .execute();
}
