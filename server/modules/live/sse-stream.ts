import { once } from 'node:events';
import type { Socket } from 'node:net';
import { liveDelivered, slowClientCutoffs } from '../../metrics';
import type { LiveBatch, LiveFrame } from './frame';

/**
 * The response head of an event stream: never cached, transformed, buffered by a proxy or
 * compressed, with `headers` besides (the security headers every response carries). The body runs
 * until the connection closes (no chunked framing), so each delivery is one plain write of bytes
 * shared by every client.
 */
export function sseHeadWith(headers: Record<string, string | number | string[] | undefined>): Buffer {
  const extra = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}\r\n`)
    .join('');
  return Buffer.from(
    'HTTP/1.1 200 OK\r\n' +
      'Content-Type: text/event-stream; charset=utf-8\r\n' +
      'Cache-Control: no-cache, no-transform\r\n' +
      'X-Accel-Buffering: no\r\n' +
      extra +
      'Connection: close\r\n\r\n',
  );
}

/** The head without further headers. */
export const sseHead = sseHeadWith({});

/**
 * One client's open event stream. Updates reach it exactly once and in id order: live frames that
 * arrive while its replay is being written wait in `pending`, and `goLive()` drops those the replay
 * already sent. A client that lets more than `maxBufferedBytes` pile up unsent is disconnected (it
 * reconnects with its last id and replays), so one slow phone cannot grow the server's memory.
 * Held frames past that limit are forgotten instead: the replay reads them from the log again.
 */
export class SseStream {
  /** The highest update id written to this client. */
  lastId = 0;
  closed = false;
  private pending: LiveFrame[] | undefined = [];
  private pendingBytes = 0;
  private pendingDropped = false;

  constructor(
    private readonly socket: Socket,
    private readonly maxBufferedBytes: number,
  ) {
    socket.once('close', () => {
      this.closed = true;
      this.pending = undefined;
    });
  }

  /** Writes a frame outside the id sequence (connected, reset, heartbeat). */
  send(bytes: Buffer): void {
    if (this.closed) return;
    this.socket.write(bytes);
    if (this.socket.writableLength > this.maxBufferedBytes) {
      slowClientCutoffs.inc();
      this.abort();
    }
  }

  /** Writes a replayed update. */
  replay(frame: LiveFrame): void {
    this.write(frame);
  }

  /** Live updates from the location's broadcaster: held while the replay runs, else written. */
  offer(batch: LiveBatch): void {
    if (this.closed) return;
    if (this.pending) {
      for (const frame of batch.frames) this.hold(frame);
      return;
    }
    if (batch.frames[0].id === this.lastId + 1) {
      this.lastId = batch.frames[batch.frames.length - 1].id;
      liveDelivered.inc(batch.frames.length);
      this.send(batch.bytes);
      return;
    }
    for (const frame of batch.frames) this.write(frame);
  }

  private hold(frame: LiveFrame): void {
    this.pending!.push(frame);
    this.pendingBytes += frame.bytes.length;
    if (this.pendingBytes > this.maxBufferedBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.pendingDropped = true;
    }
  }

  /** True (once) when held live frames were forgotten: the replay must read the log again. */
  takeDropped(): boolean {
    const dropped = this.pendingDropped;
    this.pendingDropped = false;
    return dropped;
  }

  /** Ends the replay: writes the live updates that arrived meanwhile and are newer than it. */
  goLive(): void {
    const pending = this.pending ?? [];
    this.pending = undefined;
    this.pendingBytes = 0;
    for (const frame of pending) this.write(frame);
  }

  /** Resolves once the socket has taken what was written (paces a long replay). */
  async writable(): Promise<void> {
    if (!this.closed && this.socket.writableNeedDrain) {
      await Promise.race([once(this.socket, 'drain'), once(this.socket, 'close')]);
    }
  }

  /** Closes the stream; the client reconnects with its last id. */
  end(): void {
    if (!this.closed) this.socket.end();
  }

  /** Drops the connection at once (the client reconnects with its last id). */
  private abort(): void {
    this.closed = true;
    this.pending = undefined;
    this.socket.destroy();
  }

  /**
   * Ids of a location are gapless (each comes from a counter row updated in the event's own
   * transaction), so a skipped id means this stream missed one: close it, and the client's
   * reconnect replays from its last id rather than living with a hole.
   */
  private write(frame: LiveFrame): void {
    if (frame.id <= this.lastId) return;
    if (frame.id !== this.lastId + 1) {
      this.abort();
      return;
    }
    this.lastId = frame.id;
    liveDelivered.inc();
    this.send(frame.bytes);
  }
}
