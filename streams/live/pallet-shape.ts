import type { Pallet } from './types';

type Raw = Record<string, unknown>;

/**
 * Every pallet the live pipeline makes has one shape: the fields of SPEC 3 and of the server's
 * pallet document, in this order, written by one object literal (absent ones undefined, which
 * JSON leaves out). The engine then keeps one hidden class for them all, so reading a pallet and
 * copying it with one field changed stay cheap: a spread of a pallet costs over ten times what
 * the literal does. Fields beyond these (none that the server sends) are copied after them.
 * Both literals below write exactly these keys in this order.
 */
const fields = [
  'id',
  'locationId',
  'palletType',
  'boxType',
  'tomatoType',
  'tomatoOption',
  'weight',
  'status',
  'version',
  'qrCode',
  'orderId',
  'assignmentId',
  'storageZone',
  'zoneId',
  'rowIndex',
  'addedBy',
  'createdAt',
  'updatedAt',
  'shippedAt',
];

/** How many of the raw payload's keys the literal has read (each field may come in two spellings, SPEC 7). */
let read = 0;
/** A field's value, its key counted when present. */
const one = (value: unknown): unknown => {
  if (value !== undefined) read++;
  return value;
};
/** The snake_case spelling's value, else the camelCase one's. */
const either = (snake: unknown, camel: unknown): unknown => {
  one(camel);
  return one(snake) !== undefined ? snake : camel;
};

/** How many keys `for…in` visits on the object. */
function keyCount(object: object): number {
  let count = 0;
  for (const _ in object) count++;
  return count;
}

/** Whether the pallet's keys are the fields, in order, and no others. */
function shaped(pallet: Pallet): boolean {
  let i = 0;
  for (const key in pallet) if (key !== fields[i++]) return false;
  return i === fields.length;
}

/** Copies the fields of `from` that `to` lacks, under the names `nameOf` gives them. */
function copyOthers(from: Raw, to: Raw, nameOf: (key: string) => string): void {
  for (const key in from) {
    const name = nameOf(key);
    if (!(name in to)) to[name] = from[key];
  }
}

const same = (key: string) => key;

/**
 * A pallet payload (snake_case or camelCase keys) as a pallet of the one shape, its id as text;
 * null when it has no id. `camel` names the keys beyond the known fields.
 */
export function palletOf(raw: Raw, camel: (key: string) => string): Pallet | null {
  if (raw.id === undefined || raw.id === null) return null;
  read = 1;
  const pallet: Pallet = {
    id: String(raw.id),
    locationId: either(raw.location_id, raw.locationId) as string | undefined,
    palletType: either(raw.pallet_type, raw.palletType) as string | undefined,
    boxType: either(raw.box_type, raw.boxType) as string | undefined,
    tomatoType: either(raw.tomato_type, raw.tomatoType) as string | undefined,
    tomatoOption: either(raw.tomato_option, raw.tomatoOption) as string | undefined,
    weight: one(raw.weight) as number | undefined,
    status: one(raw.status) as string | undefined,
    version: one(raw.version),
    qrCode: either(raw.qr_code, raw.qrCode) as string | undefined,
    orderId: either(raw.order_id, raw.orderId) as string | null | undefined,
    assignmentId: either(raw.assignment_id, raw.assignmentId),
    storageZone: either(raw.storage_zone, raw.storageZone) as string | null | undefined,
    zoneId: either(raw.zone_id, raw.zoneId),
    rowIndex: either(raw.row_index, raw.rowIndex),
    addedBy: either(raw.added_by, raw.addedBy),
    createdAt: either(raw.created_at, raw.createdAt),
    updatedAt: either(raw.updated_at, raw.updatedAt),
    shippedAt: either(raw.shipped_at, raw.shippedAt),
  };
  if (read !== keyCount(raw)) copyOthers(raw, pallet, camel);
  return pallet;
}

/** A copy of `pallet` in the one shape, on `storageZone` and `orderId`; its other fields kept. */
export function palletWith(
  pallet: Pallet,
  storageZone: string | null | undefined,
  orderId: string | null | undefined,
): Pallet {
  const copy: Pallet = {
    id: pallet.id,
    locationId: pallet.locationId,
    palletType: pallet.palletType,
    boxType: pallet.boxType,
    tomatoType: pallet.tomatoType,
    tomatoOption: pallet.tomatoOption,
    weight: pallet.weight,
    status: pallet.status,
    version: pallet.version,
    qrCode: pallet.qrCode,
    orderId,
    assignmentId: pallet.assignmentId,
    storageZone,
    zoneId: pallet.zoneId,
    rowIndex: pallet.rowIndex,
    addedBy: pallet.addedBy,
    createdAt: pallet.createdAt,
    updatedAt: pallet.updatedAt,
    shippedAt: pallet.shippedAt,
  };
  if (!shaped(pallet)) copyOthers(pallet, copy, same);
  return copy;
}
