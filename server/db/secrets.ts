import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * The secret `name` of `server_secrets`, made with `make` and kept on first use, so that every
 * process and every restart shares it; safe when several processes start at once (the first
 * insert wins, and every process reads the one kept).
 */
export async function keptSecret(db: Kysely<DB>, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
