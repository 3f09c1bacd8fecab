import { type Kysely, sql, type Transaction } from 'kysely';
import type { Locale } from '../../../streams/i18n/locales';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Every location (id and name), by name. */
export function listLocations(db: Db) {
  return db.selectFrom('locations').select(['id', 'name']).orderBy('name').execute();
}

/**
 * Inserts a location named `name` whose labels print in `labelLocale`; answers its id and name (a
 * taken name fails as a unique violation).
 */
export function insertLocation(db: Db, name: string, labelLocale: Locale) {
  return db
    .insertInto('locations')
    .values({ name, label_locale: labelLocale })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Whether a location with this id exists. */
export async function locationExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('locations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/**
 * A location's name and what it still holds (pallets of any status, orders, storage zones), with
 * its row locked until the transaction ends; undefined when there is none.
 */
export async function locationContents(
  trx: Db,
  id: string,
): Promise<{ id: string; name: string; pallets: number; orders: number; zones: number } | undefined> {
  const row = await trx
    .selectFrom('locations as l')
    .select([
      'l.id',
      'l.name',
      sql<number>`(select count(*) from pallets p where p.location_id = l.id)`.as('pallets'),
      sql<number>`(select count(*) from orders o where o.location_id = l.id)`.as('orders'),
      sql<number>`(select count(*) from storage_zones z where z.location_id = l.id)`.as('zones'),
    ])
    .where('l.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && { ...row, pallets: Number(row.pallets), orders: Number(row.orders), zones: Number(row.zones) }
  );
}

/** Renames a location; answers its id and new name, or undefined when there is none (a taken name fails as a unique violation). */
export function renameLocation(db: Db, id: string, name: string) {
  return db
    .updateTable('locations')
    .set({ name })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Deletes a location (its catalogue and settings go with it; its users keep their other locations). */
export async function deleteLocation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('locations').where('id', '=', id).execute();
}
