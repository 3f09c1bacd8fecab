import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { lockUser } from '../users';

/** Where each kind of grant lives: its table and the column holding the flag or key. */
const grantTables = {
  permissions: { table: 'user_permissions', column: 'name' },
  restrictions: { table: 'user_restrictions', column: 'restriction_key' },
} as const;

/** A kind of per-user grant: permission flags or restriction keys. */
export type Grant = keyof typeof grantTables;

/** A user's permission flags or restriction keys, sorted. */
export async function listGrants(db: Kysely<DB>, userId: string, kind: Grant): Promise<string[]> {
  const { table, column } = grantTables[kind];
  const { rows } = await sql<{ value: string }>`
    select ${sql.ref(column)} as value from ${sql.table(table)} where user_id = ${userId} order by 1`.execute(
    db,
  );
  return rows.map((r) => r.value);
}

/** Replaces a user's permission flags or restriction keys with `values` (inside the caller's transaction). */
export async function replaceGrants(
  db: Kysely<DB>,
  userId: string,
  kind: Grant,
  values: string[],
): Promise<void> {
  const { table, column } = grantTables[kind];
  await lockUser(db, userId); // concurrent replaces take turns: the last one wins
  await sql`delete from ${sql.table(table)} where user_id = ${userId}`.execute(db);
  const unique = [...new Set(values)];
  if (unique.length > 0) {
    await sql`insert into ${sql.table(table)} (user_id, ${sql.ref(column)})
      values ${sql.join(unique.map((value) => sql`(${userId}, ${value})`))}`.execute(db);
  }
}
