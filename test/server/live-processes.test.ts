import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPallet,
  follow,
  prepareWarehouse,
  serverStorage,
  sseUrl,
  until,
  type Warehouse,
} from './live-helpers';
import { testDbKind } from './support/database';
import { type ServerProcess, startServerProcess } from './support/process';

const adminPassword = 'live-processes-admin-pw';
const drainMs = 1_500;
let storage: Awaited<ReturnType<typeof serverStorage>> | undefined;
let a: ServerProcess;
let b: ServerProcess;
let warehouse: Warehouse;

// On PostgreSQL two processes share one database; PGlite is embedded in one process, so there
// "A" and "B" are the same process and the test follows the same path through it.
const processes =
  testDbKind === 'postgres' ? 'two server processes on one PostgreSQL' : 'a server process on PGlite';

beforeAll(async () => {
  storage = await serverStorage(adminPassword);
  const env = { ...storage.env, SSE_DRAIN_MS: String(drainMs) };
  a = await startServerProcess(env);
  b = testDbKind === 'postgres' ? await startServerProcess(env) : a;
  warehouse = await prepareWarehouse(a.url, adminPassword);
}, 120_000);

afterAll(async () => {
  for (const server of [a, b]) if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await storage?.remove();
});

describe(processes, () => {
  it('sends a pallet created through A to an SSE client of B, once', async () => {
    const client = await follow(sseUrl(b.url, warehouse.locationId, { token: warehouse.token }));
    await until(() => client.messages.some((m) => m.event === 'connected'));
    const pallet = await createPallet(a.url, warehouse, 512.5);
    await until(() => client.updateIds().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const updates = client.messages.filter((m) => m.event === 'update');
    expect(updates).toHaveLength(1);
    const message = JSON.parse(updates[0].data);
    expect(message).toMatchObject({ type: 'PALLET_UPDATE', action: 'add', locationId: warehouse.locationId });
    expect(message.pallets.map((p: { id: string }) => p.id)).toEqual([pallet.id]);
    client.close();
  });

  it('refuses on B, at once, an access token whose session was signed out through A', async () => {
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: `${adminPassword}-chosen` }),
    });
    const { token } = (await login.json()) as { token: string };
    const validate = async () =>
      (await fetch(`${b.url}/api/auth/validate`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await validate()).toBe(200); // B now knows the session as live
    await api(a.url, token, 'POST', '/api/auth/logout', {});
    let status = await validate();
    for (const start = Date.now(); status === 200 && Date.now() - start < 2_000; ) status = await validate();
    expect(status).toBe(401);
  });

  it('answers a refresh token presented to A and B at the same moment with a working session on each', async () => {
    const signIn = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: `${adminPassword}-chosen` }),
    });
    const { refreshToken } = (await signIn.json()) as { refreshToken: string };
    const refreshOn = (url: string, token: string) =>
      fetch(`${url}/api/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: token }),
      });
    const answers = await Promise.all([refreshOn(a.url, refreshToken), refreshOn(b.url, refreshToken)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const sessions = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{
      token: string;
      refreshToken: string;
    }>;
    // one family: both sessions validate on both processes and go on rotating
    for (const session of sessions) {
      for (const url of [a.url, b.url]) {
        const validated = await fetch(`${url}/api/auth/validate`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        expect(validated.status).toBe(200);
      }
      expect((await refreshOn(b.url, session.refreshToken)).status).toBe(200);
    }
    expect(decodeJwt(sessions[0].token).fid).toBe(decodeJwt(sessions[1].token).fid);
  });

  it('never prints the token of the query string', () => {
    const signature = warehouse.token.split('.')[2];
    expect(b.output()).toContain(`"url":"/api/sse/location/${warehouse.locationId}"`);
    for (const server of [a, b]) expect(server.output()).not.toContain(signature);
  });

  it(`on SIGTERM closes its streams spread over ${drainMs} ms, then exits 0`, async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, () =>
        follow(sseUrl(b.url, warehouse.locationId, { token: warehouse.token })),
      ),
    );
    await until(() => clients.every((c) => c.messages.some((m) => m.event === 'connected')));
    const start = performance.now();
    const closedAt = clients.map((c) => c.closed.then(() => performance.now() - start));
    b.process.kill('SIGTERM');
    const times = (await Promise.all(closedAt)).sort((x, y) => x - y);
    expect(await b.exited).toBe(0);
    expect(times[4] - times[0]).toBeGreaterThan(drainMs / 2);
    expect(times[4]).toBeGreaterThanOrEqual(drainMs - 50);
  });
});
