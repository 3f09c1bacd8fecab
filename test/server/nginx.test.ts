import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../e2e/support/app';
import { closeBrowser, openBrowser } from '../e2e/support/browser';
import {
  createPallet,
  type Follower,
  follow,
  prepareWarehouse,
  sseUrl,
  until,
  type Warehouse,
} from './live-helpers';
import { adminQuery, createTestDatabase, type TestDatabase, testDbKind } from './support/database';
import { freePort, nginxBinary, startNginx } from './support/nginx';
import { type ServerProcess, startServerProcess } from './support/process';

const adminPassword = 'nginx-test-admin-pw';

describe.runIf(testDbKind === 'postgres' && nginxBinary)(
  'two server processes behind nginx on PostgreSQL',
  () => {
    let database: TestDatabase;
    let env: Record<string, string>;
    let a: ServerProcess;
    let b: ServerProcess;
    let nginx: ChildProcess | undefined;
    let dir: string;
    let proxy: string;
    let warehouse: Warehouse;

    beforeAll(async () => {
      database = await createTestDatabase();
      env = { DATABASE_URL: database.url!, ADMIN_PASSWORD: adminPassword, TRUST_PROXY: 'loopback' };
      [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      dir = mkdtempSync(join(tmpdir(), 'nginx-'));
      const port = await freePort();
      nginx = await startNginx(
        dir,
        port,
        [a.url, b.url].map((url) => new URL(url).host),
      );
      proxy = `http://127.0.0.1:${port}`;
      warehouse = await prepareWarehouse(proxy, adminPassword);
    }, 120_000);

    afterAll(async () => {
      await closeBrowser();
      nginx?.kill('SIGTERM');
      for (const server of [a, b])
        if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
      await Promise.all([a?.exited, b?.exited]);
      await database?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** The process whose metrics count the location's one open stream, and the other process. */
    async function streamHolder(): Promise<[ServerProcess, ServerProcess]> {
      const open = `warehouse_sse_connections{location="${warehouse.locationId}"} 1\n`;
      const started = Date.now();
      for (;;) {
        for (const [holder, other] of [
          [a, b],
          [b, a],
        ]) {
          if ((await (await fetch(`${holder.url}/metrics`)).text()).includes(open)) return [holder, other];
        }
        if (Date.now() - started > 10_000) throw new Error('no process holds the stream');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it('streams live updates through nginx from both processes, and a cut-off client resumes missing nothing', async () => {
      // one nginx worker deals consecutive requests round the upstreams: one stream on each process
      const streams: Follower[] = [];
      for (let i = 0; i < 2; i++) {
        streams.push(await follow(sseUrl(proxy, warehouse.locationId, { token: warehouse.token })));
        await until(() => streams[i].messages.some((m) => m.event === 'connected'));
      }
      expect(streams[0].headers['content-type']).toMatch(/^text\/event-stream/);
      await createPallet(a.url, warehouse, 101);
      await createPallet(b.url, warehouse, 102);
      for (const stream of streams)
        await until(() => stream.updateIds().length === 2, 10_000, 'both updates');
      const seen = streams[0].updateIds();
      expect(streams[1].updateIds()).toEqual(seen);

      a.process.kill('SIGKILL');
      await a.exited;
      const ended = await Promise.race([
        Promise.any(streams.map((stream, i) => stream.closed.then(() => i))),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
      ]);
      expect(ended).toBeDefined();
      const cut = streams[ended!];
      const last = cut.updateIds().at(-1)!;
      // written while the client is away, on the process that is left
      await createPallet(b.url, warehouse, 103);
      await createPallet(proxy, warehouse, 104);
      const resumed = await follow(sseUrl(proxy, warehouse.locationId, { token: warehouse.token }), {
        'Last-Event-ID': String(last),
      });
      await until(() => resumed.updateIds().length === 2, 10_000, 'the missed updates');
      expect(resumed.messages.some((m) => m.event === 'reset')).toBe(false);
      expect(resumed.updateIds()).toEqual([last + 1, last + 2]);
      for (const stream of [...streams, resumed]) stream.close();
    });

    it('shows a browser signed in through nginx the pallets made on the other process, also after its own process died', async () => {
      // the test before killed a: start it again on its port, as systemd would
      a = await startServerProcess({ ...env, PORT: new URL(a.url).port });
      const browser = await openBrowser();
      try {
        const page = await browser.page();
        await signIn(page, proxy, { username: 'admin', password: `${adminPassword}-chosen` });
        await page.locator('output[data-status="ready"]').waitFor();
        const row = (id: string) => page.locator(`[data-pallet-id="${id}"]`);
        const [holder, other] = await streamHolder();
        const crossed = await createPallet(other.url, warehouse, 201);
        await row(crossed.id).waitFor({ timeout: 5_000 });

        holder.process.kill('SIGKILL');
        await holder.exited;
        // written while the page reconnects through nginx to the process that is left
        const missed = await createPallet(other.url, warehouse, 202);
        await row(missed.id).waitFor({ timeout: 15_000 });
      } finally {
        await browser.close();
      }
    }, 60_000);

    it('says on /api/ready, through nginx too, that a process whose database is gone is not ready', async () => {
      const alive = [a, b].find((server) => server.process.exitCode === null && !server.process.killed)!;
      expect((await fetch(`${alive.url}/api/ready`)).status).toBe(200);
      await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${new URL(database.url!).pathname.slice(1)}'`,
      );
      await adminQuery(
        `alter database "${new URL(database.url!).pathname.slice(1)}" allow_connections false`,
      );
      try {
        const res = await fetch(`${alive.url}/api/ready`);
        expect(res.status).toBe(503);
        expect((await res.json()).reason).toMatch(/database|listener/);
        // nginx asks the next process; with none ready the site answers 503 with a reason too
        const site = await fetch(`${proxy}/api/ready`);
        expect(site.status).toBe(503);
        expect(site.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await site.json()).toEqual({ status: 'unavailable', reason: 'no server process is ready' });
      } finally {
        await adminQuery(
          `alter database "${new URL(database.url!).pathname.slice(1)}" allow_connections true`,
        );
      }
    });
  },
);
