import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  const files = readdirSync(dir)
    .filter((name) => /^\d{3}-[a-z0-9-]+\.sql$/.test(name))
    .sort();
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
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await tx.exec(readFileSync(join(dir, file), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}
