import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { createDatabase, type Database, type ScriptTransaction } from '../db/index';
import { migrate } from '../db/migrate';
import { describe, refuseWhileRunning } from './migrate';

type Say = (line: string) => void;

/** Rows read and written per round trip. */
const batchRows = 2_000;

/**
 * `DATABASE_URL=postgres://… npm run move-to-postgres`: copies the embedded database under
 * `DATA_DIR` into an empty PostgreSQL database: every table and row, the live event log with its
 * ids and counters (open screens resume from their last event id without a reset). Both are
 * brought to this build's migrations first; the copy is one transaction on the target, so a
 * failure leaves it empty. The embedded database is only read. Stop the server first.
 */
export async function moveToPostgres(config: Config, _args: string[], say: Say): Promise<void> {
  if (!config.databaseUrl) {
    throw new Error(
      'set DATABASE_URL to the PostgreSQL database to move to: DATABASE_URL=postgres://user@host/db npm run move-to-postgres',
    );
  }
  refuseWhileRunning(config.dataDir, 'move the database');
  if (!existsSync(join(config.dataDir, 'pgdata')))
    throw new Error(`no embedded database in ${config.dataDir}`);
  const source = await createDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  const target = await createDatabase(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    { poolSize: 2 },
  );
  try {
    say(`From ${describe({ databaseUrl: undefined, dataDir: config.dataDir })}`);
    say(`To   ${describe(config)}`);
    await refuseNonEmpty(target);
    const applied = await migrate(source);
    if (applied.length) say(`Brought the embedded database up to date: ${applied.join(', ')}`);
    await migrate(target);
    const tables = await tablesInOrder(source);
    const started = Date.now();
    let total = 0;
    await target.scriptTransaction(async (tx) => {
      // anything the migrations wrote comes again from the source
      for (const table of [...tables].reverse()) await tx.exec(`delete from ${quote(table)}`);
      for (const table of tables) total += await copyTable(source, tx, table, say);
    });
    say(`Moved ${total} rows of ${tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    say('');
    say('Start the server on PostgreSQL from now on (every process with the same setting):');
    say(`  DATABASE_URL=${config.databaseUrl.replace(/:[^:@/]*@/, ':…@')} npm start`);
    say(
      `The embedded database in ${config.dataDir} was left as it was: keep it until you are content, and do not start on it again.`,
    );
  } finally {
    await source.close();
    await target.close();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Refuses a target holding anything but an empty warehouse schema: a database of something else,
 * or one with rows in any table (a migrated, empty one, as `npm run migrate` leaves it, is fine).
 */
async function refuseNonEmpty(target: Database): Promise<void> {
  const problem = await target.scriptTransaction(async (tx) => {
    const objects = await tx.query<{ name: string; kind: string }>(
      `select c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S') order by 1`,
    );
    if (objects.length === 0) return undefined;
    if (!objects.some((object) => object.name === 'schema_migrations')) {
      return `it holds ${objects
        .slice(0, 5)
        .map((object) => object.name)
        .join(', ')}…, not a warehouse`;
    }
    for (const { name, kind } of objects) {
      if (kind !== 'r' || name === 'schema_migrations') continue;
      const rows = await tx.query(`select 1 from ${quote(name)} limit 1`);
      if (rows.length > 0) return `its table ${name} has rows`;
    }
    return undefined;
  });
  if (problem) {
    throw new Error(
      `the PostgreSQL database is not empty (${problem}): move into a new, empty database (createdb warehouse)`,
    );
  }
}

/** The source's tables, parents before the tables that reference them. */
async function tablesInOrder(source: Database): Promise<string[]> {
  return source.scriptTransaction(async (tx) => {
    const tables = (
      await tx.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by 1`,
      )
    ).map((row) => row.name);
    const edges = await tx.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c where c.contype = 'f' and c.conrelid <> c.confrelid`,
    );
    const ordered: string[] = [];
    const visit = (table: string, path: Set<string>) => {
      if (ordered.includes(table) || path.has(table)) return;
      path.add(table);
      for (const edge of edges) if (edge.child === table) visit(edge.parent.replace(/^"|"$/g, ''), path);
      ordered.push(table);
    };
    for (const table of tables) visit(table, new Set());
    return ordered.filter((table) => tables.includes(table));
  });
}

/** Copies one table in batches (read through a cursor, written a batch per statement) and says how far it got. */
async function copyTable(source: Database, tx: ScriptTransaction, table: string, say: Say): Promise<number> {
  const pglite = source.pglite!;
  const { rows: counted } = await pglite.query<{ n: number }>(
    `select count(*)::int as n from ${quote(table)}`,
  );
  const count = counted[0].n;
  let copied = 0;
  let reported = Date.now();
  await pglite.transaction(async (read) => {
    await read.exec(
      `declare rows_out no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
    );
    for (;;) {
      const { rows } = await read.query<{ row: string }>(`fetch ${batchRows} from rows_out`);
      if (rows.length === 0) break;
      await tx.query(
        `insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [`[${rows.map((row) => row.row).join(',')}]`],
      );
      copied += rows.length;
      if (Date.now() - reported > 2_000) {
        say(`  ${table}: ${copied} of ${count}…`);
        reported = Date.now();
      }
    }
    await read.exec('close rows_out');
  });
  say(`  ${table}: ${copied} rows`);
  return copied;
}
