import { type Kysely, sql } from 'kysely';
import { hashPassword, randomPassword } from '../modules/auth';
import type { DB } from './schema';

/**
 * On a database without users, creates `admin` (administrator, first_login set) with
 * `adminPassword`, or a random password that `announce` prints once. Answers whether it created
 * the user. Several processes starting together create it once (the insert is conditional and
 * the username unique).
 */
export async function ensureAdmin(
  db: Kysely<DB>,
  adminPassword: string | undefined,
  announce: (message: string) => void,
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const password = adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const created = await sql<{ id: string }>`
    insert into users (username, password_hash, admin, first_login)
    select 'admin', ${passwordHash}, true, true
    where not exists (select 1 from users)
    on conflict do nothing
    returning id`.execute(db);
  if (created.rows.length === 0) return false;
  announce(
    adminPassword
      ? 'Created user "admin" with the password from ADMIN_PASSWORD; it must be changed at first sign-in.'
      : `Created user "admin" with the one-time password: ${password}\nSign in and choose a new one; it is not shown again.`,
  );
  return true;
}
