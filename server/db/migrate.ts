import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { root } from '../config';
import type { Database } from './index';

const migrationsDir = join(root, 'server', 'db', 'migrations');

/** Any constant shared by every process: serialises concurrent starts on one PostgreSQL. */
const migrationLockKey = 724_051_001;

/**
 * Applies every `migrations/NNN-name.sql` not yet recorded in `schema_migrations`, in file-name
 * order, all in ONE transaction under an advisory lock (so several processes starting together
 * apply each file once). Answers the versions it applied: empty on a second start.
 */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  const files = migrationFiles(dir);
  return database.scriptTransaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey]);
    await tx.exec(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = versionOf(file);
      if (done.has(version)) continue;
      await tx.exec(readFileSync(join(dir, file), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}

/** The migration files of `dir`, in the order they apply. */
function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}-[a-z0-9-]+\.sql$/.test(name))
    .sort();
}

const versionOf = (file: string) => file.replace(/\.sql$/, '');

/** Every migration version this build knows, in the order they apply. */
export function knownMigrations(dir = migrationsDir): string[] {
  return migrationFiles(dir).map(versionOf);
}

/**
 * The versions this build knows that the database has not recorded (all of them on a database
 * never migrated): what `migrate` would apply. Empty on a database that is up to date.
 */
export async function pendingMigrations(database: Database, dir = migrationsDir): Promise<string[]> {
  const known = knownMigrations(dir);
  const table = await sql<{
    name: string | null;
  }>`select to_regclass('schema_migrations')::text as name`.execute(database.db);
  if (!table.rows[0]?.name) return known;
  const rows = await sql<{ version: string }>`select version from schema_migrations`.execute(database.db);
  const done = new Set(rows.rows.map((row) => row.version));
  return known.filter((version) => !done.has(version));
}
