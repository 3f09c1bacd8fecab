import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../app-type';
import { notFound } from '../plugins/errors';

/**
 * A running embedded-database server leaves `DATA_DIR/server.json` (readable by its own user
 * only): its pid, where it listens, and a key. `npm run backup` uses it to ask the server for a
 * consistent dump (no second process may open the data directory while the server has it open);
 * restore and the move refuse while it is there and its process lives.
 */
export interface ControlFile {
  pid: number;
  /** Where the server answers on this machine. */
  host: string;
  port: number;
  key: string;
}

const controlPath = (dataDir: string) => join(dataDir, 'server.json');

/** Reads the control file of a server running on `dataDir`, if one is running. */
export function runningServer(dataDir: string): ControlFile | undefined {
  let control: ControlFile;
  try {
    control = JSON.parse(readFileSync(controlPath(dataDir), 'utf8')) as ControlFile;
  } catch {
    return undefined;
  }
  try {
    process.kill(control.pid, 0);
    return control;
  } catch (error) {
    // EPERM: alive, but another user's
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? control : undefined;
  }
}

/**
 * For the embedded database only: `GET /ops/pglite-dump` answers a gzipped tar of the data
 * directory taken between transactions, after a checkpoint, to the holder of the control file's
 * key (404 to anyone else). Writes the control file once the server listens; removes it on close.
 */
export function registerPgliteDump(app: App): void {
  const pglite = app.database.pglite;
  if (!pglite || app.config.dataDir === 'memory://') return;
  const key = randomBytes(32).toString('hex');
  app.get('/ops/pglite-dump', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-ops-key'] ?? ''));
    if (given.length !== key.length || !timingSafeEqual(given, Buffer.from(key))) throw notFound();
    // inside a transaction of its own: no other transaction is in flight while the checkpoint
    // and the copy run
    const dump = await pglite.transaction(async (tx) => {
      await tx.exec('checkpoint');
      return pglite.dumpDataDir('gzip');
    });
    return reply.type('application/gzip').send(Buffer.from(await dump.arrayBuffer()));
  });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : app.config.port;
    const host = ['0.0.0.0', '::', ''].includes(app.config.host) ? '127.0.0.1' : app.config.host;
    const path = controlPath(app.config.dataDir);
    writeFileSync(path, JSON.stringify({ pid: process.pid, host, port, key } satisfies ControlFile), {
      mode: 0o600,
    });
    chmodSync(path, 0o600);
  });
  app.addHook('onClose', async () => {
    if (runningServer(app.config.dataDir)?.pid === process.pid)
      rmSync(controlPath(app.config.dataDir), { force: true });
  });
}
