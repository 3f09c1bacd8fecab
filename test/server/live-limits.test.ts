import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/app';
import { commitEvents, follow, liveConfig, sseUrl, until } from './live-helpers';
import { setupTestServer, type TestUser } from './support/server';

const maxConnections = 3;
const logLines: string[] = [];
const server = setupTestServer({
  config: liveConfig({ maxConnections, drainMs: 50 }),
  logger: {
    ...loggerOptions('info'),
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
});
let base: string;
let admin: TestUser;

beforeAll(async () => {
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await server.createUser({ admin: true });
});

describe('limits', () => {
  it(`answers 503 beyond ${maxConnections} streams per process (20,000 by default), and admits again after one closes`, async () => {
    const { id } = await server.createLocation();
    const url = sseUrl(base, id, { token: admin.token });
    const open = await Promise.all([follow(url), follow(url), follow(url)]);
    expect(open.map((f) => f.status)).toEqual([200, 200, 200]);
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      message: 'Service unavailable. Please try again later',
      code: 'SERVICE_UNAVAILABLE',
    });
    open[0].close();
    await open[0].closed;
    let again = await follow(url);
    for (let attempt = 0; again.status === 503 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      again = await follow(url);
    }
    expect(again.status).toBe(200);
    for (const f of [...open, again]) f.close();
  });

  it('disconnects a client that stops reading once more than the unsent limit piles up (1 MiB by default)', async () => {
    const { id } = await server.createLocation();
    const slow = await follow(sseUrl(base, id, { token: admin.token }));
    const reader = await follow(sseUrl(base, id, { token: admin.token }));
    slow.response.pause(); // a phone that stopped reading
    // 12 MB: more than loopback's socket buffers (a few MB) plus the 1 MiB the server may hold
    const committed = 800;
    const pad = 'z'.repeat(16 * 1024);
    const message = (n: number) => ({ type: 'PALLET_UPDATE', action: 'update', pallets: [], pad, n });
    await commitEvents(server.db, id, committed, message, 20);
    // the reader, keeping up, got every event and stays connected
    await until(() => reader.updateIds().length === committed, 20_000);
    expect(reader.response.closed).toBe(false);
    // the slow one, reading again, finds its stream cut short by the server
    slow.response.resume();
    await slow.closed;
    expect(slow.updateIds().length).toBeLessThan(committed);
    expect(slow.updateIds()).toEqual(reader.updateIds().slice(0, slow.updateIds().length));
    reader.close();
  });
});

describe('logging', () => {
  it('never writes the token of the query string to the log', async () => {
    const { id } = await server.createLocation();
    const f = await follow(sseUrl(base, id, { token: admin.token, lastEventId: 0 }));
    await until(() => f.messages.some((m) => m.event === 'connected'));
    f.close();
    await fetch(sseUrl(base, id, { token: `${admin.token}x` }));
    const log = logLines.join('');
    expect(log).toContain(`"url":"/api/sse/location/${id}"`); // the path, never its query
    expect(log).not.toContain(admin.token.split('.')[2]);
  });
});
