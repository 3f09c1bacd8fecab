import type { ColumnType, Generated } from 'kysely';
import type { Locale } from '../../streams/i18n/locales';
import type { ScaleProtocol } from '../../streams/scales';

/**
 * Row types of every table, for Kysely. Timestamps read as ISO strings and int8/numeric as
 * numbers (see the parsers in ./index.ts). Add your tables' interfaces here and list them in
 * {@link DB} (small additive edits).
 */

/** A timestamp column with a database default: optional on insert, an ISO string on read. */
export type CreatedAt = ColumnType<string, string | undefined, string>;
/** A JSON column: any JSON value in, the parsed value out. */
export type Json = ColumnType<unknown, string, string>;

export interface LocationsTable {
  id: Generated<string>;
  name: string;
  /** The language its labels print in (migration 011). */
  label_locale: Generated<Locale>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  admin: Generated<boolean>;
  first_login: Generated<boolean>;
  force_mobile_mode_enabled: Generated<boolean>;
  skip_token_validation: Generated<boolean>;
  auto_refresh_tokens: Generated<boolean>;
  disabled: Generated<boolean>;
  /** Their language; null until chosen (migration 011). */
  locale: Generated<Locale | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UserPermissionsTable {
  user_id: string;
  name: string;
}

export interface UserRestrictionsTable {
  user_id: string;
  restriction_key: string;
}

export interface UserLocationsTable {
  user_id: string;
  location_id: string;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  remember_me: Generated<boolean>;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /** The token this one replaced (null for a sign-in's first). */
  parent_id: string | null;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  username: string;
  ip: string;
  failed_at: CreatedAt;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  status_code: number | null;
  body: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  event_type: string;
  pallet_id: string | null;
  order_id: string | null;
  user_id: string | null;
  location_id: string;
  notes: string | null;
  previous_state: ColumnType<unknown, string | null, string | null>;
  new_state: ColumnType<unknown, string | null, string | null>;
  scan_type: string | null;
  scan_location: string | null;
  scan_device_id: string | null;
  created_at: CreatedAt;
}

export interface AnalyticsInterventionsTable {
  id: Generated<string>;
  event_id: string;
  user_id: string;
  body: Json;
  created_at: CreatedAt;
}

export interface LocationEventCountersTable {
  location_id: string;
  last_id: number;
}

export interface LiveEventsTable {
  location_id: string;
  id: number;
  type: string;
  payload: Json;
  created_at: CreatedAt;
}

export interface CatalogValuesTable {
  location_id: string;
  /** pallet_type, box_type, tomato_type or tomato_option */
  attribute: string;
  value: string;
  position: number;
}

export interface PalletsTable {
  /** UUIDv7 (time-ordered) from the database default */
  id: Generated<string>;
  location_id: string;
  pallet_type: string;
  box_type: string;
  tomato_type: string;
  tomato_option: string;
  /** kg (numeric(10,2), read as a number) */
  weight: number;
  status: Generated<'active' | 'shipped' | 'processed'>;
  version: Generated<number>;
  added_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  shipped_at: string | null;
  processed_at: Generated<string | null>;
}

export interface PrintJobsTable {
  id: Generated<string>;
  location_id: string;
  printer_id: string | null;
  printer_name: string;
  pallet_id: string | null;
  user_id: string | null;
  created_at: CreatedAt;
  zpl: string;
  outcome: 'sent' | 'refused' | 'timed_out' | 'unreachable' | 'failed' | 'held';
  bytes: number | null;
  message: string | null;
  status_before: Json;
  status_after: ColumnType<unknown, string | null, string | null>;
}

export interface PrintersTable {
  id: Generated<string>;
  location_id: string;
  name: string;
  host: string;
  port: Generated<number>;
  dpi: 203 | 300;
  /** mm (numeric(4,1), read as a number) */
  label_width_mm: number;
  label_height_mm: number;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ScalesTable {
  id: Generated<string>;
  location_id: string;
  name: string;
  host: string;
  port: number;
  protocol: ScaleProtocol;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface LocationSettingsTable {
  location_id: string;
  gs1_company_prefix: string | null;
}

export interface SsccSerialsTable {
  gs1_company_prefix: string;
  last_serial: Generated<number>;
}

export interface PalletSsccsTable {
  pallet_id: string;
  sscc: string;
}

export interface OrdersTable {
  id: Generated<string>;
  location_id: string;
  customer: string;
  status: Generated<'open' | 'assigned' | 'shipped' | 'complete'>;
  requested_pallets: number;
  /** YYYY-MM-DD */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  shipped_at: string | null;
}

export interface AssignmentsTable {
  pallet_id: string;
  order_id: string;
  assignment_id: string;
  location_id: string;
  assigned_by: string | null;
  assigned_at: CreatedAt;
}

export interface StorageZonesTable {
  id: Generated<string>;
  location_id: string;
  name: string;
  row_count: number;
  row_capacity: number;
  temperature: Generated<'cold' | 'ambient'>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface StoragePositionsTable {
  id: Generated<string>;
  pallet_id: string;
  zone_id: string;
  row_index: number;
  location_id: string;
  placed_by: string | null;
  placed_at: CreatedAt;
}

export interface TomatoTypeSettingsTable {
  location_id: string;
  tomato_type: string;
  ripening_days: number;
  near_expiry_days: number;
  urgent_days: number;
  minimum_kg: number;
  updated_at: CreatedAt;
}

/** The whole database, as Kysely sees it. */
export interface DB {
  locations: LocationsTable;
  users: UsersTable;
  user_permissions: UserPermissionsTable;
  user_restrictions: UserRestrictionsTable;
  user_locations: UserLocationsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  server_secrets: ServerSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  analytics_events: AnalyticsEventsTable;
  analytics_interventions: AnalyticsInterventionsTable;
  location_event_counters: LocationEventCountersTable;
  live_events: LiveEventsTable;
  catalog_values: CatalogValuesTable;
  pallets: PalletsTable;
  orders: OrdersTable;
  assignments: AssignmentsTable;
  storage_zones: StorageZonesTable;
  storage_positions: StoragePositionsTable;
  printers: PrintersTable;
  print_jobs: PrintJobsTable;
  scales: ScalesTable;
  location_settings: LocationSettingsTable;
  sscc_serials: SsccSerialsTable;
  pallet_ssccs: PalletSsccsTable;
  tomato_type_settings: TomatoTypeSettingsTable;
}
