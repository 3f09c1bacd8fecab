import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed-demo';
import { createTestDatabase, type TestDatabase, testDbKind } from './support/database';

const migrationsDir = join(__dirname, '..', '..', 'server', 'db', 'migrations');
const versions = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

let database: TestDatabase;
/** A second connection to the same database, as a second server process would have. */
let other: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.scriptTransaction((tx) => tx.exec('drop schema public cascade; create schema public;'));
  other =
    testDbKind === 'postgres' ? await createDatabase({ databaseUrl: database.url, dataDir: '' }) : database;
});

afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
});

describe('migrate', () => {
  it('applies every migration once when two processes start together, and nothing on a later start', async () => {
    const [a, b] = await Promise.all([migrate(database), migrate(other)]);
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([versions, []]);
    const recorded = await database.db
      .selectFrom('schema_migrations' as never)
      .select('version' as never)
      .execute();
    expect(recorded.map((r) => (r as { version: string }).version).sort()).toEqual(versions);
    expect(await migrate(database)).toEqual([]);
  });

  it('rolls a failing migration back entirely, recording nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(join(dir, '001-ok.sql'), 'create table half_done (id int);');
      writeFileSync(
        join(dir, '002-broken.sql'),
        'create table also_half (id int); select no_such_function();',
      );
      await expect(migrate(database, dir)).rejects.toThrow();
      const tables = await database.db
        .selectFrom('information_schema.tables' as never)
        .select('table_name' as never)
        .where('table_name' as never, 'in', ['half_done', 'also_half'] as never)
        .execute();
      expect(tables).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Per table, its columns' values (only `columns`, when given) in a sorted text form: what must survive an upgrade. */
async function contents(columns?: Map<string, string[]>): Promise<Map<string, string[]>> {
  const found = await database.scriptTransaction((tx) =>
    tx.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
       where table_schema = 'public' and table_name <> 'schema_migrations' order by table_name, ordinal_position`,
    ),
  );
  const current = new Map<string, string[]>();
  for (const { table, column } of found) current.set(table, [...(current.get(table) ?? []), column]);
  const result = new Map<string, string[]>();
  for (const [table, names] of columns ?? current) {
    const list = names.map((name) => `"${name}"`).join(', ');
    const rows = await database.scriptTransaction((tx) =>
      tx.query<{ row: string }>(`select row(${list})::text as row from "${table}" order by 1`),
    );
    result.set(table, [names.join(','), ...rows.map((r) => r.row)]);
  }
  return result;
}

describe('upgrading', () => {
  it('keeps every row and value of a demo database made with the previous migrations', async () => {
    await database.scriptTransaction((tx) => tx.exec('drop schema public cascade; create schema public;'));
    const previous = mkdtempSync(join(tmpdir(), 'previous-migrations-'));
    try {
      for (const version of versions.slice(0, -1))
        copyFileSync(join(migrationsDir, `${version}.sql`), join(previous, `${version}.sql`));
      expect(await migrate(database, previous)).toEqual(versions.slice(0, -1));
    } finally {
      rmSync(previous, { recursive: true, force: true });
    }
    // the seed writes the newest schema: the previous one gets the columns it fills for the seed
    // alone, gone again before the snapshot, so the upgrade adds them itself
    const seedOnly: Record<string, string> = {};
    for (const [table, column] of Object.entries(seedOnly))
      await database.scriptTransaction((tx) => tx.exec(`alter table ${table} add column ${column} text`));
    expect(await seedDemo(database.db, () => {})).toBe(true);
    for (const [table, column] of Object.entries(seedOnly))
      await database.scriptTransaction((tx) => tx.exec(`alter table ${table} drop column ${column}`));
    const before = await contents();
    expect(before.get('pallets')).toHaveLength(201);
    expect(await migrate(database)).toEqual(versions.slice(-1));
    const columns = new Map([...before].map(([table, [header]]) => [table, header.split(',')]));
    expect(await contents(columns)).toEqual(before);
  });
});
