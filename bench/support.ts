import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiPallet, call } from '../test/e2e/support/api';

/** The project's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A smoke run (`BENCH_SMOKE=1`, as the test command runs every benchmark): the whole benchmark in
 * seconds, on small numbers, so one that can no longer finish fails the tests. Its figures say
 * nothing of speed: no target is held, and they are written to `BENCH_RESULTS_DIR`, not over the
 * real ones.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/**
 * A turn of HTTP load (autocannon) lasting `seconds`, or in a smoke run a hundred requests, the run
 * ending at its next sample 100 ms on: autocannon's shortest timed turn, a second, kept both cores
 * busy.
 */
export const loadLength = (seconds: number) =>
  smoke ? { amount: smokeRequests, sampleInt: 100 } : { duration: seconds };

/** The requests (or transactions) of a smoke run's turn of load. */
export const smokeRequests = 100;

/** A benchmark's size: the environment variable `name` when set, else `full` (`small` in a smoke run). */
export function size(name: string, full: number, small: number): number {
  return Number(process.env[name] ?? (smoke ? small : full));
}

/** Where the figures go: bench/results, or `BENCH_RESULTS_DIR`. */
export const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(root, 'bench', 'results');

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started = performance.now();

/**
 * Says what a benchmark has done so far, with the seconds since it started: a long run shows its
 * progress, and one that hangs shows where.
 */
export function progress(done: string): void {
  console.log(`… ${done} (${Math.round((performance.now() - started) / 1000)} s)`);
}

/** A benchmark whose targets were not all met exits non-zero, except in a smoke run. */
export function holdTargets(met: boolean): void {
  if (!met && !smoke) process.exitCode = 1;
}

/**
 * CPU time (user + system, all threads) a process has used so far, from /proc on Linux: on a
 * busy machine wall time mostly measures the queue for a core, CPU time what start-up costs.
 */
export function cpuMs(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
}
/** The `p`th percentile of `values` (nearest rank): 50 for the median. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Makes `count` pallets at the location through the API, 8 at a time (three tomato types, weights
 * 300 to 899 kg, the catalogue of `putCatalog`), and says how long it took.
 */
export async function seedPallets(base: string, token: string, locationId: string, count: number) {
  const started = Date.now();
  const made: ApiPallet[] = [];
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const fields = {
        locationId,
        palletType: 'Euro',
        boxType: 'Crate',
        tomatoType: ['Cherry', 'Beef', 'Vine'][i % 3],
        tomatoOption: 'Loose',
        weight: 300 + (i % 600),
      };
      made.push(await call<ApiPallet>(base, 'POST', '/api/pallets', fields, token));
    },
  );
  console.log(`${count.toLocaleString('en')} pallets made in ${Math.round((Date.now() - started) / 1000)} s`);
  return made;
}

/**
 * Writes a benchmark's figures to `<resultsDir>/<name>.json`, with when and on what: other work on
 * the machine skews every figure, so the load average (1, 5, 15 min) at the end goes with them.
 */
export function writeResults(name: string, results: object) {
  const machine = {
    cpus: availableParallelism(),
    node: process.version,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  };
  const file = join(resultsDir, `${name}.json`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), smoke, machine, ...results }, null, 2)}\n`,
  );
  console.log(`wrote ${file} (load average ${machine.loadAverage.join(' ')} on ${machine.cpus} cores)`);
}
