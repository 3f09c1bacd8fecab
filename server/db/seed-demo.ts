import { type Kysely, sql } from 'kysely';
import type { AnalyticsEventInput } from '../modules/analytics';
import { hashPassword } from '../modules/auth';
import type { PermissionFlag } from '../modules/permissions';
import type { DB } from './schema';

/** The password every demo user shares (documented in the README). */
export const demoPassword = 'tomato-demo';

/** The demo users, what each may do and what is restricted (all in the demo location, first_login off). */
export const demoUsers: { username: string; permissions: PermissionFlag[]; restrictions?: string[] }[] = [
  // the phone on the warehouse floor: makes pallets in Sorting and puts them in storage
  {
    username: 'operator',
    permissions: [
      'mobile_access',
      'sorting_access',
      'manage_pallets',
      'view_storage_map',
      'manage_storage_assignments',
    ],
  },
  // plans orders and loads trucks
  {
    username: 'logistics',
    permissions: [
      'desktop_access',
      'logistics_access',
      'logistics_console',
      'manage_orders',
      'view_storage_map',
      'view_analytics',
    ],
  },
  // looks, changes nothing: not even the admin area's entry (SPEC 6's restrict_admin_tab)
  {
    username: 'viewer',
    permissions: ['desktop_access', 'view_storage_map'],
    restrictions: ['restrict_admin_tab'],
  },
  // runs the warehouse from the office: every manage flag, both devices
  {
    username: 'manager',
    permissions: [
      'desktop_access',
      'mobile_access',
      'manage_pallets',
      'manage_orders',
      'manage_storage_assignments',
      'view_storage_map',
      'view_analytics',
      'logistics_access',
      'sorting_access',
      'kleinpak_access',
    ],
  },
];

const catalog = {
  pallet_type: ['Euro', 'Block'],
  box_type: [
    'Crate 30x40',
    'Crate 40x60',
    'Carton 5 kg',
    'Carton 6 kg',
    'Punnet tray 9x250 g',
    'Punnet tray 10x500 g',
  ],
  tomato_type: ['Round', 'Vine', 'Cherry', 'Plum', 'Beef', 'Cocktail'],
  tomato_option: ['Class I', 'Class II', 'Organic', 'PlanetProof'],
};

const zones = [
  { name: 'Cold store A', row_count: 8, row_capacity: 12, temperature: 'cold' as const },
  { name: 'Cold store B', row_count: 6, row_capacity: 10, temperature: 'cold' as const },
  { name: 'Dispatch', row_count: 4, row_capacity: 8 },
];

const customers = [
  'Albert Heijn DC Zaandam',
  'Jumbo DC Veghel',
  'Lidl Nederland',
  'Aldi Culemborg',
  'Plus Retail',
  'Edeka Südwest',
  'Rewe Köln',
  'Tesco Distribution',
  'Coop Danmark',
  'Sligro Food Group',
];

/** Order statuses of the 20 demo orders, oldest first. */
const orderStatuses = [
  ...Array<'complete'>(5).fill('complete'),
  ...Array<'shipped'>(3).fill('shipped'),
  ...Array<'assigned'>(7).fill('assigned'),
  ...Array<'open'>(5).fill('open'),
];

const palletCount = 200;
const dayMs = 86_400_000;
const demoLockKey = 724_051_002;

/** A small seeded generator (mulberry32), so every demo database looks the same. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * On a database without locations, creates the demo: location "Naaldwijk" with a tomato
 * catalogue, 3 storage zones, 200 pallets over the last two weeks (some in storage, some on
 * orders, some shipped), 20 orders, their analytics history, and the {@link demoUsers} with the
 * password {@link demoPassword}. One transaction under an advisory lock: several processes
 * starting together seed once. Answers whether it seeded.
 */
export async function seedDemo(db: Kysely<DB>, announce: (message: string) => void): Promise<boolean> {
  // every start but the first finds data: one read then, not five password hashes (a cold start)
  if (await hasLocation(db)) return false;
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(demoPassword)));
  const seededNow = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${demoLockKey})`.execute(trx);
    if (await hasLocation(trx)) return false;
    await fill(trx, hashes);
    return true;
  });
  if (seededNow) {
    announce(
      `Demo data: location "Naaldwijk" with users ${demoUsers.map((u) => u.username).join(', ')} (password "${demoPassword}"). Start with DEMO_DATA=0 for an empty database.`,
    );
  }
  return seededNow;
}

async function hasLocation(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('locations').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function fill(trx: Kysely<DB>, hashes: string[]): Promise<void> {
  const random = seeded(20_261_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();

  const { id: locationId } = await trx
    .insertInto('locations')
    .values({ name: 'Naaldwijk', label_locale: 'nl' })
    .returning('id')
    .executeTakeFirstOrThrow();

  const users: Record<string, string> = {};
  for (const [i, user] of demoUsers.entries()) {
    const { id } = await trx
      .insertInto('users')
      .values({ username: user.username, password_hash: hashes[i], first_login: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[user.username] = id;
    await trx
      .insertInto('user_permissions')
      .values(user.permissions.map((name) => ({ user_id: id, name })))
      .execute();
    await trx.insertInto('user_locations').values({ user_id: id, location_id: locationId }).execute();
    if (user.restrictions?.length) {
      await trx
        .insertInto('user_restrictions')
        .values(user.restrictions.map((restriction_key) => ({ user_id: id, restriction_key })))
        .execute();
    }
  }

  await trx
    .insertInto('catalog_values')
    .values(
      Object.entries(catalog).flatMap(([attribute, values]) =>
        values.map((value, position) => ({ location_id: locationId, attribute, value, position })),
      ),
    )
    .execute();

  const zoneRows = await trx
    .insertInto('storage_zones')
    .values(zones.map((zone) => ({ location_id: locationId, ...zone })))
    .returning(['id', 'row_count', 'row_capacity'])
    .execute();

  // pallets, oldest first, over the last 14 days; ids are UUIDv7 of their creation time
  const pallets: { id: string; createdMs: number; weight: number }[] = [];
  const analytics: (AnalyticsEventInput & { created_at: string })[] = [];
  const createdTimes = Array.from({ length: palletCount }, () => now - random() * 14 * dayMs).sort(
    (a, b) => a - b,
  );
  for (const createdMs of createdTimes) {
    const tomato = pick(catalog.tomato_type);
    const small = tomato === 'Cherry' || tomato === 'Cocktail';
    const palletType = random() < 0.75 ? 'Euro' : 'Block';
    const weight = Math.round((palletType === 'Euro' ? 450 + random() * 300 : 650 + random() * 300) * 2) / 2;
    const { id } = await trx
      .insertInto('pallets')
      .values({
        id: sql`uuid_v7(${at(createdMs)}::timestamptz)`,
        location_id: locationId,
        pallet_type: palletType,
        box_type: small ? pick(catalog.box_type.slice(4)) : pick(catalog.box_type.slice(0, 4)),
        tomato_type: tomato,
        tomato_option: random() < 0.6 ? 'Class I' : pick(catalog.tomato_option),
        weight,
        added_by: users.operator,
        created_at: at(createdMs),
        updated_at: at(createdMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    pallets.push({ id, createdMs, weight });
    analytics.push({
      event_type: 'pallet_created',
      location_id: locationId,
      pallet_id: id,
      user_id: users.operator,
      created_at: at(createdMs),
    });
  }

  // orders take pallets oldest first: shipped and complete ones left days ago, assigned ones wait
  let next = 0;
  const shippedIds = new Set<string>();
  for (const [i, status] of orderStatuses.entries()) {
    const requested = 2 + Math.floor(random() * 5);
    const taken =
      status === 'open'
        ? []
        : pallets.slice(next, next + (status === 'assigned' ? requested - 1 : requested));
    next += taken.length;
    const createdMs = (taken[0]?.createdMs ?? now - random() * 3 * dayMs) + 3_600_000;
    const shipped = status === 'shipped' || status === 'complete';
    const shippedMs = shipped
      ? Math.min(now - (orderStatuses.length - i) * 3_600_000, createdMs + dayMs)
      : undefined;
    const dueMs = shipped ? shippedMs! : now + (1 + Math.floor(random() * 7)) * dayMs;
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        id: sql`uuid_v7(${at(createdMs)}::timestamptz)`,
        location_id: locationId,
        customer: pick(customers),
        status,
        requested_pallets: requested,
        due_date: at(dueMs).slice(0, 10),
        created_by: users.logistics,
        created_at: at(createdMs),
        updated_at: at(shippedMs ?? createdMs),
        shipped_at: shippedMs === undefined ? null : at(shippedMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    analytics.push({
      event_type: 'order_created',
      location_id: locationId,
      order_id: orderId,
      user_id: users.logistics,
      created_at: at(createdMs),
    });
    if (taken.length === 0) continue;
    const assignmentId = crypto.randomUUID();
    await trx
      .insertInto('assignments')
      .values(
        taken.map((pallet) => ({
          pallet_id: pallet.id,
          order_id: orderId,
          assignment_id: assignmentId,
          location_id: locationId,
          assigned_by: users.logistics,
          assigned_at: at(createdMs),
        })),
      )
      .execute();
    for (const pallet of taken) {
      analytics.push({
        event_type: 'pallet_assigned',
        location_id: locationId,
        pallet_id: pallet.id,
        order_id: orderId,
        user_id: users.logistics,
        created_at: at(createdMs),
      });
    }
    if (shippedMs === undefined) continue;
    for (const pallet of taken) shippedIds.add(pallet.id);
    await trx
      .updateTable('pallets')
      .set({ status: 'shipped', shipped_at: at(shippedMs), updated_at: at(shippedMs), version: 2 })
      .where(
        'id',
        'in',
        taken.map((pallet) => pallet.id),
      )
      .execute();
    analytics.push({
      event_type: 'order_shipped',
      location_id: locationId,
      order_id: orderId,
      user_id: users.logistics,
      created_at: at(shippedMs),
    });
    for (const pallet of taken) {
      analytics.push({
        event_type: 'pallet_shipped',
        location_id: locationId,
        pallet_id: pallet.id,
        order_id: orderId,
        user_id: users.logistics,
        created_at: at(shippedMs),
      });
    }
  }

  // about two thirds of the pallets still in the warehouse stand in a storage row
  const places = zoneRows.flatMap((zone) =>
    Array.from({ length: zone.row_count }, (_, rowIndex) => ({ zone, rowIndex, free: zone.row_capacity })),
  );
  const positions = [];
  for (const pallet of pallets.filter((p) => !shippedIds.has(p.id))) {
    const open = places.filter((place) => place.free > 0);
    if (random() > 0.66 || open.length === 0) continue;
    const place = pick(open);
    place.free -= 1;
    positions.push({
      pallet_id: pallet.id,
      zone_id: place.zone.id,
      row_index: place.rowIndex,
      location_id: locationId,
      placed_by: users.operator,
      placed_at: at(pallet.createdMs + 600_000),
    });
  }
  if (positions.length > 0) await trx.insertInto('storage_positions').values(positions).execute();

  await trx
    .insertInto('analytics_events')
    .values(
      analytics.map((event) => ({
        event_type: event.event_type,
        location_id: event.location_id,
        pallet_id: event.pallet_id ?? null,
        order_id: event.order_id ?? null,
        user_id: event.user_id ?? null,
        created_at: event.created_at,
      })),
    )
    .execute();
}
