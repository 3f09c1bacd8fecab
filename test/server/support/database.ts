import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const migrations = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'server',
  'db',
  'migrations',
);

/** A name that changes whenever a migration does: templates made from older migrations are not reused. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations).sort())
    hash.update(file).update(readFileSync(join(migrations, file)));
  return hash.digest('hex').slice(0, 12);
}

/** test/.tmp, where the templates of the current migrations are kept between runs. */
const templates = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.tmp');

/**
 * A migrated PGlite data directory, dumped once per set of migrations into test/.tmp and loaded by
 * every test file: starting from it skips creating a cluster (initdb), most of a new PGlite's time.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = join(templates, `pglite-${migrationsKey()}.tar`);
  if (!existsSync(file)) {
    const database = await createDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    await migrate(database);
    const dump = await (database.pglite as NonNullable<typeof database.pglite>).dumpDataDir('none');
    await database.close();
    mkdirSync(dirname(file), { recursive: true });
    // written under a name of its own, then renamed: workers making it together never read half of one
    const part = `${file}.${process.pid}`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * The dump unpacked once into a DATA_DIR as the server keeps it, in test/.tmp: its copies let
 * real server processes start without creating and migrating a cluster (three times as long).
 */
async function pgliteTemplateDir(): Promise<string> {
  const dir = join(templates, `pglite-${migrationsKey()}`);
  if (!existsSync(dir)) {
    const part = `${dir}.${process.pid}`;
    const database = await createDatabase(
      { databaseUrl: undefined, dataDir: part },
      { loadDataDir: await pgliteTemplate() },
    );
    await database.close();
    try {
      renameSync(part, dir);
    } catch (error) {
      // another worker made it first
      rmSync(part, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
  }
  return dir;
}

/**
 * Makes the PGlite templates of the current migrations, if missing, before the test files start:
 * files starting together each made their own (10 CPU-seconds apiece) on a fresh clone.
 */
export async function preparePgliteTemplates(): Promise<void> {
  await pgliteTemplateDir();
}

/** A new temporary DATA_DIR holding a migrated, empty database, for a real server process. */
export async function migratedDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-data-'));
  cpSync(await pgliteTemplateDir(), dir, { recursive: true });
  return dir;
}

/**
 * The migrated PostgreSQL database new test databases are copied from (`create database …
 * template`), made once per set of migrations: under an advisory lock, so workers starting
 * together make it once, and under another name until it is complete.
 */
let postgresTemplate: Promise<string> | undefined;
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `tpl_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: adminPostgresUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext('${name}'))`);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const database = await createDatabase({ databaseUrl: urlOf(building), dataDir: '' }, { poolSize: 1 });
        await migrate(database);
        await database.close();
        // a closed pool's backends may linger a moment; renaming (and copying) needs none left
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          building,
        ]);
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/**
 * Opens a fresh, migrated database for one test file, on the engine `TEST_DB` names:
 * PGlite in memory, or a new PostgreSQL database `t_<random>` that `close()` drops. Both start
 * from a migrated template; `migrate` then finds nothing to do (and checks that).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    const database = await createDatabase(
      { databaseUrl: undefined, dataDir: 'memory://' },
      { loadDataDir: await pgliteTemplate() },
    );
    await migrate(database);
    return { ...database, url: undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${await postgresTemplateName()}`);
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
 * A fingerprint of every row of `tables` (md5 of their sorted text form, and the row count): equal
 * before and after a request means the request changed nothing in them. One statement for all
 * the tables, since the fuzz tests take one per request.
 */
export async function tablesDigest(database: Database, tables: string[]): Promise<Record<string, string>> {
  const digests = tables.map(
    (table) => sql`(
      select count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
      from ${sql.table(table)} t
    ) as ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.join(digests)}`.execute(database.db);
  return { ...rows[0] };
}
