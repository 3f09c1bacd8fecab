import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { Config } from '../config';
import { createDatabase } from '../db/index';
import { runningServer } from './control';
import { describe, refuseWhileRunning } from './migrate';

type Say = (line: string) => void;

/** What a backup file holds, told by its first bytes. */
type BackupKind = 'postgres' | 'pglite';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function defaultFile(kind: BackupKind): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:]/g, '-');
  return join('backups', `warehouse-${stamp}${kind === 'postgres' ? '.pgdump' : '.pglite.tar.gz'}`);
}

/**
 * `npm run backup -- [file]`: PostgreSQL with `pg_dump` (custom format), the embedded database
 * as a gzipped tar of its data directory: asked of the running server (taken between
 * transactions), or read directly when no server runs. Prints progress and the file written.
 */
export async function backup(config: Config, file: string | undefined, say: Say): Promise<void> {
  const kind: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
  const path = resolve(file ?? defaultFile(kind));
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  say(`Backing up ${describe(config)} to ${path}`);
  const started = Date.now();
  if (config.databaseUrl) {
    await runTool('pg_dump', ['--format=custom', '--verbose', `--file=${partial}`, config.databaseUrl], say);
  } else {
    writeFileSync(partial, await dumpPglite(config, say));
  }
  renameSync(partial, path);
  say(
    `Done: ${mib(statSync(path).size)} in ${((Date.now() - started) / 1000).toFixed(1)} s. Restore with: npm run restore -- ${path}`,
  );
}

async function dumpPglite(config: Config, say: Say): Promise<Buffer> {
  const running = runningServer(config.dataDir);
  if (running) {
    say(`The server (pid ${running.pid}) is running: asking it for a consistent copy…`);
    const res = await fetch(`http://${running.host}:${running.port}/ops/pglite-dump`, {
      headers: { 'x-ops-key': running.key },
    }).catch((error: Error) => {
      throw new Error(
        `the server named in ${join(config.dataDir, 'server.json')} does not answer (${error.message}); if no server runs on this data directory, delete that file and back up again`,
      );
    });
    if (!res.ok) throw new Error(`the server answered ${res.status} to the backup request`);
    return Buffer.from(await res.arrayBuffer());
  }
  if (!existsSync(join(config.dataDir, 'pgdata')))
    throw new Error(`no embedded database in ${config.dataDir}`);
  say('No server is running: reading the data directory…');
  const pglite = await PGlite.create(join(config.dataDir, 'pgdata'));
  try {
    await pglite.exec('checkpoint');
    return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/**
 * `npm run restore -- <file>`: checks the file first (a wrong or damaged one changes nothing),
 * then replaces the database's contents with it. PostgreSQL: `pg_restore --clean` in one
 * transaction. Embedded: the current data directory is kept beside the restored one
 * (`pgdata.before-restore-<time>`). Stop the servers first.
 */
export async function restore(config: Config, file: string | undefined, say: Say): Promise<void> {
  if (!file) throw new Error('name the backup file: npm run restore -- <file>');
  const path = resolve(file);
  if (!existsSync(path)) throw new Error(`no such file: ${path}`);
  const kind = backupKind(path);
  const target: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new Error(
      kind === 'pglite'
        ? `${path} is a backup of an embedded database; to restore it into PostgreSQL, restore it with DATABASE_URL unset, then run npm run move-to-postgres`
        : `${path} is a PostgreSQL backup: set DATABASE_URL to restore it`,
    );
  }
  say(`Checking ${path}…`);
  if (kind === 'postgres') {
    await runTool('pg_restore', ['--list', path], () => {});
    say(`Restoring into ${describe(config)} (stop the servers first)…`);
    await runTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--verbose',
        `--dbname=${config.databaseUrl}`,
        path,
      ],
      say,
    );
  } else {
    refuseWhileRunning(config.dataDir, 'restore');
    const dump = readPgliteBackup(path);
    const dataDir = join(config.dataDir, 'pgdata');
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const hadOne = existsSync(dataDir);
    if (hadOne) renameSync(dataDir, aside);
    mkdirSync(config.dataDir, { recursive: true });
    say(`Restoring into ${describe(config)}…`);
    try {
      const database = await createDatabase(config, { loadDataDir: dump });
      try {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(
          database.db,
        );
        say(`The backup opens: ${rows[0].n} migration(s) recorded.`);
      } finally {
        await database.close();
      }
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (hadOne) renameSync(aside, dataDir);
      throw new Error(
        `${path} does not hold a warehouse database (nothing was changed): ${(error as Error).message}`,
      );
    }
    if (hadOne) say(`The database it replaced is kept at ${aside}`);
  }
  say('Restored. Start the server as usual (npm start); it applies any newer migration.');
}

/** Reads a backup's first bytes: PostgreSQL's custom format, or a gzip (the embedded engine's). */
function backupKind(path: string): BackupKind {
  const head = readFileSync(path).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new Error(
    `${path} is not a warehouse backup (neither a pg_dump custom file nor an embedded database's)`,
  );
}

/** Unpacks an embedded backup fully (gzip's checksum finds damage) and checks it is a data directory. */
function readPgliteBackup(path: string): Blob {
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(path));
  } catch (error) {
    throw new Error(`${path} is damaged: ${(error as Error).message}`);
  }
  const firstName = tar.subarray(0, 100).toString('latin1').replace(/\0.*$/s, '');
  if (!/^(pgdata)?\//.test(firstName) || !tar.includes('PG_VERSION')) {
    throw new Error(`${path} is not a backup of an embedded warehouse database`);
  }
  return new Blob([new Uint8Array(tar)], { type: 'application/x-tar' });
}

/**
 * Runs a PostgreSQL client tool, passing its verbose lines on as progress; a missing tool or a
 * failure throws with what it said.
 */
function runTool(tool: string, args: string[], say: Say): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const said: string[] = [];
    let rest = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        said.push(line);
        if (/^pg_(dump|restore): (dumping contents|processing data|creating TABLE |error|warning)/.test(line))
          say(`  ${line}`);
      }
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not installed: install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else {
        const errors = [...said, rest].filter((line) => /error|invalid|not a|corrupt|could not/i.test(line));
        reject(
          new Error(
            `${tool} failed (exit ${code}): ${(errors.length ? errors : said.slice(-3)).join(' / ')}`,
          ),
        );
      }
    });
  });
}
