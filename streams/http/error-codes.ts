/**
 * The one catalogue of the server's refusals. Every error body is `{message, code, params?,
 * details?, fields?}`: `code` is one of `errorStatuses`' keys and `params` holds what a sentence
 * about it needs (its shape in `ErrorParamsByCode`); a 422's `fields` give each field of
 * `details` a code of `fieldErrorCodes` with its own params. The server throws only these codes
 * (a type error otherwise), its OpenAPI document lists them, and the app's `ApiError` reads them,
 * so each screen can say the refusal in its user's language. The English `message` beside them
 * is the server's own sentence, for a code a screen does not know.
 *
 * Plain types and constants, no schema library: the app's first chunk imports this file.
 */

type None = Record<never, never>;

/** The parameters each refusal carries (`{}`: none). Row indexes count from 0, as the API's `rowIndex`. */
export interface ErrorParamsByCode {
  MALFORMED_BODY: None;
  BODY_TOO_DEEP: { maxDepth: number };
  BAD_REQUEST: None;
  UNAUTHORIZED: None;
  INVALID_CREDENTIALS: None;
  FORBIDDEN: None;
  PASSWORD_CHANGE_REQUIRED: None;
  ACCOUNT_DISABLED: None;
  NOT_FOUND: None;
  PAYLOAD_TOO_LARGE: None;
  UNSUPPORTED_MEDIA_TYPE: None;
  VALIDATION_FAILED: None;
  RATE_LIMITED: { retryAfterS: number };
  INTERNAL_ERROR: None;
  SERVICE_UNAVAILABLE: None;
  /** PATCH /api/pallets/{id} with a `version` someone else's change has passed. */
  STALE_VERSION: { version: number; given: number };
  /** A pallet made with an `id` (a phone's, made offline) that another request's pallet already has. */
  PALLET_ID_TAKEN: { palletId: string };
  /** The pallet went on or off an order while it was being deleted. */
  PALLET_ASSIGNMENT_CHANGED: { palletId: string };
  /** The pallet has been shipped or processed (`status`). */
  PALLET_LEFT_WAREHOUSE: { palletId: string; status: string };
  /** Processing a pallet that is on an order. */
  PALLET_ON_ORDER: { palletId: string };
  PALLET_ALREADY_ON_ORDER: { palletId: string };
  PALLET_ON_OTHER_ORDER: { palletId: string };
  /** Pallets put on or taken off an order that is shipped or complete (`status`). */
  ORDER_CLOSED: { status: 'shipped' | 'complete' };
  ORDER_STATUS_CHANGE: { from: string; to: string };
  ORDER_HAS_NO_PALLETS: None;
  /** Deleting an order that still has `count` pallets on it (shipped ones included). */
  ORDER_HAS_PALLETS: { count: number };
  ROW_FULL: { zoneName: string; rowIndex: number; capacity: number };
  /** Moving `count` pallets at once into a row with `room` places left (fewer than `count`). */
  ROW_NO_ROOM: { zoneName: string; rowIndex: number; capacity: number; room: number; count: number };
  /** A zone's rows cut below a row that still holds `count` pallets. */
  ROW_NOT_EMPTY: { zoneName: string; rowIndex: number; count: number };
  /** A zone's row capacity cut below the `count` pallets a row holds. */
  ROW_OVER_CAPACITY: { zoneName: string; rowIndex: number; count: number; capacity: number };
  ZONE_NAME_TAKEN: { name: string };
  ZONE_NOT_EMPTY: { zoneName: string; count: number };
  /** Catalogue values removed while active pallets carry them (`attribute`: palletType, boxType, …). */
  CATALOG_VALUE_IN_USE: { values: { attribute: string; value: string; count: number }[] };
  USERNAME_TAKEN: { username: string };
  CANNOT_DISABLE_SELF: None;
  CANNOT_DELETE_SELF: None;
  LOCATION_NAME_TAKEN: { name: string };
  LOCATION_NOT_EMPTY: { name: string; pallets: number; orders: number; zones: number };
  PRINTER_NAME_TAKEN: { name: string };
  /** A printer on a port PRINTER_PORTS leaves out (`allowedPorts` as "9100, 9101-9103"). */
  PRINTER_PORT_NOT_ALLOWED: { port: number; allowedPorts: string };
  NO_DEFAULT_PRINTER: None;
  SCALE_NAME_TAKEN: { name: string };
  /** Readings of a scale saved on a port PRINTER_PORTS no longer holds. */
  SCALE_PORT_NOT_ALLOWED: { port: number; allowedPorts: string };
  /** A job for printer `name`, which reports it is out of labels (sent anyway with `force`). */
  PRINTER_PAPER_OUT: { name: string };
  /** A job for printer `name`, which reports its head open (sent anyway with `force`). */
  PRINTER_HEAD_OPEN: { name: string };
  SSCC_SERIALS_EXHAUSTED: { prefix: string };
}

/** Every refusal's code and its HTTP status. */
export const errorStatuses = {
  MALFORMED_BODY: 400,
  BODY_TOO_DEEP: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  STALE_VERSION: 409,
  PALLET_ID_TAKEN: 409,
  PALLET_ASSIGNMENT_CHANGED: 409,
  PALLET_LEFT_WAREHOUSE: 409,
  PALLET_ON_ORDER: 409,
  PALLET_ALREADY_ON_ORDER: 409,
  PALLET_ON_OTHER_ORDER: 409,
  ORDER_CLOSED: 409,
  ORDER_STATUS_CHANGE: 409,
  ORDER_HAS_NO_PALLETS: 409,
  ORDER_HAS_PALLETS: 409,
  ROW_FULL: 409,
  ROW_NO_ROOM: 409,
  ROW_NOT_EMPTY: 409,
  ROW_OVER_CAPACITY: 409,
  ZONE_NAME_TAKEN: 409,
  ZONE_NOT_EMPTY: 409,
  CATALOG_VALUE_IN_USE: 409,
  USERNAME_TAKEN: 409,
  CANNOT_DISABLE_SELF: 409,
  CANNOT_DELETE_SELF: 409,
  LOCATION_NAME_TAKEN: 409,
  LOCATION_NOT_EMPTY: 409,
  PRINTER_NAME_TAKEN: 409,
  PRINTER_PORT_NOT_ALLOWED: 409,
  NO_DEFAULT_PRINTER: 409,
  SCALE_NAME_TAKEN: 409,
  SCALE_PORT_NOT_ALLOWED: 409,
  PRINTER_PAPER_OUT: 409,
  PRINTER_HEAD_OPEN: 409,
  SSCC_SERIALS_EXHAUSTED: 409,
} as const satisfies { [C in keyof ErrorParamsByCode]: number };

/** A refusal's code. */
export type ErrorCode = keyof typeof errorStatuses;
/** The parameters of refusal `C`. */
export type ErrorParams<C extends ErrorCode> = ErrorParamsByCode[C];
/** The codes answered with HTTP status `S`. */
export type ErrorCodeOf<S extends number> = {
  [C in ErrorCode]: (typeof errorStatuses)[C] extends S ? C : never;
}[ErrorCode];

/** Every refusal code, in the catalogue's order. */
export const errorCodes = Object.keys(errorStatuses) as ErrorCode[];

/** Whether `value` is a code of this catalogue. */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatuses, value);

/** The parameters each field's complaint in a 422 carries. */
export interface FieldErrorParamsByCode {
  /** Missing, or of the wrong type (`expected`: string, number, …). */
  INVALID_TYPE: { expected?: string };
  TOO_SMALL: { minimum?: number | string };
  TOO_BIG: { maximum?: number | string };
  /** Not in the shape asked for (`format`: uuid, regex, …). */
  INVALID_FORMAT: { format?: string };
  /** Not one of `values`. */
  INVALID_VALUE: { values?: unknown[] };
  UNKNOWN_FIELD: { keys?: string[] };
  /** Any other rule of the field; its sentence is in `details`. */
  INVALID: None;
  TEXT_HAS_NUL: None;
  TEXT_NOT_WELL_FORMED: None;
  CURRENT_PASSWORD_INCORRECT: None;
  NEW_PASSWORD_UNCHANGED: None;
  NO_SUCH_LOCATION: None;
  /** `palletIds` that are not in the location. */
  NO_SUCH_PALLET: { palletIds?: string[] };
  NO_SUCH_ZONE: None;
  /** A `rowIndex` at or past the zone's `rows`. */
  ROW_OUT_OF_RANGE: { zoneName: string; rows: number };
  /** A value the location's catalogue does not hold (`values`: what it holds, empty when none yet). */
  NOT_IN_CATALOG: { values: string[] };
  PRINTER_PORT_NOT_ALLOWED: { allowedPorts: string };
  /** A scale on a port PRINTER_PORTS leaves out: scales are reached on the printers' ports. */
  SCALE_PORT_NOT_ALLOWED: { allowedPorts: string };
  IDEMPOTENCY_KEY_INVALID: None;
  IDEMPOTENCY_KEY_REUSED: None;
}

/** A field complaint's code. */
export type FieldErrorCode = keyof FieldErrorParamsByCode;
/** The parameters of field complaint `C`. */
export type FieldErrorParams<C extends FieldErrorCode> = FieldErrorParamsByCode[C];

// each field code once: a missing or extra key is a type error
const fieldCodeSet = {
  INVALID_TYPE: true,
  TOO_SMALL: true,
  TOO_BIG: true,
  INVALID_FORMAT: true,
  INVALID_VALUE: true,
  UNKNOWN_FIELD: true,
  INVALID: true,
  TEXT_HAS_NUL: true,
  TEXT_NOT_WELL_FORMED: true,
  CURRENT_PASSWORD_INCORRECT: true,
  NEW_PASSWORD_UNCHANGED: true,
  NO_SUCH_LOCATION: true,
  NO_SUCH_PALLET: true,
  NO_SUCH_ZONE: true,
  ROW_OUT_OF_RANGE: true,
  NOT_IN_CATALOG: true,
  PRINTER_PORT_NOT_ALLOWED: true,
  SCALE_PORT_NOT_ALLOWED: true,
  IDEMPOTENCY_KEY_INVALID: true,
  IDEMPOTENCY_KEY_REUSED: true,
} as const satisfies { [C in FieldErrorCode]: true };

/** Every field complaint code. */
export const fieldErrorCodes = Object.keys(fieldCodeSet) as FieldErrorCode[];

/** One field's complaint as a 422 answers it in `fields`. */
export type FieldError = {
  [C in FieldErrorCode]: keyof FieldErrorParams<C> extends never
    ? { code: C; params?: undefined }
    : { code: C; params: FieldErrorParams<C> };
}[FieldErrorCode];

/** A refusal as the server answers it (the body's `code` and `params`). */
export type Refusal = {
  [C in ErrorCode]: { code: C; params: ErrorParams<C> };
}[ErrorCode];
