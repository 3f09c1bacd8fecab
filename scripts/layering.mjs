#!/usr/bin/env node
// `npm run layering`: dependency-cruiser checks the layering of .dependency-cruiser.cjs over the
// whole code. It reads TypeScript through TypeScript's compiler API, which TypeScript 7 does not
// ship, so it is installed apart, in tools/layering with TypeScript 5's, on its first run and
// again whenever that folder's lock file changes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, 'tools', 'layering');
const installed = join(tools, 'node_modules', '.package-lock.json');
const lockOf = (file) => JSON.parse(readFileSync(file, 'utf8')).packages;
const current =
  existsSync(installed) &&
  JSON.stringify(lockOf(installed)) ===
    JSON.stringify(
      Object.fromEntries(Object.entries(lockOf(join(tools, 'package-lock.json'))).filter(([k]) => k)),
    );

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (!current && run('npm', ['ci', '--prefix', tools, '--no-audit', '--no-fund', '--silent']) !== 0)
  process.exit(1);
process.exit(
  run(join(tools, 'node_modules', '.bin', 'depcruise'), [
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err',
    'streams',
    'src',
    'server',
    'test',
    'bench',
    'scripts',
  ]),
);
