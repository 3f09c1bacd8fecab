import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase, testDbKind } from './support/database';

const versions = readdirSync(join(__dirname, '..', '..', 'server', 'db', 'migrations'))
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
