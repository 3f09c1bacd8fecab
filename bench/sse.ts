/**
 * `npm run bench:sse`: N concurrent SSE clients on one location (default N = 1,000, 5,000,
 * 10,000 on one server process, then 10,000 over two processes, 5,000 each), held by a separate
 * client process on loopback, each a screen with its own signed-in session, while a writer in that
 * process commits live events at a fixed rate (default 100,000 / N per second, i.e. 100,000
 * deliveries/s) through `appendLiveEvent`, in its own transactions, as every mutation does. The
 * servers are the real one (`npm start`'s bundled server) on a fresh PostgreSQL database, so
 * events reach them by LISTEN/NOTIFY and are read from the log, as every process hears the events
 * of every other and its own (a process delivers its own mutations' events by the same path): with
 * two processes the figure is that of events made outside each stream's process. Reports, per
 * run: commit-to-receipt latency (from the writer's acknowledged commit to each client's receipt,
 * p50/p99/max), deliveries/s, the writer's achieved commit rate, the servers' RSS and heap per
 * connection, and their CPU. Targets at 10,000 streams on one process: 100,000 deliveries/s,
 * p99 ≤ 100 ms, ≤ 6 KB RSS per connection. Writes bench/results/sse.json.
 *
 * Options: --clients 1000,5000,10000  --two-processes 10000 (0: no such run)  --deliveries 100000
 *          (per second, sets each rate)  --seconds 15. Needs PostgreSQL at TEST_POSTGRES_URL
 *          (default the local one) and `ulimit -n` above the largest N plus a margin: the client
 *          process and the server each hold one descriptor per stream.
 */
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type Database } from '../server/db/index';
import { appendLiveEvent } from '../server/db/live-events';
import { loadJwtKey, signAccessToken } from '../server/plugins/auth';
import { prepareWarehouse } from '../test/server/live-helpers';
import { adminQuery, urlOf } from '../test/server/support/database';
import { startScript, startServerProcess } from '../test/server/support/process';
import { holdTargets, smoke, writeResults } from './support';

const here = dirname(fileURLToPath(import.meta.url));
const adminPassword = 'bench-sse-admin-password';
const histogramMs = 10_000;
/** How long each N is written to, unless --seconds says otherwise. */
const defaultSeconds = smoke ? 1 : 15;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

/** Percentile of a histogram of whole milliseconds (the last bucket holds everything above). */
function percentile(histogram: number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms];
    if (seen >= total * p) return ms;
  }
  return histogram.length - 1;
}

// ---------------------------------------------------------------- client process

interface ClientResult {
  clients: number;
  events: number;
  deliveries: number;
  expected: number;
  windowS: number;
  histogram: number[];
  /** How long the writing transactions took (start to acknowledged commit). */
  transactionHistogram: number[];
  /** From the first write to the last acknowledged commit. */
  commitWindowS: number;
  maxMs: number;
  writeErrors: number;
  clientCpuS: number;
}

interface LeanStream {
  /** Resolves when the stream's `connected` event arrived. */
  connected: Promise<void>;
  close(): void;
}

/** One read buffer for every stream: each read is scanned before the next one is taken. */
const readBuffer = Buffer.alloc(64 * 1024);
const idPrefix = Buffer.from('id: ');
const connectedMark = Buffer.from('event: connected');
const okStatus = 'HTTP/1.1 200';

/**
 * A client that does no more than a benchmark needs, so that the client process measures rather
 * than competes: a raw socket (the server writes the stream unframed until close) read into one
 * shared buffer, scanned byte by byte for `id: n` lines (only updates carry one here) with a
 * state that survives reads cut anywhere. JSON bodies never contain "id: " (JSON.stringify writes
 * no space after a colon).
 */
function leanStream(url: URL, onUpdate: (id: number) => void): Promise<LeanStream> {
  return new Promise((resolve, reject) => {
    let status = ''; // the first bytes, until the status line is known
    let connectedAt = 0; // how much of `event: connected` has matched; -1 once seen
    let matched = 0; // how much of `id: ` has matched
    let id = -1; // the id being read, -1 outside an id line
    let onConnected!: () => void;
    let onRefused!: (error: Error) => void;
    const connected = new Promise<void>((done, fail) => {
      onConnected = done;
      onRefused = fail;
    });
    const scan = (bytes: Buffer, length: number) => {
      for (let i = 0; i < length; i++) {
        const byte = bytes[i];
        if (connectedAt >= 0) {
          connectedAt =
            byte === connectedMark[connectedAt] ? connectedAt + 1 : byte === connectedMark[0] ? 1 : 0;
          if (connectedAt === connectedMark.length) {
            connectedAt = -1;
            onConnected();
          }
        }
        if (id >= 0) {
          if (byte === 10) {
            onUpdate(id);
            id = -1;
          } else id = id * 10 + byte - 48;
        } else {
          matched = byte === idPrefix[matched] ? matched + 1 : byte === idPrefix[0] ? 1 : 0;
          if (matched === idPrefix.length) {
            matched = 0;
            id = 0;
          }
        }
      }
    };
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      onread: {
        buffer: readBuffer,
        callback: (length) => {
          if (status.length < okStatus.length) {
            status += readBuffer.toString('latin1', 0, Math.min(length, okStatus.length - status.length));
            if (status.length === okStatus.length && status !== okStatus) {
              onRefused(new Error(`stream refused: ${status}`));
              socket.destroy();
              return false;
            }
          }
          scan(readBuffer, length);
          return true;
        },
      },
    });
    socket.setNoDelay(true);
    socket.once('close', () => onRefused(new Error('a stream closed before its connected event')));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      );
      resolve({ connected, close: () => socket.destroy() });
    });
  });
}

/**
 * One signed-in session per screen, as each screen's own sign-in makes it: a refresh token of a
 * family of its own in the database, and an access token of that family signed with the server's
 * key, for the user the admin's `token` names. The session rate limit (CONTRACT: 1,200 requests a
 * minute per session) then holds for each screen as it does in a warehouse; one token for every
 * stream made them all one session, refused 429 after its first 1,200. Made here rather than by
 * 10,000 sign-ins, whose scrypt checks would take minutes of sign-in's cost, not the streams'.
 */
async function screenTokens(database: Database, token: string, count: number): Promise<string[]> {
  const { sub: userId } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
    sub: string;
  };
  const key = await loadJwtKey(database.db);
  const families = Array.from({ length: count }, () => crypto.randomUUID());
  const expiresAt = new Date(Date.now() + 12 * 3_600_000).toISOString();
  for (let i = 0; i < count; i += 1_000) {
    await database.db
      .insertInto('refresh_tokens')
      .values(
        families.slice(i, i + 1_000).map((familyId) => ({
          user_id: userId,
          family_id: familyId,
          token_hash: randomBytes(32).toString('hex'),
          expires_at: expiresAt,
          used_at: null,
          revoked_at: null,
        })),
      )
      .execute();
  }
  return Promise.all(families.map((familyId) => signAccessToken(key, userId, familyId)));
}

/** Opens the streams, reports READY, writes at the rate on GO, and prints its result as JSON. */
async function runClient(): Promise<void> {
  const [base, token, locationId] = [option('base', ''), option('token', ''), option('location', '')];
  const clients = Number(option('n', '1000'));
  const rate = Number(option('rate', '50'));
  const seconds = Number(option('seconds', String(defaultSeconds)));
  const database = await createDatabase(
    { databaseUrl: option('database-url', ''), dataDir: '' },
    { poolSize: 4 },
  );
  // the streams take the servers in turn
  const bases = base.split(',');
  const urls = (await screenTokens(database, token, clients)).map(
    (screen, i) =>
      new URL(
        `${bases[i % bases.length]}/api/sse/location/${locationId}?token=${encodeURIComponent(screen)}`,
      ),
  );

  const events = Math.round(rate * seconds);
  const committedAt = new Map<number, number>(); // event id → when its commit was acknowledged
  const receiptIds = new Int32Array(events * clients);
  const receiptTimes = new Float64Array(events * clients);
  let deliveries = 0;
  const onUpdate = (id: number) => {
    if (deliveries === receiptIds.length) return;
    receiptIds[deliveries] = id;
    receiptTimes[deliveries++] = performance.now();
  };
  const connections: LeanStream[] = [];
  for (let i = 0; i < clients; i += 250) {
    const batch = Math.min(250, clients - i);
    connections.push(
      ...(await Promise.all(Array.from({ length: batch }, (_, j) => leanStream(urls[i + j], onUpdate)))),
    );
  }
  await Promise.all(connections.map((c) => c.connected));
  console.log('READY');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));

  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let writeErrors = 0;
  const transactionHistogram = new Array<number>(histogramMs + 1).fill(0);
  let lastCommit = start;
  const writes: Promise<void>[] = [];
  for (let seq = 1; seq <= events; seq++) {
    const due = start + ((seq - 1) * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const startedAt = performance.now();
    const id = crypto.randomUUID();
    const pallet = {
      id,
      location_id: locationId,
      pallet_type: 'euro',
      box_type: 'crate',
      tomato_type: 'round',
      tomato_option: 'loose',
      weight: seq / 100,
      status: 'active',
      order_id: null,
      storage_zone: null,
      version: 1,
      created_at: new Date().toISOString(),
      qr_code: JSON.stringify({ id }),
    };
    writes.push(
      database.db
        .transaction()
        .execute((trx) =>
          appendLiveEvent(trx, locationId, { type: 'PALLET_UPDATE', action: 'add', pallets: [pallet] }),
        )
        .then(
          (event) => {
            const now = performance.now();
            committedAt.set(event.id, now);
            lastCommit = now;
            transactionHistogram[Math.min(histogramMs, Math.round(now - startedAt))]++;
          },
          () => {
            writeErrors++;
          },
        ),
    );
  }
  await Promise.all(writes);
  const expected = (events - writeErrors) * clients;
  const deadline = performance.now() + 10_000;
  while (deliveries < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const cpu = process.cpuUsage(cpuStart);
  const histogram = new Array<number>(histogramMs + 1).fill(0);
  let maxMs = 0;
  let lastReceipt = start;
  for (let i = 0; i < deliveries; i++) {
    // a delivery may beat the acknowledgement of its commit to this process: it counts as 0 ms
    const ms = Math.max(0, receiptTimes[i] - committedAt.get(receiptIds[i])!);
    maxMs = Math.max(maxMs, ms);
    lastReceipt = Math.max(lastReceipt, receiptTimes[i]);
    histogram[Math.min(histogramMs, Math.max(0, Math.round(ms)))]++;
  }
  const result: ClientResult = {
    clients,
    events,
    deliveries,
    expected,
    windowS: (lastReceipt - start) / 1000,
    histogram,
    transactionHistogram,
    commitWindowS: (lastCommit - start) / 1000,
    maxMs,
    writeErrors,
    clientCpuS: (cpu.user + cpu.system) / 1e6,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
  // after the result: a pool slow to close costs the benchmark nothing
  await database.close();
  for (const c of connections) c.close();
  process.exit(0);
}

// ---------------------------------------------------------------- orchestrator

/** A server's memory and CPU so far. */
interface Probe {
  rss: number;
  heapUsed: number;
  external: number;
  cpuS: number;
}

/** Asks the server's probe (loaded with --import) for its memory and CPU, after a full GC. */
function probeServer(child: import('node:child_process').ChildProcess): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('a server did not answer its probe within 30 s')),
      30_000,
    );
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as never);
    });
    child.send('probe');
  });
}

const probeSource = `process.on('message', (m) => {
  if (m !== 'probe') return;
  globalThis.gc?.();
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  process.send({ rss: mem.rss, heapUsed: mem.heapUsed, external: mem.external, cpuS: (cpu.user + cpu.system) / 1e6 });
});`;

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Targets at 10,000 streams on one location (issue 30). */
const targets = { deliveriesPerS: 100_000, p99Ms: 100, rssPerConnectionKB: 6 };

/** A server process with the probe, on the benchmark's database. */
function startProbedServer(databaseUrl: string, maxStreams: number) {
  return startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      SSE_MAX_CONNECTIONS: String(maxStreams),
    },
    undefined,
    ['--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(probeSource)}`, startScript],
  );
}

async function runBench(): Promise<void> {
  const sizes = option('clients', smoke ? '20,50' : '1000,5000,10000')
    .split(',')
    .map(Number);
  // the streams of the last run, split over two processes (0: none)
  const split = Number(option('two-processes', smoke ? '50' : '10000'));
  const deliveriesPerS = Number(option('deliveries', smoke ? '500' : '100000'));
  const seconds = Number(option('seconds', String(defaultSeconds)));
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(adminUrl)))
    throw new Error(`bench:sse needs PostgreSQL at ${adminUrl} (TEST_POSTGRES_URL)`);
  const fdLimit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  const largest = Math.max(...sizes, split);
  console.log(
    `bench:sse on PostgreSQL; ulimit -n = ${fdLimit}; N = ${sizes.join(', ')} on one process` +
      `${split ? `, ${split} over two` : ''}; ${deliveriesPerS} deliveries/s`,
  );
  if (fdLimit < largest + 200) {
    throw new Error(
      `ulimit -n is ${fdLimit}: raise it above ${largest + 200} (e.g. ulimit -n 65536) and run again`,
    );
  }

  const databaseName = `bench_sse_${process.pid}`;
  await adminQuery(`create database ${databaseName}`);
  const databaseUrl = urlOf(databaseName);
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  const rows: Record<string, unknown>[] = [];
  try {
    servers.push(await startProbedServer(databaseUrl, largest + 100));
    const warehouse = await prepareWarehouse(servers[0].url, adminPassword);
    // RSS rarely shrinks once grown, so it is measured against each server before any stream
    const idle = [await probeServer(servers[0].process)];
    const runs = [
      ...sizes.map((clients) => ({ clients, processes: 1 })),
      ...(split ? [{ clients: split, processes: 2 }] : []),
    ];
    for (const { clients, processes } of runs) {
      while (servers.length < processes) {
        servers.push(await startProbedServer(databaseUrl, largest + 100));
        idle.push(await probeServer(servers.at(-1)!.process));
      }
      const used = servers.slice(0, processes);
      const probeAll = async () => Promise.all(used.map((server) => probeServer(server.process)));
      const rate = deliveriesPerS / clients;
      const before = await probeAll();
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(here, 'sse.ts'),
          '--client',
          '--base',
          used.map((server) => server.url).join(','),
          '--token',
          warehouse.token,
          '--location',
          warehouse.locationId,
          '--n',
          String(clients),
          '--rate',
          String(rate),
          '--seconds',
          String(seconds),
          '--database-url',
          databaseUrl,
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      // heard from the start: the client may exit before the results are read
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const output = createInterface({ input: child.stdout! });
      // a client that stops answering fails the run instead of holding it forever
      const line = (prefix: string, withinS: number) =>
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`the client sent no ${prefix.trim()} within ${withinS} s`));
          }, withinS * 1_000);
          output.on('line', (l) => {
            if (!l.startsWith(prefix)) return;
            clearTimeout(timer);
            resolve(l.slice(prefix.length));
          });
          child.once('exit', (code) => reject(new Error(`client exited (${code})`)));
        });
      process.stdout.write(
        `N=${clients} on ${processes} process${processes > 1 ? 'es' : ''}: opening the streams… `,
      );
      await line('READY', 180);
      process.stdout.write('writing…\n');
      const held = await probeAll();
      child.stdin!.write('GO\n');
      const result = JSON.parse(await line('RESULT ', seconds + 60)) as ClientResult;
      const after = await probeAll();
      await exited;
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const sum = (probes: Probe[], of: (p: Probe) => number) =>
        probes.reduce((total, p) => total + of(p), 0);
      const row = {
        clients,
        processes,
        ratePerS: Math.round(rate * 100) / 100,
        events: result.events,
        deliveries: result.deliveries,
        expected: result.expected,
        deliveriesPerS: Math.round(result.deliveries / result.windowS),
        p50Ms: percentile(result.histogram, 0.5),
        p99Ms: percentile(result.histogram, 0.99),
        maxMs: Math.round(result.maxMs),
        committedPerS: Math.round((result.events / result.commitWindowS) * 10) / 10,
        transactionP50Ms: percentile(result.transactionHistogram, 0.5),
        transactionP99Ms: percentile(result.transactionHistogram, 0.99),
        rssPerConnectionKB:
          Math.round(
            (sum(held, (p) => p.rss) - sum(idle.slice(0, processes), (p) => p.rss)) / clients / 102.4,
          ) / 10,
        heapPerConnectionKB:
          Math.round(
            (sum(held, (p) => p.heapUsed + p.external) - sum(before, (p) => p.heapUsed + p.external)) /
              clients /
              102.4,
          ) / 10,
        serverRssMB: Math.round(sum(held, (p) => p.rss) / 1e5) / 10,
        serverCpuPercent: Math.round(
          ((sum(after, (p) => p.cpuS) - sum(held, (p) => p.cpuS)) / result.windowS) * 100,
        ),
        clientCpuPercent: Math.round((result.clientCpuS / result.windowS) * 100),
        writeErrors: result.writeErrors,
      };
      rows.push(row);
      console.log(
        `N=${clients} on ${processes}: ${row.ratePerS} events/s → ${row.deliveriesPerS} deliveries/s (${row.deliveries}/${row.expected}), ` +
          `commit-to-receipt p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, max ${row.maxMs} ms; ` +
          `writer committed ${row.committedPerS}/s (transactions p50 ${row.transactionP50Ms} ms, p99 ${row.transactionP99Ms} ms); ` +
          `server ${row.rssPerConnectionKB} KB RSS and ${row.heapPerConnectionKB} KB heap per connection, ` +
          `RSS ${row.serverRssMB} MB, CPU ${row.serverCpuPercent}% (client ${row.clientCpuPercent}%)`,
      );
    }
  } catch (error) {
    for (const server of servers) console.error(`server output (tail):\n${server.output().slice(-3_000)}`);
    throw error;
  } finally {
    for (const server of servers) {
      server.process.kill('SIGKILL');
      await server.exited;
    }
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }

  const largestRow = rows.find((r) => r.clients === Math.max(...sizes) && r.processes === 1)!;
  const met = {
    deliveriesPerS: (largestRow.deliveriesPerS as number) >= targets.deliveriesPerS,
    p99Ms: (largestRow.p99Ms as number) <= targets.p99Ms,
    rssPerConnectionKB: (largestRow.rssPerConnectionKB as number) <= targets.rssPerConnectionKB,
  };
  console.log(
    `targets at N=${largestRow.clients} on one process: ${largestRow.deliveriesPerS} / ${targets.deliveriesPerS} deliveries/s, ` +
      `p99 ${largestRow.p99Ms} / ${targets.p99Ms} ms, memory ${largestRow.rssPerConnectionKB} / ${targets.rssPerConnectionKB} KB per connection; ` +
      `met: ${JSON.stringify(met)}`,
  );
  writeResults('sse', { db: 'postgres', fdLimit, seconds, deliveriesPerS, rows, targets, met });
  holdTargets(Object.values(met).every(Boolean));
}

if (process.argv.includes('--client')) await runClient();
else await runBench();
