import type { Kysely } from 'kysely';
import type { Scale, ScaleFields } from '../../../streams/scales';
import type { DB } from '../../db/schema';

const scaleColumns = [
  'id',
  'location_id as locationId',
  'name',
  'host',
  'port',
  'protocol',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

/** The scales of a location, by name. */
export function listScales(db: Kysely<DB>, locationId: string): Promise<Scale[]> {
  return db
    .selectFrom('scales')
    .select(scaleColumns)
    .where('location_id', '=', locationId)
    .orderBy('name')
    .execute();
}

/** One scale, or undefined. */
export function findScale(db: Kysely<DB>, id: string): Promise<Scale | undefined> {
  return db.selectFrom('scales').select(scaleColumns).where('id', '=', id).executeTakeFirst();
}

/** Adds a scale to a location. */
export async function insertScale(trx: Kysely<DB>, locationId: string, fields: ScaleFields): Promise<Scale> {
  const { id } = await trx
    .insertInto('scales')
    .values({ location_id: locationId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findScale(trx, id))!;
}

/** Changes the given fields of a scale. */
export async function updateScale(trx: Kysely<DB>, id: string, fields: Partial<ScaleFields>): Promise<Scale> {
  await trx
    .updateTable('scales')
    .set({ ...fields, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return (await findScale(trx, id))!;
}

/** Removes a scale. */
export async function deleteScale(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('scales').where('id', '=', id).execute();
}
