import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Every location (id and name), by name. */
export function listLocations(db: Db) {
  return db.selectFrom('locations').select(['id', 'name']).orderBy('name').execute();
}

/** Inserts a location named `name`; answers its id and name (a taken name fails as a unique violation). */
export function insertLocation(db: Db, name: string) {
  return db.insertInto('locations').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

/** Whether a location with this id exists. */
export async function locationExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('locations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}
