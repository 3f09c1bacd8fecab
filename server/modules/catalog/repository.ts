import type { Kysely } from 'kysely';
import { precompiled } from '../../db/index';
import type { DB } from '../../db/schema';
import { type FieldErrors, fieldError } from '../../plugins/errors';

/** The four pallet attributes the catalogue lists values for, as the API names them. */
export const catalogAttributes = ['palletType', 'boxType', 'tomatoType', 'tomatoOption'] as const;

/** One of the pallet attributes of the catalogue. */
export type CatalogAttribute = (typeof catalogAttributes)[number];

/** A location's allowed values per attribute, in display order. */
export type Catalog = Record<CatalogAttribute, string[]>;

/** The column of `pallets` (and the `attribute` of `catalog_values`) for an API attribute. */
export const catalogColumns = {
  palletType: 'pallet_type',
  boxType: 'box_type',
  tomatoType: 'tomato_type',
  tomatoOption: 'tomato_option',
} as const satisfies Record<CatalogAttribute, string>;

const attributeOf = Object.fromEntries(
  Object.entries(catalogColumns).map(([api, column]) => [column, api]),
) as Record<string, CatalogAttribute>;

const selectCatalog = precompiled((db: Kysely<DB>, locationId: string) =>
  db
    .selectFrom('catalog_values')
    .select(['attribute', 'value'])
    .where('location_id', '=', locationId)
    .orderBy('attribute')
    .orderBy('position'),
);

/** The catalogue of `locationId` (empty lists for a location nobody has filled in yet). */
export async function getCatalog(db: Kysely<DB>, locationId: string): Promise<Catalog> {
  const rows = await selectCatalog(db, locationId);
  const catalog: Catalog = { palletType: [], boxType: [], tomatoType: [], tomatoOption: [] };
  for (const row of rows) catalog[attributeOf[row.attribute]].push(row.value);
  return catalog;
}

/** How people name each attribute in a sentence. */
export const catalogAttributeNames: Record<CatalogAttribute, string> = {
  palletType: 'Pallet type',
  boxType: 'Box type',
  tomatoType: 'Tomato type',
  tomatoOption: 'Tomato option',
};

/** A catalogue value some pallets in the warehouse still carry, and how many. */
export interface ValueInUse {
  attribute: CatalogAttribute;
  value: string;
  pallets: number;
}

/**
 * The values `catalog` leaves out of `locationId`'s catalogue that pallets still in the warehouse
 * carry (shipped pallets are history: they keep theirs). Takes the location's lock first, as a
 * replace does, so the answer holds until the transaction ends.
 */
export async function removedValuesInUse(
  trx: Kysely<DB>,
  locationId: string,
  catalog: Catalog,
): Promise<ValueInUse[]> {
  await trx.selectFrom('locations').select('id').where('id', '=', locationId).forUpdate().execute();
  const previous = await getCatalog(trx, locationId);
  const found: ValueInUse[] = [];
  for (const attribute of catalogAttributes) {
    const removed = previous[attribute].filter((value) => !catalog[attribute].includes(value));
    if (removed.length === 0) continue;
    const column = catalogColumns[attribute];
    const rows = await trx
      .selectFrom('pallets')
      .select([column, (eb) => eb.fn.countAll<number>().as('n')])
      .where('location_id', '=', locationId)
      .where('status', '=', 'active')
      .where(column, 'in', removed)
      .groupBy(column)
      .execute();
    for (const row of rows) {
      const value = (row as Record<string, unknown>)[column] as string;
      found.push({ attribute, value, pallets: Number(row.n) });
    }
  }
  return found;
}

/**
 * Replaces the whole catalogue of `locationId` (inside the caller's transaction) and answers the
 * one it replaced. Concurrent replaces take turns on the location's row, so each deletes what the
 * one before it inserted and the last one wins (instead of two inserting the same values).
 */
export async function replaceCatalog(
  trx: Kysely<DB>,
  locationId: string,
  catalog: Catalog,
): Promise<Catalog> {
  await trx.selectFrom('locations').select('id').where('id', '=', locationId).forUpdate().execute();
  const previous = await getCatalog(trx, locationId);
  await trx.deleteFrom('catalog_values').where('location_id', '=', locationId).execute();
  const rows = catalogAttributes.flatMap((attribute) =>
    catalog[attribute].map((value, position) => ({
      location_id: locationId,
      attribute: catalogColumns[attribute],
      value,
      position,
    })),
  );
  if (rows.length > 0) await trx.insertInto('catalog_values').values(rows).execute();
  return previous;
}

/**
 * The 422 details for the attribute values of `values` that `locationId`'s catalogue does not
 * list (empty when all are allowed). Only the attributes present in `values` are checked.
 */
export async function catalogErrors(
  db: Kysely<DB>,
  locationId: string,
  values: Partial<Record<CatalogAttribute, string>>,
): Promise<FieldErrors> {
  const given = catalogAttributes.filter((attribute) => values[attribute] !== undefined);
  if (given.length === 0) return {};
  const catalog = await getCatalog(db, locationId);
  const errors: FieldErrors = {};
  for (const attribute of given) {
    if (!catalog[attribute].includes(values[attribute]!)) {
      const values = catalog[attribute];
      errors[attribute] = fieldError(
        'NOT_IN_CATALOG',
        values.length === 0
          ? 'the catalogue of this location has no values yet'
          : `must be one of: ${values.join(', ')}`,
        { values },
      );
    }
  }
  return errors;
}
