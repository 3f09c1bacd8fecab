import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/** Forgets the user's Idempotency-Keys older than `hours` (they may be used again). */
export async function forgetOldKeys(trx: Kysely<DB>, userId: string, hours: number): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', sql<string>`now() - make_interval(hours => ${hours})`)
    .execute();
}

/**
 * Claims the user's `key` for a request, answering whether it was free; the insert takes the
 * key's row lock, so a concurrent claim of the same key waits until this transaction ends.
 */
export async function insertKey(
  trx: Kysely<DB>,
  userId: string,
  key: string,
  method: string,
  path: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, method, path, status_code: null, body: null })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The request a key was claimed for, and its answer once kept (`status_code` null before). */
export function findKey(trx: Kysely<DB>, userId: string, key: string) {
  return trx
    .selectFrom('idempotency_keys')
    .select(['method', 'path', 'status_code', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** Keeps the answer of the request that claimed the key, to answer its repeats with. */
export async function keepKeyAnswer(
  trx: Kysely<DB>,
  userId: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: status, body: JSON.stringify(body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
