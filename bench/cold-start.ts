/**
 * `npm run bench:cold-start`: time from spawning what `npm start` runs (scripts/start.mjs, the
 * bundled server) on an existing PGlite data dir
 * to its first healthy `/api/health` (target ≤ 1.5 s), over a few runs. Prints the figures and
 * writes them to bench/results/cold-start.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../test/server/support/process';
import { cpuMs, size, writeResults } from './support';

const runs = size('RUNS', 5, 1);

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
  };
  console.log(
    `cold start to healthy /api/health (existing PGlite data dir), ${runs} runs: ` +
      `min ${result.minMs} ms, median ${result.medianMs} ms, max ${result.maxMs} ms; ` +
      `median/target ${result.medianToTarget} (target ${targetMs} ms); CPU time of the process (median) ` +
      `${result.cpuMedianMs} ms`,
  );
  writeResults('cold-start', result);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
