import { BehaviorSubject, defer, filter, firstValueFrom, VirtualTimeScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineQueueRetryMs } from '../config';
import { memoryQueueStorage as memoryStorage } from './memory-storage';
import { createOfflineQueue, type OfflineQueue } from './queue';
import type { QueuedChange, QueueStorage } from './types';

class Refused extends Error {}
const unreachableError = new Error('no answer');

/** A server that honours Idempotency-Key: a repeated key answers again and changes nothing. */
function fakeServer() {
  const applied: string[] = [];
  const seenKeys = new Set<string>();
  const calls: string[] = [];
  const server = {
    up: true,
    full: new Set<string>(),
    applied,
    calls,
    send: (change: QueuedChange) =>
      defer(async () => {
        calls.push(change.request.path);
        if (!server.up) throw unreachableError;
        if (server.full.has(change.request.path)) throw new Refused('Row 1 of zone A is full (3 pallets)');
        if (!seenKeys.has(change.key)) applied.push(change.request.path);
        seenKeys.add(change.key);
        return { ok: true };
      }),
  };
  return server;
}

const queues: OfflineQueue[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});

function makeQueue(
  storage: QueueStorage,
  server: ReturnType<typeof fakeServer>,
  online$: BehaviorSubject<boolean>,
  scheduler = new VirtualTimeScheduler(),
  userId$ = new BehaviorSubject<string | null>('u1'),
) {
  let n = 0;
  const queue = createOfflineQueue({
    storage,
    send: server.send,
    online$,
    userId$,
    newKey: () => `key-${++n}-${Math.random()}`,
    unreachable: (e) => e === unreachableError,
    describe: (e) => ({ message: (e as Error).message, status: 409, code: null, params: {} }),
    scheduler,
  });
  queues.push(queue);
  return queue;
}

const store = (path: string) => ({ method: 'POST' as const, path });
/** A change's label: its message's key and parameters, worded by the app. */
const said = (what: string) => ({ key: 'store', params: { what } });
const queueNow = (queue: OfflineQueue) => {
  let changes: readonly QueuedChange[] = [];
  queue.state$.subscribe((s) => (changes = s.changes)).unsubscribe();
  return changes;
};
const settled = (queue: OfflineQueue, count: number) =>
  firstValueFrom(queue.state$.pipe(filter((s) => s.loaded && s.changes.length === count)));

describe('the offline queue', () => {
  it('keeps changes made offline and sends them in order, once, when the network returns', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const online$ = new BehaviorSubject(false);
    const queue = makeQueue(storage, server, online$);
    expect(await queue.enqueue('u1', store('/p1'), said('first'))).toBe('queued');
    expect(await queue.enqueue('u1', store('/p2'), said('second'))).toBe('queued');
    expect(await queue.enqueue('u1', store('/p3'), said('third'))).toBe('queued');
    expect(server.calls).toEqual([]);
    expect((await settled(queue, 3)).changes.map((c) => c.label)).toEqual([
      said('first'),
      said('second'),
      said('third'),
    ]);

    online$.next(true);
    await settled(queue, 0);
    expect(server.applied).toEqual(['/p1', '/p2', '/p3']);
    expect(storage.kept.size).toBe(0);
  });

  it('survives a reload: a new page reads the kept changes back, in order, and sends them', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const first = makeQueue(storage, server, new BehaviorSubject(false));
    for (const p of ['/p1', '/p2', '/p3']) await first.enqueue('u1', store(p), said(p));
    first.stop(); // the page goes away

    const online$ = new BehaviorSubject(false);
    const reloaded = makeQueue(storage, server, online$);
    expect((await settled(reloaded, 3)).changes.map((c) => c.request.path)).toEqual(['/p1', '/p2', '/p3']);
    // a change made after the reload goes behind the kept ones
    await reloaded.enqueue('u1', store('/p4'), said('/p4'));
    online$.next(true);
    await settled(reloaded, 0);
    expect(server.applied).toEqual(['/p1', '/p2', '/p3', '/p4']);
  });

  it('replays a change the server took but the page had not yet forgotten: the server applies it once', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const online$ = new BehaviorSubject(false);
    const queue = makeQueue(storage, server, online$);
    await queue.enqueue('u1', store('/p1'), said('first'));
    const [kept] = [...storage.kept.values()];
    // the server commits it, then the page dies before removing it from storage
    await firstValueFrom(server.send(kept));
    queue.stop();

    const reloaded = makeQueue(storage, server, online$);
    await settled(reloaded, 1);
    online$.next(true);
    await settled(reloaded, 0);
    expect(server.calls).toEqual(['/p1', '/p1']);
    expect(server.applied).toEqual(['/p1']);
  });

  it('keeps a change the server refused later, marked with its reason, and still sends the ones after it', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.full.add('/p2');
    const online$ = new BehaviorSubject(false);
    const queue = makeQueue(storage, server, online$);
    for (const p of ['/p1', '/p2', '/p3']) await queue.enqueue('u1', store(p), said(p));
    // what a screen reads when each change leaves: taken ones are told while still listed
    const taken: string[] = [];
    queue.taken$.subscribe((change) => {
      const listed = queueNow(queue).some((c) => c.key === change.key);
      taken.push(`${change.request.path}${listed ? '' : ' (gone)'}`);
    });
    online$.next(true);
    const state = await settled(queue, 1);
    expect(server.applied).toEqual(['/p1', '/p3']);
    expect(taken).toEqual(['/p1', '/p3']);
    expect(state.changes[0]).toMatchObject({
      label: said('/p2'),
      conflict: { message: 'Row 1 of zone A is full (3 pallets)', status: 409 },
    });
    // never sent again, kept across a reload until the operator dismisses it
    expect([...storage.kept.values()][0].conflict).toMatchObject({
      message: 'Row 1 of zone A is full (3 pallets)',
    });
    queue.flush();
    await settled(queue, 1);
    expect(server.calls.filter((p) => p === '/p2')).toHaveLength(1);
    await queue.dismiss(state.changes[0].key);
    expect(storage.kept.size).toBe(0);
  });

  it("answers the screen that made a change: sent, or refused in the server's words, nothing kept", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.full.add('/full');
    const queue = makeQueue(storage, server, new BehaviorSubject(true));
    expect(await queue.enqueue('u1', store('/p1'), said('first'))).toBe('sent');
    await expect(queue.enqueue('u1', store('/full'), said('full'))).rejects.toThrow(
      'Row 1 of zone A is full',
    );
    expect(storage.kept.size).toBe(0);
  });

  it(`tells the screen "queued" when the server cannot be reached, and tries again ${offlineQueueRetryMs} ms later`, async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.up = false;
    const scheduler = new VirtualTimeScheduler();
    const queue = makeQueue(storage, server, new BehaviorSubject(true), scheduler);
    expect(await queue.enqueue('u1', store('/p1'), said('first'))).toBe('queued');
    expect(server.calls).toEqual(['/p1']);
    server.up = true;
    scheduler.maxFrames = offlineQueueRetryMs - 1;
    scheduler.flush();
    await Promise.resolve();
    expect(server.calls).toEqual(['/p1']);
    scheduler.maxFrames = offlineQueueRetryMs;
    scheduler.flush();
    await settled(queue, 0);
    expect(server.applied).toEqual(['/p1']);
  });

  it("sends only the signed-in user's changes", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const online$ = new BehaviorSubject(false);
    const queue = makeQueue(storage, server, online$);
    await queue.enqueue('someone-else', store('/theirs'), said('theirs'));
    await queue.enqueue('u1', store('/mine'), said('mine'));
    online$.next(true);
    await settled(queue, 1);
    expect(server.applied).toEqual(['/mine']);
  });

  it('reads the network and the user until it is stopped, then neither', () => {
    const online$ = new BehaviorSubject(false);
    const user$ = new BehaviorSubject<string | null>('u1');
    const queue = makeQueue(memoryStorage(), fakeServer(), online$, undefined, user$);
    expect([online$.observed, user$.observed]).toEqual([true, true]);
    queue.stop();
    expect([online$.observed, user$.observed]).toEqual([false, false]);
  });
});
