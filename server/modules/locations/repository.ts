import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A location's name and what it still holds (pallets of any status, orders, storage zones), with
 * its row locked until the transaction ends; undefined when there is none.
 */
export async function locationContents(
  trx: Kysely<DB>,
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
