import { afterAll, expect, it } from 'vitest';
import { openSse } from '../../server/modules/live/sse-client';
import { follow, prepareWarehouse, range, serverStorage, sseUrl, until } from './live-helpers';
import { testDbKind } from './support/database';
import { type ServerProcess, startServerProcess } from './support/process';

const adminPassword = 'live-crash-admin-pw';
const mutations = 1_000;
const kills = 3;
const writers = 4;
let storage: Awaited<ReturnType<typeof serverStorage>> | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
  await server?.exited;
  await storage?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it(`a reconnecting client ends with exactly the committed events, each once, after ${kills} SIGKILLs during ${mutations} mutations (${testDbKind})`, async () => {
  storage = await serverStorage(adminPassword);
  const { env } = storage;
  server = await startServerProcess(env);
  const warehouse = await prepareWarehouse(server.url, adminPassword);
  let up = true;

  // The client: like a browser's EventSource, reconnects with Last-Event-ID after every drop.
  const received: { id: number; data: string }[] = [];
  let following = true;
  const follower = (async () => {
    while (following) {
      const lastId = received.at(-1)?.id ?? 0;
      try {
        const connection = await openSse(
          sseUrl(server!.url, warehouse.locationId, { token: warehouse.token }),
          (m) => {
            if (m.event === 'update') received.push({ id: Number(m.id), data: m.data });
          },
          { 'Last-Event-ID': String(lastId) },
        );
        if (connection.status === 200) await connection.closed;
      } catch {
        // the server is down: try again
      }
      await sleep(50);
    }
  })();

  // The writers: each mutation is retried with its Idempotency-Key until acknowledged, so every
  // one commits exactly once even when the process dies with the request in flight.
  const acknowledged = new Set<string>();
  let next = 0;
  const write = async () => {
    while (next < mutations) {
      const key = `crash-${next++}`;
      for (;;) {
        try {
          const res = await fetch(`${server!.url}/api/pallets`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${warehouse.token}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({
              locationId: warehouse.locationId,
              palletType: 'euro',
              boxType: 'crate',
              tomatoType: 'round',
              tomatoOption: 'loose',
              weight: 100,
            }),
          });
          if (res.status === 201) {
            acknowledged.add(((await res.json()) as { id: string }).id);
            break;
          }
        } catch {
          // connection refused or reset: the server is being restarted
        }
        await sleep(up ? 10 : 100);
      }
    }
  };
  const writing = Promise.all(Array.from({ length: writers }, write));

  for (let kill = 1; kill <= kills; kill++) {
    await until(
      () => acknowledged.size >= (kill * mutations) / (kills + 1),
      60_000,
      `${kill * 250} mutations`,
    );
    up = false;
    server.process.kill('SIGKILL');
    await server.exited;
    server = await startServerProcess(env);
    up = true;
  }
  await writing;
  expect(acknowledged.size).toBe(mutations);

  // Every committed event (the catalogue's, then one per pallet) reaches the client once, in order.
  const probe = await follow(sseUrl(server.url, warehouse.locationId, { token: warehouse.token }));
  await until(() => probe.messages.some((m) => m.event === 'connected'));
  const current: number = JSON.parse(probe.messages[0].data).lastEventId;
  probe.close();
  expect(current).toBe(mutations + 1);
  await until(() => (received.at(-1)?.id ?? 0) >= current, 30_000, 'all events');
  following = false;
  server.process.kill('SIGKILL');
  await follower;
  expect(received.map((e) => e.id)).toEqual(range(1, current));
  const pallets = received.slice(1).map((e) => JSON.parse(e.data).pallets[0].id as string);
  expect(new Set(pallets)).toEqual(acknowledged);
}, 180_000);
