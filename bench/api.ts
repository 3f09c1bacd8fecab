// npm run bench:api — the real server (a child process) with 10,000 pallets in one location, on
// PGlite and on a throwaway PostgreSQL database: GET /api/pallets?limit=100 and POST /api/pallets
// under autocannon, as requests/s, p50 and p99, and as a ratio to a bare Fastify route answering
// the same JSON from memory in the same run. Writes bench/results/api.json.
// BENCH_SECONDS (default 10) sets the length of each case; TEST_POSTGRES_URL the PostgreSQL server.
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
import { createDatabase } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/modules/auth/passwords';
import { adminQuery, urlOf } from '../test/server/support/database';
import { size, writeResults } from './support';

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

/** Targets of the server core issue (requests/s; ms). */
const targets = { getRps: { pglite: 2_000, postgres: 4_000 }, getP99Ms: 25, postRps: 500 };

interface Figures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

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

async function load(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
) {
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  } satisfies Figures;
}

/** Fills a migrated database: a location, its catalogue, a user with manage_pallets, 10,000 pallets. */
async function prepare(config: { databaseUrl: string | undefined; dataDir: string }): Promise<string> {
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
    return locationId;
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

/** Starts `node --import tsx <args>` with `env`, on a free port; answers its base URL and the process. */
async function start(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
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
  let server: Awaited<ReturnType<typeof start>> | undefined;
  try {
    const locationId = await prepare(config);
    // the per-token API rate limit would answer most of the load with 429: measured without it
    const env: Record<string, string> = {
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: password,
      API_RATE_LIMIT_PER_MINUTE: '0',
    };
    if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
    else env.DATA_DIR = config.dataDir;
    server = await start(['server/main.ts'], env);
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
    const created = await (
      await fetch(`${server.base}/api/pallets`, { method: 'POST', headers, body })
    ).text();
    console.log(`${kind}: GET /api/pallets?limit=100 over ${palletTotal} pallets …`);
    const get = await load(listUrl, { headers });
    console.log(`${kind}: POST /api/pallets …`);
    const post = await load(`${server.base}/api/pallets`, { method: 'POST', headers, body });
    return { get, post, page, created, body };
  } finally {
    if (server) await stop(server.child);
    if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare comparison: Fastify answering the same JSON from memory (run as `api.ts --bare`). */
async function bareServer(): Promise<void> {
  const page = process.env.BARE_PAGE ?? '{}';
  const created = process.env.BARE_CREATED ?? '{}';
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/pallets', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(page),
  );
  app.post('/api/pallets', async (_request, reply) =>
    reply.code(201).type('application/json; charset=utf-8').send(created),
  );
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

const ratio = (figures: Figures, bare: Figures) => Math.round((figures.rps / bare.rps) * 1000) / 1000;

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const pglite = await benchServer('pglite');
  const postgres = await benchServer('postgres');
  const bareProcess = await start(['bench/api.ts', '--bare'], {
    BARE_PAGE: pglite.page,
    BARE_CREATED: pglite.created,
  });
  let bare: { get: Figures; post: Figures };
  try {
    console.log('bare Fastify: the same JSON from memory …');
    const get = await load(`${bareProcess.base}/api/pallets`, {});
    const post = await load(`${bareProcess.base}/api/pallets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: pglite.body,
    });
    bare = { get, post };
  } finally {
    await stop(bareProcess.child);
  }
  const cases = {
    pglite: {
      get: { ...pglite.get, ratioToBare: ratio(pglite.get, bare.get) },
      post: { ...pglite.post, ratioToBare: ratio(pglite.post, bare.post) },
    },
    postgres: {
      get: { ...postgres.get, ratioToBare: ratio(postgres.get, bare.get) },
      post: { ...postgres.post, ratioToBare: ratio(postgres.post, bare.post) },
    },
    bare,
  };
  // a figure with failed requests in it counts for nothing
  const clean = (f: Figures) => f.non2xx === 0 && f.errors === 0;
  const met = {
    pgliteGet:
      clean(pglite.get) && pglite.get.rps >= targets.getRps.pglite && pglite.get.p99Ms <= targets.getP99Ms,
    postgresGet:
      clean(postgres.get) &&
      postgres.get.rps >= targets.getRps.postgres &&
      postgres.get.p99Ms <= targets.getP99Ms,
    pglitePost: clean(pglite.post) && pglite.post.rps >= targets.postRps,
    postgresPost: clean(postgres.post) && postgres.post.rps >= targets.postRps,
  };
  const result = {
    // other work on the machine skews every figure: the 1-minute load average before (and after)
    loadAverageBefore: loadBefore,
    palletsInLocation: palletTotal,
    pageSize: 100,
    secondsPerCase: seconds,
    connections,
    serverLogLevel: 'warn',
    cases,
    targets,
    met,
    totalS: Math.round((Date.now() - started) / 1000),
  };
  console.log('\ncase              req/s    p50 ms  p99 ms  ratio to bare  non-2xx');
  for (const [engine, figures] of Object.entries(cases)) {
    for (const [method, f] of Object.entries(figures) as [string, Figures & { ratioToBare?: number }][]) {
      console.log(
        `${`${engine} ${method.toUpperCase()}`.padEnd(16)} ${String(f.rps).padStart(7)} ${String(f.p50Ms).padStart(8)} ${String(f.p99Ms).padStart(7)}  ${String(f.ratioToBare ?? 1).padStart(13)}  ${String(f.non2xx + f.errors).padStart(7)}`,
      );
    }
  }
  console.log('targets met:', JSON.stringify(met));
  console.log(`load average (1 min) before: ${loadBefore.toFixed(1)}`);
  writeResults('api', result);
}

if (process.argv[2] === '--bare') await bareServer();
else await main();
