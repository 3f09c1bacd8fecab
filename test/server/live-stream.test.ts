import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { liveBatch, sseFrame, updateFrame } from '../../server/modules/live/frame';
import { openSse, type SseMessage, SseParser } from '../../server/modules/live/sse-client';
import { SseStream, sseHead } from '../../server/modules/live/sse-stream';

/** A real HTTP server whose one route answers the event-stream head and hands the socket to `onStream`. */
async function streamServer(onStream: (socket: Socket) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req) => {
    req.socket.write(sseHead);
    onStream(req.socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const frame = (id: number, extra: Record<string, unknown> = {}) =>
  updateFrame({
    id,
    payload: { type: 'PALLET_UPDATE', locationId: 'loc', action: 'add', pallets: [], ...extra },
  });
const live = (...ids: number[]) => liveBatch(ids.map((id) => frame(id)));

let open: Server | undefined;
afterEach(() => {
  open?.closeAllConnections();
  open?.close();
  open = undefined;
});

describe('SSE framing', () => {
  it('writes id, event and one JSON data line, and parses back to the same message', () => {
    const bytes = sseFrame('update', { type: 'ORDER_UPDATE', note: 'two\nlines' }, 7);
    expect(bytes.toString()).toBe(
      'id: 7\nevent: update\ndata: {"type":"ORDER_UPDATE","note":"two\\nlines"}\n\n',
    );
    const parser = new SseParser();
    const text = bytes.toString();
    // split anywhere: the parser keeps partial lines
    const messages = [...parser.push(text.slice(0, 9)), ...parser.push(text.slice(9))];
    expect(messages).toEqual([
      { id: '7', event: 'update', data: '{"type":"ORDER_UPDATE","note":"two\\nlines"}' },
    ]);
  });

  it('leaves out the id line for frames outside the id sequence', () => {
    expect(sseFrame('heartbeat', { type: 'heartbeat' }).toString()).toBe(
      'event: heartbeat\ndata: {"type":"heartbeat"}\n\n',
    );
  });
});

describe('one client stream', () => {
  it('holds live frames during the replay and writes each id once, in order, at the seam', async () => {
    let stream!: SseStream;
    const ready = new Promise<void>((resolve) => {
      void streamServer((socket) => {
        stream = new SseStream(socket, 1024 * 1024);
        stream.lastId = 10;
        resolve();
      }).then((s) => {
        open = s.server;
        return openSse(s.url, (m) => received.push(m));
      });
    });
    const received: SseMessage[] = [];
    await ready;
    // live frames 12..14 arrive while the replay has only sent 11
    stream.replay(frame(11));
    stream.offer(live(12, 13));
    stream.offer(live(14));
    for (const id of [12, 13]) stream.replay(frame(id));
    stream.goLive();
    stream.offer(live(14, 15)); // a repeat after going live is dropped, the rest written
    stream.offer(live(16, 17)); // up to date: one write of the joined bytes
    await until(() => received.length >= 7);
    expect(received.map((m) => Number(m.id))).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(stream.lastId).toBe(17);
  });

  it('closes a stream that would skip an id, so the client replays instead of missing one', async () => {
    let stream!: SseStream;
    const s = await streamServer((socket) => {
      stream = new SseStream(socket, 1024 * 1024);
      stream.goLive();
    });
    open = s.server;
    const received: SseMessage[] = [];
    const connection = await openSse(s.url, (m) => received.push(m));
    await until(() => stream !== undefined);
    stream.offer(live(1));
    await until(() => received.length === 1);
    stream.offer(live(3));
    await connection.closed;
    expect(received.map((m) => m.id)).toEqual(['1']);
    expect(stream.closed).toBe(true);
  });

  it('disconnects a client that stops reading once more than the limit is unsent', async () => {
    const limit = 64 * 1024;
    let stream!: SseStream;
    const s = await streamServer((socket) => {
      stream = new SseStream(socket, limit);
      stream.goLive();
    });
    open = s.server;
    const connection = await openSse(s.url, () => {});
    connection.response.pause(); // a phone that stopped reading
    await until(() => stream !== undefined);
    const big = 'x'.repeat(16 * 1024);
    let sent = 0;
    // the kernel's socket buffers take the first megabytes; then Node buffers, up to the limit
    while (!stream.closed && sent < 20_000) {
      stream.offer(liveBatch([frame(++sent, { pad: big })]));
      if (sent % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stream.closed).toBe(true);
    expect(sent).toBeLessThan(20_000);
    connection.response.resume(); // reading again, it finds the connection cut
    await connection.closed;
  });

  it('forgets held live frames past the limit and asks for another read of the log, staying connected', async () => {
    let stream!: SseStream;
    const s = await streamServer((socket) => {
      stream = new SseStream(socket, 64 * 1024);
    });
    open = s.server;
    const received: SseMessage[] = [];
    await openSse(s.url, (m) => received.push(m));
    await until(() => stream !== undefined);
    const pad = 'y'.repeat(8 * 1024);
    const fitting = Math.floor((64 * 1024) / frame(1, { pad }).bytes.length);
    for (let id = 1; id <= fitting; id++) stream.offer(liveBatch([frame(id, { pad })]));
    expect(stream.takeDropped()).toBe(false);
    for (let id = fitting + 1; id <= fitting + 3; id++) stream.offer(liveBatch([frame(id, { pad })]));
    expect(stream.takeDropped()).toBe(true);
    expect(stream.takeDropped()).toBe(false);
    // the replay re-reads 1..fitting+1 from the log; the frames held since then still follow
    for (let id = 1; id <= fitting + 1; id++) {
      stream.replay(frame(id, { pad }));
      await stream.writable();
    }
    stream.goLive();
    await until(() => received.length === fitting + 3);
    expect(received.map((m) => Number(m.id))).toEqual(Array.from({ length: fitting + 3 }, (_, i) => i + 1));
    expect(stream.closed).toBe(false);
  });
});

/** Waits (polling) until `check()` holds; fails after 5 s. */
async function until(check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 5_000) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
