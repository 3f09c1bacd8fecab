#!/usr/bin/env node
// The one command that passes every test: gets what npm cannot (Chromium, nginx), finds PostgreSQL,
// builds the app for the browser tests, runs every Vitest project while checking types, lint and
// the API document, and closes with the line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requirePostgres = process.env.REQUIRE_POSTGRES === '1' || process.env.CI === 'true';
const extraArgs = process.argv.slice(2);

function run(cmd, args, opts = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts }).status ?? 1;
}

/** `run` without blocking: resolves with the exit status. */
function runAsync(cmd, args, opts = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
}

/** Runs a command in the background, keeping its output: resolves with its status and output. */
function capture(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status: status ?? 1, output })));
}

function findChromium() {
  // the headless shell: the full browser in headless mode took three times the CPU
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell'];
  return candidates.find((p) => p && existsSync(p));
}

function findNginx() {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];
  return candidates.find((p) => p && existsSync(p));
}

/**
 * Answers `find()`, or installs Debian's `pkg` (as root with apt-get) when it finds nothing and
 * tries again; exits saying what to install when that is not possible.
 */
function ensureDebianPackage(pkg, find, what, variable) {
  const found = find();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`${what} not found: installing Debian's "${pkg}" package with apt-get.`);
    // RUNLEVEL=1: the package's scripts do not start its service (nginx on port 80)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
    if (
      run('apt-get', ['update', '-qq'], { env }) === 0 &&
      run('apt-get', ['install', '-y', '-qq', pkg], { env }) === 0
    ) {
      return find();
    }
  }
  console.error(
    `${what} is needed for the tests and was not found.\n` +
      `Install it with: sudo apt-get install ${pkg}   (Debian/Ubuntu)\n` +
      `or point ${variable} at its binary.`,
  );
  process.exit(1);
}

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const chromium = ensureDebianPackage(
  'chromium-headless-shell',
  findChromium,
  "Chromium's headless shell",
  'CHROMIUM_PATH',
);
const nginx = ensureDebianPackage('nginx', findNginx, 'nginx (the proxy test)', 'NGINX_PATH');
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// bench: every benchmark's smoke run (those on PostgreSQL skip themselves without it)
const projects = ['server-pglite', 'e2e', 'bench'];
if (await postgresAnswers(adminUrl)) {
  projects.push('server-postgres');
} else if (requirePostgres) {
  console.error(`PostgreSQL is required here (CI) but does not answer at ${adminUrl}.`);
  process.exit(1);
} else {
  console.log(
    `\nPostgreSQL does not answer at ${adminUrl}: the server suite runs on PGlite only (the PostgreSQL half is SKIPPED).`,
  );
}

const failures = [];
const tmp = join(root, 'test', '.tmp');
mkdirSync(tmp, { recursive: true });
// the browser tests need the app built; the checks below need nothing the tests make
if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) failures.push('build');

// types, lint, the layering (.dependency-cruiser.cjs), the API document (Redocly's recommended
// rules: 0 errors) and the catalogues (every message the code uses is in English and Dutch, none unused: i18next-cli, which writes nothing
// here; src/i18n/catalogues.test.ts checks the rest) are checked while the tests run, on the cores
// the tests leave idle; their output follows the tests'
const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const checks = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['layering', 'npm', ['run', '--silent', 'layering']],
  ['openapi', 'npm', ['run', '--silent', 'lint:openapi'], { env: quiet }],
  ['catalogues', 'npx', ['i18next-cli', 'extract', '--ci', '--dry-run']],
].map(([name, cmd, args, opts]) => ({
  name,
  line: `$ ${cmd} ${args.join(' ')}`,
  done: capture(cmd, args, opts),
}));

/**
 * Where the tests keep their temporary files (the servers' data directories, Chromium's profiles):
 * memory (/dev/shm) when it has room, since creating the thousand files of a copied database
 * directory took the kernel 0.7 CPU-seconds a server on this machine's disk and 0.07 there.
 */
function tempDir() {
  const memory = '/dev/shm';
  try {
    const { bavail, bsize } = statfsSync(memory);
    if (bavail * bsize >= 4 * 1024 ** 3) {
      accessSync(memory, constants.W_OK);
      return memory;
    }
  } catch {
    // no such folder here, or not ours to write
  }
  return tmpdir();
}

const env = {
  ...process.env,
  TMPDIR: tempDir(),
  CHROMIUM_PATH: chromium,
  NGINX_PATH: nginx,
  TEST_POSTGRES_URL: adminUrl,
};
/** Vitest on `projects`, its results also written to test/.tmp/<name>.json. */
const vitest = (name, projectNames, extra = []) => {
  const report = join(tmp, `${name}.json`);
  rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    ...projectNames.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--passWithNoTests',
    ...extra,
    ...extraArgs,
  ];
  return { name, report, args };
};
// the data core and the app, with the data core's coverage (held to 90 % of its lines), beside the
// server and browser tests, which run no code of the data core's that these do not and would only
// pay for the coverage
// one worker: beside the server and browser tests a second pool of workers only made every
// process on the two cores wait longer, up to the servers' start timing out
const unit = vitest('vitest-unit', ['streams', 'app'], ['--coverage']);
const rest = vitest('vitest', projects);
const unitDone = capture('npx', unit.args, { env: { ...env, TEST_WORKERS: '1' } });
if ((await runAsync('npx', rest.args, { env })) !== 0) failures.push('tests');
for (const check of [
  { name: 'unit tests', line: `$ npx ${unit.args.join(' ')}`, done: unitDone },
  ...checks,
]) {
  const { status, output } = await check.done;
  console.log(`\n${check.line}\n${output}`);
  if (status !== 0) failures.push(check.name);
}

/** The first line of the first message, for the closing list of failures. */
function firstLine(messages) {
  const line = (messages?.find(Boolean) ?? '').split('\n')[0].slice(0, 300);
  // Vitest's JSON report keeps only the placeholder it makes a timeout's stack from
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out' : line;
}

let passed = 0;
let failed = 0;
let skipped = 0;
// the failed tests are named again at the end, where a log cut to its tail still shows them
const failedTests = [];
for (const { report } of [unit, rest]) {
  if (!existsSync(report)) continue;
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults) {
    const where = file.name.slice(root.length + 1);
    const failedInFile = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failedInFile)
      failedTests.push(`${where} > ${t.fullName}\n    ${firstLine(t.failureMessages)}`);
    if (file.status === 'failed' && !failedInFile.length)
      failedTests.push(`${where}\n    ${firstLine([file.message])}`);
  }
}
if (failedTests.length) console.log(`\nFailed:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
// A failed step (types, lint, build, a test file that would not load) counts as one failure,
// so the closing line never reads green when something was red.
const stepFailures = failures.filter((f) => !f.endsWith('tests') || failed === 0).length;
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed + stepFailures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
