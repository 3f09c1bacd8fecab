/**
 * `npm run bench:ops`: the operations on a site of PALLETS pallets (100,000) and EVENTS live
 * events (1,000,000): backup and restore of the embedded database and of PostgreSQL, and the move
 * from one to the other, each timed; then one server process behind the shipped nginx site, and
 * what the proxy adds to the p99 of `GET /api/pallets` and of a live event's delivery over SSE,
 * against the same process reached directly. Prints the figures and writes bench/results/ops.json.
 * Needs PostgreSQL at TEST_POSTGRES_URL and nginx (as `npm test` does).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { openSse } from '../server/modules/live/sse-client';
import { backup, restore } from '../server/ops/backup';
import { moveToPostgres } from '../server/ops/move';
import { createPallet, prepareWarehouse, until } from '../test/server/live-helpers';
import { adminQuery, urlOf } from '../test/server/support/database';
import { freePort, nginxBinary, startNginx } from '../test/server/support/nginx';
import { startServerProcess } from '../test/server/support/process';
import { size, writeResults } from './support';

const pallets = size('PALLETS', 100_000, 200);
const events = size('EVENTS', 1_000_000, 500);
const requests = size('REQUESTS', 300, 3);
const deliveries = size('DELIVERIES', 200, 3);
const adminPassword = 'bench-ops-admin-pw';
const quiet = () => {};

const work = mkdtempSync(join(tmpdir(), 'bench-ops-'));
const databases = [`bench_ops_${process.pid}`, `bench_ops_restored_${process.pid}`];
const results: Record<string, unknown> = { pallets, events };
const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function timed(name: string, run: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await run();
  const s = seconds(performance.now() - started);
  results[name] = s;
  console.log(`${name}: ${s} s`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
}

const stopping: (() => void)[] = [];
try {
  // the site: one location with its pallets and its event log, made in SQL
  const dataDir = join(work, 'data');
  const source = await createDatabase({ databaseUrl: undefined, dataDir });
  await migrate(source);
  const { rows } = await sql<{
    id: string;
  }>`insert into locations (name) values ('Bench') returning id`.execute(source.db);
  const locationId = rows[0].id;
  console.log(`Making ${pallets} pallets and ${events} live events…`);
  await sql`
    insert into pallets (location_id, pallet_type, box_type, tomato_type, tomato_option, weight)
    select ${locationId}, 'euro', 'crate', 'round', 'loose', 100 + (i % 900)
    from generate_series(1, ${pallets}::int) i`.execute(source.db);
  await sql`
    insert into live_events (location_id, id, type, payload)
    select ${locationId}, i, 'PALLET_UPDATED',
      jsonb_build_object('type', 'PALLET_UPDATED', 'locationId', ${locationId}::text, 'palletId', gen_random_uuid(), 'weight', i % 900)
    from generate_series(1, ${events}::int) i`.execute(source.db);
  await sql`insert into location_event_counters (location_id, last_id) values (${locationId}, ${events})`.execute(
    source.db,
  );
  await source.close();
  results.embeddedBytes = statSync(join(dataDir, 'pgdata')).size;

  const embedded = { ...loadConfig({}), dataDir, databaseUrl: undefined };
  const embeddedFile = join(work, 'site.pglite.tar.gz');
  await timed('embeddedBackupS', () => backup(embedded, embeddedFile, quiet));
  await timed('embeddedRestoreS', () =>
    restore({ ...embedded, dataDir: join(work, 'restored') }, embeddedFile, quiet),
  );

  for (const name of databases) await adminQuery(`create database ${name}`);
  const postgres = { ...embedded, databaseUrl: urlOf(databases[0]) };
  await timed('moveToPostgresS', () => moveToPostgres(postgres, [], quiet));
  const postgresFile = join(work, 'site.pgdump');
  await timed('postgresBackupS', () => backup(postgres, postgresFile, quiet));
  await timed('postgresRestoreS', () =>
    restore({ ...postgres, databaseUrl: urlOf(databases[1]) }, postgresFile, quiet),
  );

  // the proxy's cost: one process, reached directly and through nginx
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx, or NGINX_PATH)');
  const server = await startServerProcess({
    DATABASE_URL: postgres.databaseUrl,
    ADMIN_PASSWORD: adminPassword,
  });
  stopping.push(() => server.process.kill('SIGTERM'));
  const port = await freePort();
  mkdirSync(join(work, 'nginx'));
  const nginx = await startNginx(join(work, 'nginx'), port, [new URL(server.url).host]);
  stopping.push(() => nginx.kill('SIGTERM'));
  const proxy = `http://127.0.0.1:${port}`;
  const warehouse = await prepareWarehouse(server.url, adminPassword);

  const latency: Record<'direct' | 'proxy', number[]> = { direct: [], proxy: [] };
  for (let i = 0; i < requests; i++) {
    for (const [via, base] of [
      ['direct', server.url],
      ['proxy', proxy],
    ] as const) {
      const started = performance.now();
      const res = await fetch(`${base}/api/pallets?locationId=${locationId}&limit=100`, {
        headers: { authorization: `Bearer ${warehouse.token}` },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET /api/pallets answered ${res.status}`);
      latency[via].push(performance.now() - started);
    }
  }

  const received: Record<'direct' | 'proxy', Map<string, number>> = { direct: new Map(), proxy: new Map() };
  const connected = { direct: false, proxy: false };
  const streams = await Promise.all(
    (['direct', 'proxy'] as const).map((via) =>
      openSse(
        `${via === 'direct' ? server.url : proxy}/api/sse/location/${warehouse.locationId}?token=${warehouse.token}`,
        (message) => {
          if (message.event === 'connected') connected[via] = true;
          if (message.event !== 'update') return;
          for (const pallet of (JSON.parse(message.data).pallets ?? []) as { id: string }[])
            received[via].set(pallet.id, performance.now());
        },
      ),
    ),
  );
  // a stream delivers the changes made after its `connected`: one made before would never come
  await until(() => connected.direct && connected.proxy, 10_000, 'both streams connected');
  const delivery: Record<'direct' | 'proxy', number[]> = { direct: [], proxy: [] };
  for (let i = 0; i < deliveries; i++) {
    const { id } = await createPallet(server.url, warehouse, 100 + i);
    const answered = performance.now();
    await until(
      () => received.direct.has(id) && received.proxy.has(id),
      10_000,
      `pallet ${id} on both streams`,
    );
    for (const via of ['direct', 'proxy'] as const)
      delivery[via].push(Math.max(0, received[via].get(id)! - answered));
  }
  for (const stream of streams) stream.close();

  for (const [name, values] of [
    ['palletsGet', latency],
    ['sseDelivery', delivery],
  ] as const) {
    const figures = {
      directP50Ms: percentile(values.direct, 50),
      directP99Ms: percentile(values.direct, 99),
      proxyP50Ms: percentile(values.proxy, 50),
      proxyP99Ms: percentile(values.proxy, 99),
      addedP99Ms: Math.round((percentile(values.proxy, 99) - percentile(values.direct, 99)) * 100) / 100,
    };
    results[name] = figures;
    console.log(`${name}: ${JSON.stringify(figures)}`);
  }
  writeResults('ops', results);
} finally {
  for (const stop of stopping) stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const name of databases)
    await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
