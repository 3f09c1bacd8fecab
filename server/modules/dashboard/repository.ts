import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** When shipments count as today's: between two instants (the client's day), else since midnight UTC. */
export interface ShippedWindow {
  from: string;
  to: string;
}

/** SPEC 3's overview stats of a location: kg in the warehouse, kg on orders, pallets shipped today. */
export function overviewOf(db: Kysely<DB>, locationId: string, shipped?: ShippedWindow) {
  const shippedToday = shipped
    ? sql<number>`count(*) filter (where p.shipped_at >= ${shipped.from}::timestamptz and p.shipped_at < ${shipped.to}::timestamptz)`
    : sql<number>`count(*) filter (where p.shipped_at >= date_trunc('day', now(), 'UTC'))`;
  return db
    .selectFrom('pallets as p')
    .leftJoin('assignments as a', 'a.pallet_id', 'p.id')
    .select([
      sql<number>`coalesce(sum(p.weight) filter (where p.status = 'active'), 0)`.as('totalKgWarehouse'),
      sql<number>`coalesce(sum(p.weight) filter (where p.status = 'active' and a.pallet_id is not null), 0)`.as(
        'totalKgAssigned',
      ),
      shippedToday.as('shippedToday'),
    ])
    .where('p.location_id', '=', locationId)
    .executeTakeFirstOrThrow();
}
