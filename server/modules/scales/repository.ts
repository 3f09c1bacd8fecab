import type { Kysely } from 'kysely';
import type { ScaleProtocol } from '../../../streams/scales';
import type { DB } from '../../db/schema';

/** A scale as the scale routes answer it. */
export interface ScaleDoc {
  id: string;
  locationId: string;
  name: string;
  host: string;
  port: number;
  protocol: ScaleProtocol;
  createdAt: string;
  updatedAt: string;
}

/** The fields a manager sets on a scale. */
export interface ScaleFields {
  name: string;
  host: string;
  port: number;
  protocol: ScaleProtocol;
}

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
export function listScales(db: Kysely<DB>, locationId: string): Promise<ScaleDoc[]> {
  return db
    .selectFrom('scales')
    .select(scaleColumns)
    .where('location_id', '=', locationId)
    .orderBy('name')
    .execute();
}

/** One scale, or undefined. */
export function findScale(db: Kysely<DB>, id: string): Promise<ScaleDoc | undefined> {
  return db.selectFrom('scales').select(scaleColumns).where('id', '=', id).executeTakeFirst();
}

/** Adds a scale to a location. */
export async function insertScale(
  trx: Kysely<DB>,
  locationId: string,
  fields: ScaleFields,
): Promise<ScaleDoc> {
  const { id } = await trx
    .insertInto('scales')
    .values({ location_id: locationId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findScale(trx, id))!;
}

/** Changes the given fields of a scale. */
export async function updateScale(
  trx: Kysely<DB>,
  id: string,
  fields: Partial<ScaleFields>,
): Promise<ScaleDoc> {
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
