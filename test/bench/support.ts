import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery } from '../server/support/database';

const root = join(import.meta.dirname, '..', '..');

/** Whether PostgreSQL answers at TEST_POSTGRES_URL: the benchmarks on it are skipped otherwise. */
export const postgresAnswers = await adminQuery('select 1').then(
  () => true,
  () => false,
);

/**
 * How long a smoke run may take: seconds when well, so this is only a hang's limit, under its
 * test's. It is generous: on a fresh clone the benchmarks' files start first, beside each other,
 * the checks and the first server and browser tests, and one took over 100 s there.
 */
export const smokeRunLimitMs = 200_000;

/** A smoke-run test's own limit: its runs' hang limits, and a minute to spare. */
export const smokeTestTimeoutMs = (runs = 1) => runs * smokeRunLimitMs + 60_000;

/** What a smoke run printed, and the figures it wrote by name. */
export interface SmokeRun {
  output: string;
  figures: Record<string, Record<string, unknown>>;
}

/**
 * Runs `bench/<script>.ts` (with `args`) as a smoke run (`BENCH_SMOKE=1`: seconds long, small
 * numbers, see bench/support.ts). Throws, with the tail of its output, when it does not finish,
 * exits non-zero, or leaves any of `results` unwritten: each must be a `<name>.json` holding
 * figures, in a folder of the run's own. Nothing about speed is asserted.
 */
export async function smokeRun(
  script: string,
  { args = [], results = [script] }: { args?: string[]; results?: string[] } = {},
): Promise<SmokeRun> {
  const dir = mkdtempSync(join(tmpdir(), `bench-smoke-${script}-`));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', join('bench', `${script}.ts`), ...args], {
      cwd: root,
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_RESULTS_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // a run that hangs is ended before its test's own time runs out, so its output is shown
    const stop = setTimeout(() => child.kill('SIGKILL'), smokeRunLimitMs);
    const code = await new Promise((resolve) =>
      child.on('close', (status, signal) => resolve(status ?? signal)),
    );
    clearTimeout(stop);
    const failed = (why: string) => new Error(`bench/${script}.ts ${why}:\n${output.slice(-4_000)}`);
    if (code === 'SIGKILL') throw failed(`did not finish within ${smokeRunLimitMs / 1000} s`);
    if (code !== 0) throw failed(`exited with ${code}`);
    const figures: Record<string, Record<string, unknown>> = {};
    for (const name of results) {
      const file = join(dir, `${name}.json`);
      if (!existsSync(file)) throw failed(`wrote no ${name}.json`);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const { date: _date, smoke, machine: _machine, ...rest } = written;
      if (smoke !== true || Object.keys(rest).length === 0) throw failed(`wrote no figures in ${name}.json`);
      figures[name] = rest;
    }
    return { output, figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
