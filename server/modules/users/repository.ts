import { type Kysely, sql } from 'kysely';
import { precompiled } from '../../db/index';
import type { DB } from '../../db/schema';
import { type PermissionFlag, permissionFlags } from '../permissions/flags';

/** A user with everything access checks need: flags granted and locations assigned. */
export interface UserRecord {
  id: string;
  username: string;
  admin: boolean;
  first_login: boolean;
  force_mobile_mode_enabled: boolean;
  skip_token_validation: boolean;
  auto_refresh_tokens: boolean;
  permissions: PermissionFlag[];
  locationIds: string[];
}

/** SPEC 3's user object as the API answers it (snake_case flags, camelCase extras). */
export interface ApiUser {
  id: string;
  username: string;
  admin: boolean;
  first_login: boolean;
  desktop_access: boolean;
  mobile_access: boolean;
  permissions: Record<PermissionFlag, boolean>;
  force_mobile_mode_enabled: boolean;
  skipTokenValidation: boolean;
  autoRefreshTokens: boolean;
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
    // array() subqueries parse to JS arrays on both engines and cost a third of json_agg on PGlite
    sql<PermissionFlag[]>`array(select p.name from user_permissions p where p.user_id = u.id order by 1)`.as(
      'permissions',
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
    .select(['id', 'password_hash'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** True when the user is an administrator or holds `flag`. */
export function hasPermission(
  user: Pick<UserRecord, 'admin' | 'permissions'>,
  flag: PermissionFlag,
): boolean {
  return user.admin || user.permissions.includes(flag);
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
    locationIds: user.locationIds,
  };
}
