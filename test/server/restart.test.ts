import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { until } from './live-helpers';
import { createTestDatabase, type TestDatabase, testDbKind } from './support/database';
import { type ServerProcess, startServerProcess } from './support/process';

/**
 * The real server process: writes survive SIGKILL, a second start applies no migration and
 * keeps the signing key, and SIGTERM lets requests in flight finish before it exits.
 * PGlite runs on a temporary DATA_DIR; PostgreSQL on this file's own database.
 */
const adminPassword = 'Restart-Admin-Pass-1';
/** The password the admin chooses at the first sign-in, before the server answers anything else. */
const chosenPassword = 'Restart-Admin-Pass-2';
const migrationCount = readdirSync(join(__dirname, '..', '..', 'server', 'db', 'migrations')).filter((f) =>
  f.endsWith('.sql'),
).length;

let dataDir: string;
let pgDatabase: TestDatabase | undefined;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'warehouse-restart-'));
  if (testDbKind === 'postgres') {
    // this file's database, emptied so that the server migrates it itself
    pgDatabase = await createTestDatabase();
    await pgDatabase.scriptTransaction((tx) => tx.exec('drop schema public cascade; create schema public;'));
  }
});

afterAll(async () => {
  for (const server of running) server.process.kill('SIGKILL');
  await pgDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the server and waits for its log to reach the listening line: the log is written apart
 * from the lines the start prints, and may trail the "ready" line, so what it says of the start
 * (a migration or none) is read once that line is in.
 */
async function start(): Promise<ServerProcess> {
  const env: Record<string, string> =
    testDbKind === 'postgres' ? { DATABASE_URL: pgDatabase!.url! } : { DATA_DIR: dataDir };
  const server = await startServerProcess({ ...env, ADMIN_PASSWORD: adminPassword });
  running.push(server);
  await until(() => server.output().includes('Server listening'), 10_000, "the server's log of its start");
  return server;
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('the server process', () => {
  it('keeps every committed write across SIGKILL and does not migrate twice', async () => {
    const first = await start();
    expect(first.output()).toContain('database migrated');
    expect(first.output()).toContain('Created user "admin"');
    expect(first.output()).not.toContain(adminPassword);

    const login = await call(first, 'POST', '/api/auth/login', {
      username: 'admin',
      password: adminPassword,
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ admin: true, first_login: true });
    const token = login.body.token as string;
    const chosen = { currentPassword: adminPassword, newPassword: chosenPassword };
    expect((await call(first, 'POST', '/api/auth/change-password', chosen, token)).status).toBe(200);
    const location = await call(first, 'POST', '/api/locations', { name: 'Naaldwijk' }, token);
    expect(location.status).toBe(201);
    const user = await call(
      first,
      'POST',
      '/api/users',
      { username: 'kept', password: 'kept-password' },
      token,
    );
    expect(user.status).toBe(201);

    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await start();
    expect(second.output()).not.toContain('database migrated');
    expect(second.output()).not.toContain('Created user');
    // the signing key persisted: the token from before the crash still works
    const locations = await call(second, 'GET', '/api/locations', undefined, token);
    expect(locations.status).toBe(200);
    expect(locations.body.data).toEqual([location.body.data]);
    const users = await call(second, 'GET', '/api/users', undefined, token);
    expect(users.body.data.map((u: { username: string }) => u.username)).toEqual(['admin', 'kept']);
    expect(
      (await call(second, 'POST', '/api/auth/login', { username: 'kept', password: 'kept-password' })).status,
    ).toBe(200);

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // every migration recorded once; a third migrate applies nothing
    const database = await createDatabase(
      testDbKind === 'postgres'
        ? { databaseUrl: pgDatabase!.url, dataDir: '' }
        : { databaseUrl: undefined, dataDir },
    );
    try {
      const versions = await database.db
        .selectFrom('schema_migrations' as never)
        .select('version' as never)
        .execute();
      expect(versions).toHaveLength(migrationCount);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('on SIGTERM finishes the requests in flight, closes the connections that carry none, then exits 0', async () => {
    const server = await start();
    // a client that connected and has sent nothing yet: Node counts it busy, so it would hold the
    // close open until it gives up itself
    const silent = connect(Number(new URL(server.url).port), '127.0.0.1');
    const silentClosed = new Promise((resolve) => silent.once('close', resolve));
    await new Promise((resolve) => silent.once('connect', resolve));
    const logins = Array.from({ length: 4 }, () =>
      call(server, 'POST', '/api/auth/login', { username: 'admin', password: chosenPassword }),
    );
    // wait until the server has read all four, so they are in flight when the signal comes
    while ((server.output().match(/"url":"\/api\/auth\/login"/g) ?? []).length < 4) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    server.process.kill('SIGTERM');
    const answers = await Promise.all(logins);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await server.exited).toBe(0);
    await silentClosed;
    expect(server.output()).toContain('shutting down');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 120_000);
});
