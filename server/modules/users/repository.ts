import { type Kysely, sql } from 'kysely';
import type { ApiUser } from '../../../streams/admin/user-schema';
import type { Locale } from '../../../streams/i18n/locales';
import { userHolds } from '../../../streams/permissions/rules';
import { precompiled } from '../../db/index';
import type { DB } from '../../db/schema';
import { type PermissionFlag, permissionFlags } from '../permissions';

/** A user with everything access checks need: flags granted and locations assigned. */
export interface UserRecord {
  id: string;
  username: string;
  admin: boolean;
  first_login: boolean;
  force_mobile_mode_enabled: boolean;
  skip_token_validation: boolean;
  auto_refresh_tokens: boolean;
  /** Signs in nowhere until enabled again (the admin area's "Disable"). */
  disabled: boolean;
  /** Their language; null until chosen (the browser's languages decide meanwhile). */
  locale: Locale | null;
  permissions: PermissionFlag[];
  /** Restriction keys (SPEC 3), as stored. */
  restrictions: string[];
  locationIds: string[];
}

type Db = Kysely<DB>;

function selectUsers(db: Db) {
  return db.selectFrom('users as u').select([
    'u.id',
    'u.username',
    'u.admin',
    'u.first_login',
    'u.force_mobile_mode_enabled',
    'u.skip_token_validation',
    'u.auto_refresh_tokens',
    'u.disabled',
    'u.locale',
    // array() subqueries parse to JS arrays on both engines and cost a third of json_agg on PGlite
    sql<PermissionFlag[]>`array(select p.name from user_permissions p where p.user_id = u.id order by 1)`.as(
      'permissions',
    ),
    sql<
      string[]
    >`array(select r.restriction_key from user_restrictions r where r.user_id = u.id order by 1)`.as(
      'restrictions',
    ),
    sql<
      string[]
    >`array(select l.location_id::text from user_locations l where l.user_id = u.id order by 1)`.as(
      'locationIds',
    ),
  ]);
}

const selectUser = precompiled((db: Db, id: string) => selectUsers(db).where('u.id', '=', id));

/** One user with flags and locations (one query), or undefined. */
export async function findUser(db: Db, id: string): Promise<UserRecord | undefined> {
  return (await selectUser(db, id))[0];
}

/** Every user, by username. */
export function listUsers(db: Db): Promise<UserRecord[]> {
  return selectUsers(db).orderBy(sql`lower(u.username)`).execute();
}

/** The user and password hash for a sign-in, looked up without regard to case. */
export function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The kinds of client of SPEC 6. */
export type ClientKind = 'desktop' | 'mobile';

/**
 * Whether the user may use that kind of client (SPEC 6: an administrator, or a holder of
 * `desktop_access` / `mobile_access`), or, the kind unknown, either. A live stream is held only
 * while this is true.
 */
export function hasClientAccess(user: Pick<UserRecord, 'admin' | 'permissions'>, kind?: ClientKind): boolean {
  if (kind) return userHolds(user, `${kind}_access`);
  return userHolds(user, 'desktop_access') || userHolds(user, 'mobile_access');
}

/** The API's user object of SPEC 3 for a record. */
export function toApiUser(user: UserRecord): ApiUser {
  const granted = new Set(user.permissions);
  const permissions = Object.fromEntries(permissionFlags.map((flag) => [flag, granted.has(flag)])) as Record<
    PermissionFlag,
    boolean
  >;
  return {
    id: user.id,
    username: user.username,
    admin: user.admin,
    first_login: user.first_login,
    desktop_access: permissions.desktop_access,
    mobile_access: permissions.mobile_access,
    permissions,
    force_mobile_mode_enabled: user.force_mobile_mode_enabled,
    skipTokenValidation: user.skip_token_validation,
    autoRefreshTokens: user.auto_refresh_tokens,
    disabled: user.disabled,
    locale: user.locale,
    restrictions: user.restrictions,
    locationIds: user.locationIds,
  };
}

/** The columns of `users` a create or update may set. */
export interface UserColumns {
  username?: string;
  password_hash?: string;
  admin?: boolean;
  first_login?: boolean;
  force_mobile_mode_enabled?: boolean;
  skip_token_validation?: boolean;
  auto_refresh_tokens?: boolean;
  disabled?: boolean;
  locale?: Locale | null;
}

/** Inserts a user (first_login set unless `columns` says otherwise); answers the id. */
export async function insertUser(
  trx: Db,
  columns: UserColumns & { username: string; password_hash: string },
): Promise<string> {
  const { id } = await trx
    .insertInto('users')
    .values({ first_login: true, ...columns })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The user's password hash, the row locked until the transaction ends (a password change). */
export async function lockedPasswordHash(trx: Db, id: string): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** Sets `columns` of a user (nothing when empty). */
export async function updateUser(trx: Db, id: string, columns: UserColumns): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  await trx
    .updateTable('users')
    .set({ ...columns, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Deletes a user (their flags, locations and sessions go with them). */
export async function deleteUser(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/** Grants the flags set to true and revokes those set to false; the others stay. */
export async function setUserFlags(
  trx: Db,
  userId: string,
  flags: Partial<Record<PermissionFlag, boolean>>,
): Promise<void> {
  const named = Object.entries(flags) as [PermissionFlag, boolean][];
  const revoked = named.filter(([, on]) => !on).map(([name]) => name);
  const granted = named.filter(([, on]) => on).map(([name]) => name);
  if (revoked.length > 0) {
    await trx
      .deleteFrom('user_permissions')
      .where('user_id', '=', userId)
      .where('name', 'in', revoked)
      .execute();
  }
  if (granted.length > 0) {
    await trx
      .insertInto('user_permissions')
      .values(granted.map((name) => ({ user_id: userId, name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The index in `ids` of the first location that does not exist, or -1. */
export async function firstUnknownLocation(trx: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return -1;
  const known = new Set(
    (await trx.selectFrom('locations').select('id').where('id', 'in', ids).execute()).map((l) => l.id),
  );
  return ids.findIndex((id) => !known.has(id));
}

/**
 * Takes the user's row lock until the transaction ends. A replace of a user's grants takes it
 * first, so concurrent replaces take turns and the last one wins, rather than two inserting the
 * same rows after each deleted what it saw (a duplicate key).
 */
export async function lockUser(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Replaces the locations of a user with `ids` (which exist). */
export async function setUserLocations(trx: Db, userId: string, ids: string[]): Promise<void> {
  await lockUser(trx, userId);
  await trx.deleteFrom('user_locations').where('user_id', '=', userId).execute();
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await trx
      .insertInto('user_locations')
      .values(unique.map((location_id) => ({ user_id: userId, location_id })))
      .execute();
  }
}
