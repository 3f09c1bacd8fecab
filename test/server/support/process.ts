import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** `npm start`'s script: builds what is stale, then runs the bundled server in its own process. */
export const startScript = join(root, 'scripts', 'start.mjs');

/**
 * V8's flag for compiling WebAssembly with its baseline compiler alone, which the server tests run
 * PGlite with, in their own processes and in the servers they start: a test's database lives
 * seconds, and compiling its hot functions again with the optimizing tier took a third of a
 * server's start and of the in-process suite's CPU, for queries no faster over a test's length.
 * Benchmarks run their servers as `npm start` does, without it.
 */
export const baselineWasm = '--liftoff-only';

/** A real server process started by {@link startServerProcess}. */
export interface ServerProcess {
  process: ChildProcess;
  /** `http://127.0.0.1:<port>` it listens on. */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it ended. */
  exited: Promise<number | string>;
}

/**
 * Starts the real server as `npm start` does, with `env` on top of a clean environment (PORT 0 so
 * the OS picks a free port, HOST 127.0.0.1, DEMO_DATA 0 unless given), and resolves once it is
 * ready. Pass `DATA_DIR` for PGlite or `DATABASE_URL` for PostgreSQL. Rejects if it exits or takes
 * longer than `timeoutMs`. Stop it with `process.kill('SIGTERM' | 'SIGKILL')` and await `exited`.
 * `args` are node's, the script last (a benchmark adds a probe before it, which talks over IPC);
 * under Vitest, {@link baselineWasm} comes first.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  args = [startScript],
): Promise<ServerProcess> {
  const {
    DATABASE_URL: _db,
    DATA_DIR: _dir,
    ADMIN_PASSWORD: _pw,
    DEMO_DATA: _demo,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, process.env.VITEST ? [baselineWasm, ...args] : args, {
    cwd: root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    let ready = false;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // printed at every log level, once the server listens; looked for until then only, not in
      // the whole log again at every chunk a long test's server writes
      const match = ready ? null : out.match(/is ready at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        ready = true;
        clearTimeout(timer);
        resolve({ process: child, url: match[1], output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
}
