#!/usr/bin/env node
// Builds the app and the server when missing or older than their sources: what `npm start` does
// first, and what the tests that start real servers do once before their files start them together.
// The server is bundled into one file (build/server.mjs, outside the served dist/) so that starting
// it loads plain JavaScript instead of compiling TypeScript, with its packages: resolving and
// reading a few hundred module files took a third of a cold start. Packages that read files beside
// their own modules (the engine's wasm, the docs UI) stay outside.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Runs `command` unless `output` exists and is newer than every path of `sources`; answers whether it ran. */
function build(output, sources, message, command) {
  const out = join(root, output);
  if (
    existsSync(out) &&
    Math.max(...sources.map((p) => newestMtime(join(root, p)))) <= statSync(out).mtimeMs
  ) {
    return false;
  }
  console.log(message);
  // a production build whoever asks: the test runner's NODE_ENV=test made Vite bundle React's
  // development build, several times slower, into the app the browser tests ran
  const env = { ...process.env, NODE_ENV: 'production' };
  const status = spawnSync('npx', command, { cwd: root, stdio: 'inherit', env }).status;
  if (status !== 0) process.exit(status ?? 1);
  return true;
}

build(
  'dist/index.html',
  ['src', 'streams', 'public', 'index.html', 'vite.config.ts', 'scripts/pwa-plugin.ts'],
  'Building the app…',
  ['vite', 'build', '--logLevel', 'warn'],
);
// written under a name of its own, then renamed: processes started together never run a half-written file
const bundle = `build/server.${process.pid}.mjs`;
const built = build('build/server.mjs', ['server', 'streams', 'package-lock.json'], 'Building the server…', [
  'esbuild',
  'server/main.ts',
  '--bundle',
  '--platform=node',
  '--format=esm',
  '--external:@electric-sql/pglite',
  '--external:@fastify/static',
  '--external:@fastify/swagger',
  '--external:@fastify/swagger-ui',
  // the bundled CommonJS packages call require()
  "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  '--log-level=warning',
  `--outfile=${bundle}`,
]);
if (built) renameSync(join(root, bundle), join(root, 'build', 'server.mjs'));
