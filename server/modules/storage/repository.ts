import { type Kysely, sql } from 'kysely';
import type { ZoneFields as WireZoneFields, Zone } from '../../../streams/live/zone-schema';
import type { DB } from '../../db/schema';
import type { ListSnapshot } from '../../db/sql';
import { isoTime, lastEventIdOf, lockRows } from '../../db/sql';
import type { Position } from './schemas';

/** A zone as the storage routes answer it. */
export type ZoneDoc = Zone;

/** The fields of a zone a manager sets; a new zone without a temperature is ambient. */
export type ZoneFields = Omit<WireZoneFields, 'temperature'> & Partial<Pick<WireZoneFields, 'temperature'>>;

const zoneDoc = sql<ZoneDoc>`json_build_object(
  'id', z.id, 'locationId', z.location_id, 'name', z.name, 'rows', z.row_count, 'rowCapacity', z.row_capacity,
  'temperature', z.temperature,
  'rowPallets', (
    select json_agg(coalesce(
      (select json_agg(sp.pallet_id order by sp.placed_at, sp.pallet_id)
         from storage_positions sp where sp.zone_id = z.id and sp.row_index = r.i),
      '[]'::json) order by r.i)
    from generate_series(0, z.row_count - 1) as r(i)),
  'createdAt', ${isoTime('z.created_at')}, 'updatedAt', ${isoTime('z.updated_at')})`;

/** One zone, or undefined; `lock` holds its row lock (placements into it then run one by one). */
export async function findZone(db: Kysely<DB>, id: string, lock = false): Promise<ZoneDoc | undefined> {
  if (lock) await lockRows(db, 'storage_zones', [id]);
  const row = await db
    .selectFrom('storage_zones as z')
    .select(zoneDoc.as('doc'))
    .where('z.id', '=', id)
    .executeTakeFirst();
  return row?.doc;
}

/** GET /api/storage/zones as JSON text `{data, lastEventId}`, zones by name. */
export async function listZones(db: Kysely<DB>, locationId: string): Promise<ListSnapshot> {
  const row = await db
    .selectFrom('storage_zones as z')
    .select([
      sql<string>`coalesce(json_agg(${zoneDoc} order by z.name), '[]')::text`.as('data'),
      lastEventIdOf(locationId).as('last_event_id'),
    ])
    .where('z.location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return { json: `{"data":${row.data},"lastEventId":${row.last_event_id}}`, lastEventId: row.last_event_id };
}

/** Creates a zone; answers its document. */
export async function insertZone(trx: Kysely<DB>, locationId: string, fields: ZoneFields): Promise<ZoneDoc> {
  const { id } = await trx
    .insertInto('storage_zones')
    .values({
      location_id: locationId,
      name: fields.name,
      row_count: fields.rows,
      row_capacity: fields.rowCapacity,
      temperature: fields.temperature,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findZone(trx, id))!;
}

/** Changes a zone's fields; answers the new document. */
export async function updateZone(trx: Kysely<DB>, id: string, fields: Partial<ZoneFields>): Promise<ZoneDoc> {
  await trx
    .updateTable('storage_zones')
    .set({
      name: fields.name,
      row_count: fields.rows,
      row_capacity: fields.rowCapacity,
      temperature: fields.temperature,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  return (await findZone(trx, id))!;
}

/** Deletes an empty zone. */
export async function deleteZone(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('storage_zones').where('id', '=', id).execute();
}

/**
 * Places `palletIds` in row `rowIndex` of `zoneId` (moving those that stood elsewhere). The caller
 * holds the zone's lock and has checked the row has room for them all.
 */
export async function placePallets(
  trx: Kysely<DB>,
  palletIds: string[],
  place: Omit<Position, 'id' | 'palletId'>,
  userId: string,
): Promise<Position[]> {
  const rows = await trx
    .insertInto('storage_positions')
    .values(
      palletIds.map((pallet_id) => ({
        pallet_id,
        zone_id: place.zoneId,
        row_index: place.rowIndex,
        location_id: place.locationId,
        placed_by: userId,
      })),
    )
    .onConflict((oc) =>
      oc.column('pallet_id').doUpdateSet({
        zone_id: place.zoneId,
        row_index: place.rowIndex,
        placed_by: userId,
        placed_at: sql`now()`,
      }),
    )
    .returning(['id', 'pallet_id'])
    .execute();
  // a new place is a change of the pallet: its document differs from the last one sent, so a
  // live update of a pallet moved back where it stood a moment ago is not dropped as a repeat
  await trx.updateTable('pallets').set({ updated_at: sql`now()` }).where('id', 'in', palletIds).execute();
  return rows.map(({ id, pallet_id }) => ({ id, palletId: pallet_id, ...place }));
}

/** Takes `palletIds` out of storage. */
export async function removePositions(trx: Kysely<DB>, palletIds: string[]): Promise<void> {
  await trx.deleteFrom('storage_positions').where('pallet_id', 'in', palletIds).execute();
}
