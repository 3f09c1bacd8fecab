import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase, type Database } from '../../server/db/index';
import { seedDemo } from '../../server/db/seed-demo';
import { backup, restore } from '../../server/ops/backup';
import { moveToPostgres } from '../../server/ops/move';
import { createPallet, follow, prepareWarehouse, sseUrl, until, type Warehouse } from './live-helpers';
import {
  adminQuery,
  createTestDatabase,
  migratedDataDir,
  type TestDatabase,
  tablesDigest,
  testDbKind,
  urlOf,
} from './support/database';
import { type ServerProcess, startServerProcess } from './support/process';

const adminPassword = 'backup-move-admin-pw';
const lines: string[] = [];
const say = (line: string) => lines.push(line);

/** Every table's rows, fingerprinted: equal digests, the same rows. */
async function digest(database: Database): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(database.db);
  return tablesDigest(
    database,
    rows.map((row) => row.name),
  );
}

async function withDatabase<T>(
  config: { databaseUrl?: string; dataDir: string },
  work: (db: Database) => Promise<T>,
) {
  const database = await createDatabase(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    { poolSize: 1 },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

// each step reads or writes the whole database: given the time it takes when the machine is busy
describe.runIf(testDbKind === 'pglite')('the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let moved: ServerProcess | undefined;
  let warehouse: Warehouse;
  const targetName = `move_${crypto.randomUUID().slice(0, 8)}`;
  const targetUrl = urlOf(targetName);
  const config = () => ({ ...loadConfig({}), dataDir, databaseUrl: undefined });

  beforeAll(async () => {
    dataDir = await migratedDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, DEMO_DATA: '1' });
    warehouse = await prepareWarehouse(server.url, adminPassword);
    for (const weight of [100, 200, 300, 400, 500]) await createPallet(server.url, warehouse, weight);
    await adminQuery(`create database ${targetName}`);
  }, 120_000);

  afterAll(async () => {
    for (const process of [server, moved])
      if (process?.process.exitCode === null) process.process.kill('SIGKILL');
    await Promise.all([server?.exited, moved?.exited]);
    await adminQuery(`drop database if exists ${targetName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up while the server runs, and restores every row after a wipe', async () => {
    const file = join(dataDir, 'backup.tar.gz');
    await backup(config(), file, say);
    expect(lines.join('\n')).toMatch(/server \(pid \d+\) is running: asking it/);
    await expect(restore(config(), file, say)).rejects.toThrow(/stop it before you restore/);
    server!.process.kill('SIGTERM');
    await server!.exited;
    const before = await withDatabase(config(), digest);
    expect(Number(before.pallets.split(':')[0])).toBeGreaterThanOrEqual(205);
    rmSync(join(dataDir, 'pgdata'), { recursive: true });
    await restore(config(), file, say);
    expect(await withDatabase(config(), digest)).toEqual(before);
  });

  it('says a wrong or damaged file is one, and changes nothing', async () => {
    const wrong = join(dataDir, 'notes.txt');
    writeFileSync(wrong, 'not a backup');
    await expect(restore(config(), wrong, say)).rejects.toThrow(/is not a warehouse backup/);
    const damaged = join(dataDir, 'damaged.tar.gz');
    const { readFileSync } = await import('node:fs');
    const whole = readFileSync(join(dataDir, 'backup.tar.gz'));
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restore(config(), damaged, say)).rejects.toThrow(/is damaged/);
  });

  it('moves to PostgreSQL every row and the event log, and a client resumes without a reset', async () => {
    const before = await withDatabase(config(), digest);
    lines.length = 0;
    await moveToPostgres({ ...config(), databaseUrl: targetUrl }, [], say);
    expect(lines.join('\n')).toContain(`DATABASE_URL=${targetUrl.replace(/:[^:@/]*@/, ':…@')} npm start`);
    expect(lines.some((line) => /^ {2}live_events: \d+ rows$/.test(line))).toBe(true);
    const after = await withDatabase({ databaseUrl: targetUrl, dataDir }, digest);
    expect(after).toEqual(before);

    await expect(moveToPostgres({ ...config(), databaseUrl: targetUrl }, [], say)).rejects.toThrow(
      /not empty/,
    );

    const head = await withDatabase({ databaseUrl: targetUrl, dataDir }, async (database) => {
      const row = await database.db
        .selectFrom('location_event_counters')
        .select('last_id')
        .where('location_id', '=', warehouse.locationId)
        .executeTakeFirstOrThrow();
      return row.last_id;
    });
    expect(head).toBeGreaterThanOrEqual(5);
    moved = await startServerProcess({ DATABASE_URL: targetUrl });
    // a phone that had seen all but the last three events before the move
    const client = await follow(
      sseUrl(moved.url, warehouse.locationId, { token: warehouse.token, lastEventId: head - 3 }),
    );
    await until(() => client.updateIds().length >= 3);
    const pallet = await createPallet(moved.url, warehouse, 600);
    await until(() => client.updateIds().length >= 4);
    client.close();
    expect(client.messages.some((m) => m.event === 'reset')).toBe(false);
    expect(client.updateIds()).toEqual([head - 2, head - 1, head, head + 1]);
    const last = JSON.parse(client.messages.filter((m) => m.event === 'update').at(-1)!.data);
    expect(last.pallets[0].id).toBe(pallet.id);
  });
});

describe.runIf(testDbKind === 'postgres')('PostgreSQL', () => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, () => {});
    dir = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'backup-'));
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up with pg_dump, and restores every row after a wipe', async () => {
    const config = { ...loadConfig({}), databaseUrl: database.url };
    const file = join(dir, 'warehouse.pgdump');
    await backup(config, file, say);
    const before = await digest(database);
    expect(Number(before.pallets.split(':')[0])).toBe(200);
    await sql`drop schema public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
    await restore(config, file, say);
    expect(await digest(database)).toEqual(before);

    const damaged = join(dir, 'damaged.pgdump');
    const { readFileSync } = await import('node:fs');
    const whole = readFileSync(file);
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restore(config, damaged, say)).rejects.toThrow(/pg_restore failed/);
    expect(await digest(database)).toEqual(before);
    await expect(restore(config, join(dir, 'missing.pgdump'), say)).rejects.toThrow(/no such file/);
  });
});
