// npm run bench:api — the real server (a child process) with 10,000 pallets in one location, on
// PGlite and on a throwaway PostgreSQL database: GET /api/pallets?limit=100 and POST /api/pallets
// under autocannon (10 connections), as requests/s, p50 and p99, each against its bare comparison
// in the same run: the GET against a bare Fastify route answering the same JSON from memory, the
// POST on PostgreSQL against a bare `pg` client (10 connections) making the same writes in one
// transaction each (the pallet row, its analytics event, its live event and notification) on the
// same schema and indexes, on the same database. Each case runs in turns with its comparison (turns
// of two seconds, after a second of warming up), so that other work on the machine weighs on both
// alike: a ratio of cases run a minute apart measured the machine's load. The targets are those
// ratios (GET ≥ 0.85 on both engines, p99 ≤ 25 ms; POST ≥ 0.5 of bare pg): a regression exits
// non-zero. Writes bench/results/api.json. BENCH_SECONDS (default 10) sets the length of each
// case; TEST_POSTGRES_URL the PostgreSQL server; BENCH_CPU_PROF=<dir> profiles the servers.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { liveChannel } from '../server/db/notify';
import { hashPassword } from '../server/modules/auth/passwords';
import { adminQuery, urlOf } from '../test/server/support/database';
import { startScript, startServerProcess } from '../test/server/support/process';
import {
  cpuMs,
  holdTargets,
  loadLength,
  percentile,
  size,
  smoke,
  smokeRequests,
  writeResults,
} from './support';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = size('BENCH_SECONDS', 10, 1);
const connections = 10;
const palletTotal = size('PALLETS', 10_000, 500);
const username = 'bench';
const password = `bench-${randomBytes(8).toString('hex')}`;
const catalog = {
  pallet_type: ['Euro', 'Block'],
  box_type: ['Crate 30x40'],
  tomato_type: ['Round', 'Cherry'],
  tomato_option: ['Class I'],
};
const newPallet = {
  palletType: 'Euro',
  boxType: 'Crate 30x40',
  tomatoType: 'Round',
  tomatoOption: 'Class I',
  weight: 612.5,
};

/** Ratios to the bare comparisons, and the GET's p99 (ms). */
const targets = { getToBareFastify: 0.85, getP99Ms: 25, postgresPostToBarePg: 0.5 };

/** A case's figures: requests/s over its turns, the median turn's p50, the worst turn's p99. */
interface Figures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests answered other than 2xx, or not at all. */
  failed: number;
  /**
   * CPU time the server process spent per request (µs, user + system): what a request costs,
   * whatever else the machine runs, where requests/s also measure the queue for a core.
   */
  cpuUsPerRequest?: number;
}

/** One turn of a case: `seconds` of load. */
interface Turn {
  /** How long it took: `seconds`, or less in a smoke run. */
  seconds: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  cpuMs?: number;
}
type Load = (seconds: number) => Promise<Turn>;

/** Turns of whole seconds (autocannon's unit), about two seconds each. */
const turns = Math.max(1, Math.round(seconds / 2));
const turnSeconds = Math.max(1, Math.round(seconds / turns));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Requests to `url` by autocannon, `connections` at a time; the CPU time of `server` meanwhile. */
function http(
  url: string,
  server: ChildProcess,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Load {
  return async (duration) => {
    const cpuBefore = cpuMs(server.pid!);
    const result = await autocannon({ url, connections, ...loadLength(duration), ...options });
    const cpuAfter = cpuMs(server.pid!);
    return {
      seconds: result.duration,
      requests: result.requests.total,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failed: result.non2xx + result.errors,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    };
  };
}

/**
 * Runs `a` and `b` in turns (`turns` each, about `seconds` in all for each, after a second each to
 * warm up) and answers their figures.
 */
async function paired(a: Load, b: Load): Promise<[Figures, Figures]> {
  await warmUp(a);
  await warmUp(b);
  const runs: [Turn[], Turn[]] = [[], []];
  for (let i = 0; i < turns; i++) {
    runs[0].push(await a(turnSeconds));
    runs[1].push(await b(turnSeconds));
  }
  return [figuresOf(runs[0]), figuresOf(runs[1])];
}

/** A second of load before the figures count (not in a smoke run, whose figures say nothing). */
async function warmUp(load: Load): Promise<void> {
  if (!smoke) await load(1);
}

/** A case alone, after a second to warm up. */
async function alone(load: Load): Promise<Figures> {
  await warmUp(load);
  const run: Turn[] = [];
  for (let i = 0; i < turns; i++) run.push(await load(turnSeconds));
  return figuresOf(run);
}

function figuresOf(run: Turn[]): Figures {
  const requests = run.reduce((sum, t) => sum + t.requests, 0);
  const cpu = run.every((t) => t.cpuMs !== undefined) ? run.reduce((sum, t) => sum + t.cpuMs!, 0) : undefined;
  return {
    cpuUsPerRequest: cpu === undefined ? undefined : Math.round((cpu * 1000) / requests),
    rps: Math.round(requests / run.reduce((sum, t) => sum + t.seconds, 0)),
    p50Ms: percentile(
      run.map((t) => t.p50Ms),
      50,
    ),
    p99Ms: Math.max(...run.map((t) => t.p99Ms)),
    failed: run.reduce((sum, t) => sum + t.failed, 0),
  };
}

/** Fills a migrated database: a location, its catalogue, a user with manage_pallets, 10,000 pallets. */
async function prepare(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<{ locationId: string; userId: string }> {
  const database = await createDatabase(config);
  try {
    await migrate(database);
    const db = database.db;
    const { id: locationId } = await db
      .insertInto('locations')
      .values({ name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: userId } = await db
      .insertInto('users')
      .values({ username, password_hash: await hashPassword(password), first_login: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_permissions').values({ user_id: userId, name: 'manage_pallets' }).execute();
    await db.insertInto('user_locations').values({ user_id: userId, location_id: locationId }).execute();
    await db
      .insertInto('catalog_values')
      .values(
        Object.entries(catalog).flatMap(([attribute, values]) =>
          values.map((value, position) => ({ location_id: locationId, attribute, value, position })),
        ),
      )
      .execute();
    await sql`
      insert into pallets (id, location_id, pallet_type, box_type, tomato_type, tomato_option, weight, added_by, created_at)
      select uuid_v7(now() - make_interval(secs => ${palletTotal} - g)), ${locationId}, (array['Euro', 'Block'])[1 + g % 2],
             'Crate 30x40', (array['Round', 'Cherry'])[1 + g % 2], 'Class I', 400 + g % 500, ${userId},
             now() - make_interval(secs => ${palletTotal} - g)
      from generate_series(1, ${palletTotal}) as g`.execute(db);
    return { locationId, userId };
  } finally {
    await database.close();
  }
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 120 s');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// BENCH_CPU_PROF=<dir>: a CPU profile of each process (written when it stops), to see where a case's time goes
const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

/** The real server as `npm start` runs it (the bundled build), with `env`: its base URL and process. */
async function startServer(env: Record<string, string>) {
  const server = await startServerProcess(env, undefined, [...profile, startScript]);
  return { base: server.url, child: server.process };
}

/** Starts `node --import tsx <args>` with `env`, on a free port; answers its base URL and the process. */
async function start(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return { base, child };
}

/** Benchmarks the real server on one engine; answers its figures and the JSON bodies it served. */
async function benchServer(kind: 'pglite' | 'postgres') {
  let dbName: string | undefined;
  let dataDir: string | undefined;
  let config: { databaseUrl: string | undefined; dataDir: string };
  if (kind === 'postgres') {
    dbName = `bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
    config = { databaseUrl: urlOf(dbName), dataDir: '' };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
    config = { databaseUrl: undefined, dataDir };
  }
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { locationId, userId } = await prepare(config);
    // the per-token API rate limit would answer most of the load with 429: measured without it
    const env: Record<string, string> = {
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: password,
      API_RATE_LIMIT_PER_MINUTE: '0',
    };
    if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
    else env.DATA_DIR = config.dataDir;
    server = await startServer(env);
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, rememberMe: false }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const listUrl = `${server.base}/api/pallets?locationId=${locationId}&limit=100`;
    const page = await (await fetch(listUrl, { headers })).text();
    if ((JSON.parse(page) as { data: unknown[] }).data.length !== 100)
      throw new Error('the list did not answer 100 pallets');
    const body = JSON.stringify({ locationId, ...newPallet });
    const created = await fetch(`${server.base}/api/pallets`, { method: 'POST', headers, body });
    if (created.status !== 201) throw new Error(`POST /api/pallets answered ${created.status}`);
    const bare = await start(['bench/api.ts', '--bare'], { BARE_PAGE: page });
    let get: [Figures, Figures];
    try {
      console.log(
        `${kind}: GET /api/pallets?limit=100 over ${palletTotal} pallets, in turns with bare Fastify …`,
      );
      get = await paired(
        http(listUrl, server.child, { headers }),
        http(`${bare.base}/api/pallets`, bare.child),
      );
    } finally {
      await stop(bare.child);
    }
    const post = http(`${server.base}/api/pallets`, server.child, { method: 'POST', headers, body });
    if (!config.databaseUrl) {
      console.log(`${kind}: POST /api/pallets …`);
      return { get, post: [await alone(post)] };
    }
    console.log(`${kind}: POST /api/pallets, in turns with a bare pg client making the same writes …`);
    const writer = bareWriter(config.databaseUrl, locationId, userId);
    try {
      return { get, post: await paired(post, writer.run) };
    } finally {
      await writer.close();
    }
  } finally {
    if (server) await stop(server.child);
    if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare comparison of the GET: Fastify answering the same JSON from memory (run as `api.ts --bare`). */
async function bareServer(): Promise<void> {
  const page = process.env.BARE_PAGE ?? '{}';
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/pallets', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(page),
  );
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

/**
 * The bare comparison of the POST: a `pg` client doing the writes of POST /api/pallets as a
 * hand-written client would, `connections` transactions at a time for `seconds`, each a named
 * (prepared) statement: BEGIN, the pallet row (its document read back), its analytics event
 * (`pallet_created` with its state), its live event (the location's counter, the log row and the
 * notification, as the server's one statement does), COMMIT. What it leaves out is the server's
 * own: HTTP, sign-in and permission, validation, the catalogue check, the location's access.
 */
function bareWriter(databaseUrl: string, locationId: string, userId: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const insertPallet = {
    name: 'bench-insert-pallet',
    text: `insert into pallets (location_id, pallet_type, box_type, tomato_type, tomato_option, weight, added_by)
           values ($1, $2, $3, $4, $5, $6, $7)
           returning id, location_id, pallet_type, box_type, tomato_type, tomato_option, weight, status,
                     version, added_by, created_at, updated_at`,
  };
  const insertAnalytics = {
    name: 'bench-insert-analytics',
    text: `insert into analytics_events (event_type, location_id, user_id, pallet_id, new_state)
           values ('pallet_created', $1, $2, $3, $4::jsonb)`,
  };
  const appendLive = {
    name: 'bench-append-live',
    text: `with counter as (
             insert into location_event_counters (location_id, last_id) values ($1, 1)
             on conflict (location_id) do update set last_id = location_event_counters.last_id + 1
             returning location_id, last_id
           ), event as (
             insert into live_events (location_id, id, type, payload)
             select location_id, last_id, 'PALLET_UPDATE', $2::jsonb from counter
             returning location_id, id
           )
           select id, pg_notify($3::text, location_id::text || ':' || id) from event`,
  };
  const { palletType, boxType, tomatoType, tomatoOption, weight } = newPallet;
  const run: Load = async (duration) => {
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const until = started + duration * 1000;
    const going = () => (smoke ? latencies.length + failed < smokeRequests : performance.now() < until);
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = await pool.connect();
        try {
          while (going()) {
            const began = performance.now();
            try {
              await client.query('begin');
              const { rows } = await client.query({
                ...insertPallet,
                values: [locationId, palletType, boxType, tomatoType, tomatoOption, weight, userId],
              });
              const pallet = rows[0];
              const state = { pallet_type: palletType, box_type: boxType, tomato_type: tomatoType };
              await client.query({
                ...insertAnalytics,
                values: [
                  locationId,
                  userId,
                  pallet.id,
                  JSON.stringify({ ...state, tomato_option: tomatoOption, weight }),
                ],
              });
              const message = { type: 'PALLET_UPDATE', action: 'add', pallets: [pallet], locationId };
              await client.query({
                ...appendLive,
                values: [locationId, JSON.stringify(message), liveChannel],
              });
              await client.query('commit');
              latencies.push(performance.now() - began);
            } catch {
              failed++;
              await client.query('rollback').catch(() => {});
            }
          }
        } finally {
          client.release();
        }
      }),
    );
    return {
      seconds: (performance.now() - started) / 1000,
      requests: latencies.length,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      failed,
    };
  };
  return { run, close: () => pool.end() };
}

const ratio = (figures: Figures, bare: Figures) => Math.round((figures.rps / bare.rps) * 1000) / 1000;

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const pglite = await benchServer('pglite');
  const postgres = await benchServer('postgres');
  const [postgresPost, barePg] = postgres.post;
  const cases = {
    'pglite GET': { ...pglite.get[0], ratioToBare: ratio(pglite.get[0], pglite.get[1]) },
    'bare Fastify GET (pglite turns)': pglite.get[1],
    'pglite POST': pglite.post[0],
    'postgres GET': { ...postgres.get[0], ratioToBare: ratio(postgres.get[0], postgres.get[1]) },
    'bare Fastify GET (postgres turns)': postgres.get[1],
    'postgres POST': { ...postgresPost, ratioToBare: ratio(postgresPost, barePg) },
    'bare pg writes': barePg,
  };
  // a figure with failed requests in it counts for nothing
  const clean = (...all: Figures[]) => all.every((f) => f.failed === 0);
  const getMet = ([server, bare]: [Figures, Figures]) =>
    clean(server, bare) &&
    ratio(server, bare) >= targets.getToBareFastify &&
    server.p99Ms <= targets.getP99Ms;
  const met = {
    pgliteGet: getMet(pglite.get),
    postgresGet: getMet(postgres.get),
    postgresPost: clean(postgresPost, barePg) && ratio(postgresPost, barePg) >= targets.postgresPostToBarePg,
  };
  console.log(
    '\ncase                                req/s    p50 ms  p99 ms  ratio to bare  failed  CPU µs/req',
  );
  for (const [name, f] of Object.entries(cases) as [string, Figures & { ratioToBare?: number }][]) {
    console.log(
      `${name.padEnd(33)} ${String(f.rps).padStart(7)} ${String(f.p50Ms).padStart(8)} ${String(f.p99Ms).padStart(7)}  ${String(f.ratioToBare ?? '').padStart(13)}  ${String(f.failed).padStart(6)}  ${String(f.cpuUsPerRequest ?? '').padStart(10)}`,
    );
  }
  console.log(
    `targets: GET ≥ ${targets.getToBareFastify} of bare Fastify with p99 ≤ ${targets.getP99Ms} ms, PostgreSQL POST ≥ ${targets.postgresPostToBarePg} of bare pg; met: ${JSON.stringify(met)}`,
  );
  console.log(`load average (1 min) before: ${loadBefore.toFixed(1)}`);
  writeResults('api', {
    // other work on the machine skews every figure: the 1-minute load average before (and after)
    loadAverageBefore: loadBefore,
    palletsInLocation: palletTotal,
    pageSize: 100,
    secondsPerCase: seconds,
    turns,
    connections,
    serverLogLevel: 'warn',
    cases,
    targets,
    met,
    totalS: Math.round((Date.now() - started) / 1000),
  });
  holdTargets(Object.values(met).every(Boolean));
}

if (process.argv[2] === '--bare') await bareServer();
else await main();
