import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenChanges } from '../../server/db/notify';
import { LiveHub } from '../../server/modules/live/hub';
import { databaseLiveLog, type LiveLog } from '../../server/modules/live/repository';
import { commitEvents, follow, liveConfig, range, until } from './live-helpers';
import { createTestDatabase, type TestDatabase } from './support/database';

/** Marks the reads made by a replaying stream (its async context), not the broadcaster's. */
const replaying = new AsyncLocalStorage<true>();
let duringReplayRead: (() => Promise<void>) | undefined;
let hooked = false;

let database: TestDatabase;
let hub: LiveHub;
let stopListening: () => Promise<void>;
let server: Server;
let base: string;
let locationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ id: locationId } = await database.db
    .insertInto('locations')
    .values({ name: 'Hub' })
    .returning('id')
    .executeTakeFirstOrThrow());
  const real = databaseLiveLog(database.db);
  const log: LiveLog = {
    ...real,
    async readAfter(location, afterId, limit) {
      const page = await real.readAfter(location, afterId, limit);
      // PGlite calls listeners inside the committing query's context: the broadcaster's reads
      // triggered by the hook's own commits pass straight through
      if (replaying.getStore() && duringReplayRead && !hooked) {
        hooked = true;
        await duringReplayRead().finally(() => {
          hooked = false;
        });
      }
      return page; // as read before the hook's commits: those must come from the live side
    },
  };
  hub = new LiveHub(log, liveConfig({ heartbeatMs: 60_000, drainMs: 0 }).live, (error) => {
    throw error;
  });
  stopListening = await listen();
  server = createServer((req) => {
    const after = new URL(req.url!, 'http://hub').searchParams.get('after');
    const open = () => hub.open(locationId, req.socket, after === null ? undefined : Number(after));
    void (after === null ? open() : replaying.run(true, open));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

function listen(): Promise<() => Promise<void>> {
  return listenChanges(
    database.kind === 'pglite'
      ? { kind: 'pglite', pglite: database.pglite! }
      : { kind: 'postgres', connectionString: database.url! },
    (change) => {
      if (change.kind === 'live') hub.notify(change.locationId, change.id);
      else if (change.kind === 'listening') hub.catchUp();
    },
    () => {},
  );
}

afterAll(async () => {
  await hub?.drain();
  server?.close();
  await stopListening?.();
  await database?.close();
});

describe('the seam between replay and live', () => {
  it('sends events committed during each read of a replay exactly once, in order', async () => {
    await commitEvents(database.db, locationId, 1_000);
    const observer = await follow(base); // live only: it shows when the broadcaster has handed events out
    await until(() => observer.messages.some((m) => m.event === 'connected'));
    let committed = 1_000;
    duringReplayRead = async () => {
      await commitEvents(database.db, locationId, 3);
      committed += 3;
      await until(() => observer.updateIds().at(-1) === committed);
    };
    // reads: 1..500 (+1001..1003 committed), 501..1000 (+1004..1006), then 1001..1006 (+1007..1009):
    // 1001..1006 reach the stream twice (replay and live), 1007..1009 only live
    const client = await follow(`${base}?after=0`);
    await until(() => client.updateIds().length >= 1_009, 20_000);
    duringReplayRead = undefined;
    await commitEvents(database.db, locationId, 1);
    await until(() => client.updateIds().length >= 1_010);
    expect(client.updateIds()).toEqual(range(1, 1_010));
    expect(observer.updateIds()).toEqual(range(1_001, 1_010));
    client.close();
    observer.close();
  });
});

describe('lost notifications', () => {
  it('reads what was committed while the listener was gone, once it is back', async () => {
    const observer = await follow(base);
    await until(() => observer.messages.some((m) => m.event === 'connected'));
    const last = JSON.parse(observer.messages[0].data).lastEventId as number;
    if (database.kind === 'postgres') {
      // the LISTEN connection dies; it reconnects after a second and catches up from the log
      const listening = sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`;
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`.execute(database.db);
      for (let n = 1; n > 0; ) n = (await listening.execute(database.db)).rows[0].n;
      await commitEvents(database.db, locationId, 5);
    } else {
      // embedded: the same hub path, driven by stopping and restarting the listener
      await stopListening();
      await commitEvents(database.db, locationId, 5);
      stopListening = await listen();
      hub.catchUp();
    }
    await until(() => observer.updateIds().length === 5);
    expect(observer.updateIds()).toEqual(range(last + 1, last + 5));
    observer.close();
  });
});
