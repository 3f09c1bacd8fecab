import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { precompiled } from '../../db/index';
import type { DB, PalletsTable } from '../../db/schema';
import type { ListSnapshot } from '../../db/sql';
import { isoTime, lockRows, pageJson } from '../../db/sql';
import type { CatalogAttribute } from '../catalog';

/**
 * A pallet as the API answers it: its row (snake_case keys, CONTRACT: pallet paths) with its QR
 * content, order and storage place, built in SQL.
 */
export type PalletDoc = Selectable<PalletsTable> & {
  /** SPEC 3's QR content: `{"id":"<id>"}` */
  qr_code: string;
  order_id: string | null;
  assignment_id: string | null;
  /** the name of the storage zone the pallet stands in */
  storage_zone: string | null;
  zone_id: string | null;
  row_index: number | null;
};

/** The pallet attribute values a pallet is made of (the catalogue's attributes plus weight). */
export type PalletValues = Record<CatalogAttribute, string> & { weight: number };

/** The statuses a pallet list can filter on (`all` lists every one). */
export type PalletStatusFilter = 'active' | 'shipped' | 'processed' | 'all';

/** Filters and page of GET /api/pallets. */
export interface PalletFilter {
  locationId: string;
  status: PalletStatusFilter;
  tomatoType?: string;
  boxType?: string;
  tomatoOption?: string;
  palletType?: string;
  orderId?: string;
  limit: number;
  cursor?: string;
}

/** The document of pallet row `p` with `placed`: the keys of its order and storage place. */
const docOf = (placed: RawBuilder<unknown>) => sql<PalletDoc>`json_build_object(
  'id', p.id, 'location_id', p.location_id,
  'pallet_type', p.pallet_type, 'box_type', p.box_type, 'tomato_type', p.tomato_type, 'tomato_option', p.tomato_option,
  'weight', p.weight, 'status', p.status, 'version', p.version, 'qr_code', '{"id":"' || p.id || '"}',
  ${placed},
  'added_by', p.added_by, 'created_at', ${isoTime('p.created_at')}, 'updated_at', ${isoTime('p.updated_at')},
  'shipped_at', ${isoTime('p.shipped_at')}, 'processed_at', ${isoTime('p.processed_at')})`;

/** The document of a pallet of {@link palletRows}. */
const palletDoc = docOf(sql`'order_id', a.order_id, 'assignment_id', a.assignment_id,
  'storage_zone', z.name, 'zone_id', sp.zone_id, 'row_index', sp.row_index`);

/** The document of a pallet just made: on no order and in no storage place yet. */
const newPalletDoc = docOf(sql`'order_id', null, 'assignment_id', null,
  'storage_zone', null, 'zone_id', null, 'row_index', null`);

/** Pallets with their order and storage place joined, for {@link palletDoc}. */
function palletRows(db: Kysely<DB>) {
  return db
    .selectFrom('pallets as p')
    .leftJoin('assignments as a', 'a.pallet_id', 'p.id')
    .leftJoin('storage_positions as sp', 'sp.pallet_id', 'p.id')
    .leftJoin('storage_zones as z', 'z.id', 'sp.zone_id');
}

/**
 * The pallets `ids` (those that exist), newest first. `lock` takes their row locks until the
 * transaction ends, so concurrent changes of the same pallets run one after the other.
 */
export async function findPallets(db: Kysely<DB>, ids: string[], lock = false): Promise<PalletDoc[]> {
  if (ids.length === 0) return [];
  if (lock) await lockRows(db, 'pallets', ids);
  const rows = await palletRows(db)
    .select(palletDoc.as('doc'))
    .where('p.id', 'in', ids)
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((row) => row.doc);
}

const selectPallet = precompiled((db: Kysely<DB>, id: string) =>
  palletRows(db).select(palletDoc.as('doc')).where('p.id', '=', id),
);

/** One pallet, or undefined; `lock` as in {@link findPallets}. */
export async function findPallet(db: Kysely<DB>, id: string, lock = false): Promise<PalletDoc | undefined> {
  if (lock) await lockRows(db, 'pallets', [id]);
  return (await selectPallet(db, id))[0]?.doc;
}

/** One page of GET /api/pallets, newest first, as the JSON text of `{data, next_cursor, last_event_id}`. */
export async function listPallets(db: Kysely<DB>, filter: PalletFilter): Promise<ListSnapshot> {
  let page = palletRows(db)
    .select(['p.id', palletDoc.as('doc')])
    .where('p.location_id', '=', filter.locationId)
    .orderBy('p.id', 'desc')
    .limit(filter.limit);
  if (filter.status !== 'all') page = page.where('p.status', '=', filter.status);
  if (filter.palletType !== undefined) page = page.where('p.pallet_type', '=', filter.palletType);
  if (filter.boxType !== undefined) page = page.where('p.box_type', '=', filter.boxType);
  if (filter.tomatoType !== undefined) page = page.where('p.tomato_type', '=', filter.tomatoType);
  if (filter.tomatoOption !== undefined) page = page.where('p.tomato_option', '=', filter.tomatoOption);
  if (filter.orderId !== undefined) page = page.where('a.order_id', '=', filter.orderId);
  if (filter.cursor !== undefined) page = page.where('p.id', '<', filter.cursor);
  return pageJson(db, page, filter.limit, filter.locationId, {
    cursor: 'next_cursor',
    lastEventId: 'last_event_id',
  });
}

const insertPalletRow = precompiled(
  (
    db: Kysely<DB>,
    id: string | null,
    locationId: string,
    palletType: string,
    boxType: string,
    tomatoType: string,
    tomatoOption: string,
    weight: number,
    addedBy: string,
  ) => ({
    compile: () =>
      // a taken id inserts nothing (no error, which would end the transaction); a concurrent
      // insert of the same id waits for the first to commit, then inserts nothing too
      sql<{ doc: PalletDoc }>`
        insert into pallets as p (id, location_id, pallet_type, box_type, tomato_type, tomato_option, weight, added_by)
        values (coalesce(${id}::uuid, uuid_v7()), ${locationId}, ${palletType}, ${boxType}, ${tomatoType}, ${tomatoOption}, ${weight}, ${addedBy})
        on conflict (id) do nothing
        returning ${newPalletDoc} as doc`.compile(db),
  }),
);

/**
 * Creates a pallet in `locationId` by `userId`, with id `id` when given (else one made here);
 * answers its document (one statement), or undefined when a pallet already has that id.
 */
export async function insertPallet(
  trx: Kysely<DB>,
  locationId: string,
  values: PalletValues,
  userId: string,
  id?: string,
): Promise<PalletDoc | undefined> {
  const [row] = await insertPalletRow(
    trx,
    id ?? null,
    locationId,
    values.palletType,
    values.boxType,
    values.tomatoType,
    values.tomatoOption,
    values.weight,
    userId,
  );
  return row?.doc;
}

/** Changes a pallet's attribute values and raises its version; answers the new document. */
export async function updatePallet(
  trx: Kysely<DB>,
  id: string,
  changes: Partial<PalletValues>,
): Promise<PalletDoc> {
  await trx
    .updateTable('pallets')
    .set({
      pallet_type: changes.palletType,
      box_type: changes.boxType,
      tomato_type: changes.tomatoType,
      tomato_option: changes.tomatoOption,
      weight: changes.weight,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  return (await findPallet(trx, id))!;
}

/** Deletes pallets (their assignments and storage places go with them). */
export async function deletePallets(trx: Kysely<DB>, ids: string[]): Promise<void> {
  await trx.deleteFrom('pallets').where('id', 'in', ids).execute();
}

/**
 * Marks active pallets `ids` as having left the stock, shipped or processed (status, its date,
 * version), and takes them out of storage; answers their new documents.
 */
async function leaveStock(trx: Kysely<DB>, ids: string[], status: 'shipped' | 'processed') {
  if (ids.length === 0) return [];
  const at = status === 'shipped' ? { shipped_at: sql<string>`now()` } : { processed_at: sql<string>`now()` };
  await trx
    .updateTable('pallets')
    .set({ status, ...at, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .execute();
  await trx.deleteFrom('storage_positions').where('pallet_id', 'in', ids).execute();
  return findPallets(trx, ids);
}

/** Ships active pallets `ids` (an order's); answers their new documents. */
export const shipPallets = (trx: Kysely<DB>, ids: string[]): Promise<PalletDoc[]> =>
  leaveStock(trx, ids, 'shipped');

/** Marks active pallet `id` processed (it went to small packing, kleinpak); answers its new document. */
export async function processPallet(trx: Kysely<DB>, id: string): Promise<PalletDoc> {
  const [after] = await leaveStock(trx, [id], 'processed');
  return after;
}

/** The attribute values of a pallet document, for analytics' previous_state / new_state. */
export function palletState(pallet: PalletDoc) {
  const { pallet_type, box_type, tomato_type, tomato_option, weight, status, version } = pallet;
  return { pallet_type, box_type, tomato_type, tomato_option, weight, status, version };
}
