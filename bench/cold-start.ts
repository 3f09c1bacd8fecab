/**
 * `npm run bench:cold-start`: time from spawning what `npm start` runs (scripts/start.mjs, the
 * bundled server) on an existing PGlite data dir
 * to its first healthy `/api/health` (target ≤ 1.5 s), over a few runs. Prints the figures and
 * writes them to bench/results/cold-start.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../test/server/support/process';

const runs = Number(process.env.RUNS ?? 5);

/**
 * CPU time (user + system, all threads) a process has used so far, from /proc on Linux: on a
 * busy machine wall time mostly measures the queue for a core, CPU time what start-up costs.
 */
function cpuMs(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
}
const targetMs = 1_500;
const dataDir = mkdtempSync(join(tmpdir(), 'warehouse-cold-start-'));

try {
  // first start builds what is stale, creates and migrates the data dir (not measured)
  const first = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'cold-start-admin' });
  first.process.kill('SIGTERM');
  await first.exited;

  const timesMs: number[] = [];
  const cpuTimesMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const res = await fetch(`${server.url}/api/health`);
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    timesMs.push(Math.round(performance.now() - t0));
    const cpu = cpuMs(server.process.pid!);
    if (cpu !== undefined) cpuTimesMs.push(cpu);
    server.process.kill('SIGTERM');
    await server.exited;
  }
  const sorted = [...timesMs].sort((a, b) => a - b);
  const cpuSorted = [...cpuTimesMs].sort((a, b) => a - b);
  const result = {
    runs,
    timesMs,
    minMs: sorted[0],
    medianMs: sorted[Math.floor(sorted.length / 2)],
    maxMs: sorted.at(-1),
    cpuTimesMs,
    cpuMedianMs: cpuSorted[Math.floor(cpuSorted.length / 2)],
    targetMs,
    medianToTarget: Number((sorted[Math.floor(sorted.length / 2)] / targetMs).toFixed(2)),
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  };
  console.log(
    `cold start to healthy /api/health (existing PGlite data dir), ${runs} runs: ` +
      `min ${result.minMs} ms, median ${result.medianMs} ms, max ${result.maxMs} ms; ` +
      `median/target ${result.medianToTarget} (target ${targetMs} ms); CPU time of the process (median) ` +
      `${result.cpuMedianMs} ms; load average ${result.loadAverage1m}`,
  );
  const out = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'cold-start.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
