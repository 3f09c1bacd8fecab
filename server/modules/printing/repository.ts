import type { Kysely } from 'kysely';
import type { Locale } from '../../../streams/i18n/locales';
import { sscc, ssccSerialCapacity } from '../../../streams/printing';
import type { Printer, PrinterFields } from '../../../streams/printing/printer-schema';
import type { DB } from '../../db/schema';
import { refuse } from '../../plugins/errors';

/** A printer as the printer routes answer it, without its status. */
export type PrinterDoc = Omit<Printer, 'status'>;

const printerColumns = [
  'id',
  'location_id as locationId',
  'name',
  'host',
  'port',
  'dpi',
  'label_width_mm as labelWidthMm',
  'label_height_mm as labelHeightMm',
  'is_default as isDefault',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

/** The printers of a location, the default first, then by name. */
export function listPrinters(db: Kysely<DB>, locationId: string): Promise<PrinterDoc[]> {
  return db
    .selectFrom('printers')
    .select(printerColumns)
    .where('location_id', '=', locationId)
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
}

/** One printer, or undefined. */
export function findPrinter(db: Kysely<DB>, id: string): Promise<PrinterDoc | undefined> {
  return db.selectFrom('printers').select(printerColumns).where('id', '=', id).executeTakeFirst();
}

/** The location's default printer, or undefined. */
export function defaultPrinter(db: Kysely<DB>, locationId: string): Promise<PrinterDoc | undefined> {
  return db
    .selectFrom('printers')
    .select(printerColumns)
    .where('location_id', '=', locationId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

/**
 * Serializes printer changes of one location until the transaction ends, so "the one default"
 * holds under concurrent requests, and each PRINTERS_UPDATE lists every change logged before it. `no key update` leaves inserts that reference the location
 * (pallets, orders) free to go on.
 */
export async function lockLocationPrinters(trx: Kysely<DB>, locationId: string): Promise<void> {
  await trx.selectFrom('locations').select('id').where('id', '=', locationId).forNoKeyUpdate().execute();
}

/** Makes no printer of the location its default (before another becomes it). */
export async function clearDefault(trx: Kysely<DB>, locationId: string): Promise<void> {
  await trx
    .updateTable('printers')
    .set({ is_default: false })
    .where('location_id', '=', locationId)
    .where('is_default', '=', true)
    .execute();
}

/** The columns of the fields a change gives (undefined: left as it is). */
function columnsOf(fields: Partial<PrinterFields>) {
  return {
    name: fields.name,
    host: fields.host,
    port: fields.port,
    dpi: fields.dpi,
    label_width_mm: fields.labelWidthMm,
    label_height_mm: fields.labelHeightMm,
    is_default: fields.isDefault,
  };
}

/** Adds a printer to a location. */
export async function insertPrinter(
  trx: Kysely<DB>,
  locationId: string,
  fields: PrinterFields,
): Promise<PrinterDoc> {
  const { id } = await trx
    .insertInto('printers')
    .values({
      location_id: locationId,
      name: fields.name,
      host: fields.host,
      port: fields.port,
      dpi: fields.dpi,
      label_width_mm: fields.labelWidthMm,
      label_height_mm: fields.labelHeightMm,
      is_default: fields.isDefault,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findPrinter(trx, id))!;
}

/** Changes the given fields of a printer. */
export async function updatePrinter(
  trx: Kysely<DB>,
  id: string,
  fields: Partial<PrinterFields>,
): Promise<PrinterDoc> {
  await trx
    .updateTable('printers')
    .set({ ...columnsOf(fields), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return (await findPrinter(trx, id))!;
}

/** Removes a printer. */
export async function deletePrinter(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('printers').where('id', '=', id).execute();
}

/** The location's GS1 company prefix, or null when none is set. */
export async function gs1CompanyPrefix(db: Kysely<DB>, locationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('location_settings')
    .select('gs1_company_prefix')
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  return row?.gs1_company_prefix ?? null;
}

/** The language the location's labels print in. */
export async function labelLocale(db: Kysely<DB>, locationId: string): Promise<Locale> {
  const row = await db
    .selectFrom('locations')
    .select('label_locale')
    .where('id', '=', locationId)
    .executeTakeFirst();
  return row?.label_locale ?? 'en';
}

/** A location's label settings: its GS1 company prefix and the language its labels print in. */
export async function labelSettings(db: Kysely<DB>, locationId: string) {
  return {
    gs1CompanyPrefix: await gs1CompanyPrefix(db, locationId),
    labelLocale: await labelLocale(db, locationId),
  };
}

/** Sets the language the location's labels print in. */
export async function setLabelLocale(trx: Kysely<DB>, locationId: string, locale: Locale): Promise<void> {
  await trx.updateTable('locations').set({ label_locale: locale }).where('id', '=', locationId).execute();
}

/** Sets (or, with null, removes) the location's GS1 company prefix. */
export async function setGs1CompanyPrefix(
  trx: Kysely<DB>,
  locationId: string,
  prefix: string | null,
): Promise<void> {
  await trx
    .insertInto('location_settings')
    .values({ location_id: locationId, gs1_company_prefix: prefix })
    .onConflict((oc) => oc.column('location_id').doUpdateSet({ gs1_company_prefix: prefix }))
    .execute();
}

/**
 * The pallet's SSCC where its location has a GS1 company prefix (null otherwise): the one it
 * was given before, or the prefix's next serial, given now and kept. The serial row's lock hands
 * out each serial once, also when two labels of one pallet are asked for at the same time.
 */
export async function palletSscc(
  db: Kysely<DB>,
  palletId: string,
  locationId: string,
): Promise<string | null> {
  const prefix = await gs1CompanyPrefix(db, locationId);
  if (prefix === null) return null;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sscc_serials')
      .values({ gs1_company_prefix: prefix })
      .onConflict((oc) => oc.column('gs1_company_prefix').doNothing())
      .execute();
    const { last_serial } = await trx
      .selectFrom('sscc_serials')
      .select('last_serial')
      .where('gs1_company_prefix', '=', prefix)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const given = await trx
      .selectFrom('pallet_ssccs')
      .select('sscc')
      .where('pallet_id', '=', palletId)
      .executeTakeFirst();
    if (given) return given.sscc;
    const serial = Number(last_serial) + 1;
    if (serial >= ssccSerialCapacity(prefix)) {
      throw refuse(
        'SSCC_SERIALS_EXHAUSTED',
        'Every SSCC serial of this GS1 company prefix has been given: set a new prefix',
        { prefix },
      );
    }
    await trx
      .updateTable('sscc_serials')
      .set({ last_serial: serial })
      .where('gs1_company_prefix', '=', prefix)
      .execute();
    const code = sscc(prefix, serial);
    await trx.insertInto('pallet_ssccs').values({ pallet_id: palletId, sscc: code }).execute();
    return code;
  });
}

/** Every printer's address, in every location: what the status watch polls. */
export function printerAddresses(db: Kysely<DB>) {
  return db.selectFrom('printers').select(['id', 'location_id as locationId', 'host', 'port']).execute();
}
