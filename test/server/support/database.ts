import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../../../server/db/index';
import { migrate } from '../../../server/db/migrate';

/** The PostgreSQL admin URL tests create their databases from. */
export const adminPostgresUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Which engine this run tests: `TEST_DB=pglite|postgres` (set by the two vitest projects). */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A migrated, empty database of its own; `close()` closes it and drops it (PostgreSQL). */
export interface TestDatabase extends Database {
  /** For PostgreSQL, the URL of this test's database (e.g. to start a real server on it). */
  url: string | undefined;
}

/** Runs one statement on the admin URL's server (create or drop a database). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminPostgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of `name` on the admin URL's server. */
export function urlOf(name: string): string {
  const url = new URL(adminPostgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Opens a fresh, migrated database for one test file, on the engine `TEST_DB` names:
 * PGlite in memory, or a new PostgreSQL database `t_<random>` that `close()` drops.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    const database = await createDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    await migrate(database);
    return { ...database, url: undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = urlOf(name);
  const database = await createDatabase({ databaseUrl: url, dataDir: '' }, { poolSize: 5 });
  await migrate(database);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fingerprint of every row of `tables` (md5 of their sorted text form): equal before and
 * after a request means the request changed nothing in them.
 */
export async function tablesDigest(database: Database, tables: string[]): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<{ md5: string; n: number }>`
      select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5, count(*) as n
      from ${sql.table(table)} t`.execute(database.db);
    digest[table] = `${rows[0].n}:${rows[0].md5}`;
  }
  return digest;
}
