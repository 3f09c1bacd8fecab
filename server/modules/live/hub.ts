import type { Socket } from 'node:net';
import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';
import { sseDrainStepMs } from '../../../streams/config';
import type { LiveOptions } from '../../live-options';
import { replaySize } from '../../metrics';
import { LocationBroadcaster, readPageSize } from './broadcaster';
import { sseFrame, updateFrame } from './frame';
import type { LiveLog } from './repository';
import { drainSlices, heartbeatSlots, heartbeatTicks } from './schedule';
import { SseStream, sseHead } from './sse-stream';

/**
 * Every open event stream of this process, one broadcaster per location. The notification
 * listener calls `notify`; the route calls `open`; shutdown calls `drain`.
 */
export class LiveHub {
  /** Open streams, counted from the moment one is accepted until its socket closes. */
  connections = 0;
  private draining = false;
  private readonly broadcasters = new Map<string, Promise<LocationBroadcaster>>();
  private readonly ready = new Map<string, LocationBroadcaster>();
  private readonly heartbeat: Subscription;
  /** Streams dealt round the heartbeat clock's slots. */
  private readonly heartbeatSlots: Set<SseStream>[];
  private dealt = 0;

  constructor(
    private readonly log: LiveLog,
    private readonly options: LiveOptions,
    private readonly onError: (error: unknown) => void,
    private readonly scheduler: SchedulerLike = asyncScheduler,
  ) {
    const slots = heartbeatSlots(options.heartbeatMs);
    this.heartbeatSlots = Array.from({ length: slots }, () => new Set<SseStream>());
    this.heartbeat = heartbeatTicks(options.heartbeatMs, slots, scheduler).subscribe(({ slot, at }) => {
      const streams = this.heartbeatSlots[slot];
      if (streams.size === 0) return;
      const frame = sseFrame('heartbeat', { type: 'heartbeat', timestamp: new Date(at).toISOString() });
      for (const stream of streams) stream.send(frame);
    });
  }

  /** Whether one more stream may open: false beyond the connection limit and while draining. */
  accepting(): boolean {
    return !this.draining && this.connections < this.options.maxConnections;
  }

  /** A committed event of a location, from LISTEN/NOTIFY: carries only the location and the id. */
  notify(locationId: string, id: number): void {
    const broadcaster = this.ready.get(locationId);
    if (!broadcaster) return;
    // Ids become visible in id order, so with nobody listening the broadcaster can skip ahead:
    // a stream joining later replays those events from the log.
    if (broadcaster.streams.size === 0) broadcaster.lastId = Math.max(broadcaster.lastId, id);
    else broadcaster.notify(id);
  }

  /** Reads what notifications may have missed (after the listener reconnected). */
  catchUp(): void {
    for (const broadcaster of this.ready.values()) void broadcaster.pull();
  }

  /**
   * Streams a location on `socket` (taken over from its HTTP request): `connected` (where the
   * stream goes on from, and the log's newest id), the logged events after `afterId` (or `reset`
   * when the log no longer holds them all, then what follows the newest id), then live events,
   * each once. `head` is the response head to write first.
   */
  async open(
    locationId: string,
    socket: Socket,
    afterId: number | undefined,
    head: Buffer = sseHead,
  ): Promise<void> {
    this.connections++;
    const stream = new SseStream(socket, this.options.maxBufferedBytes);
    let broadcaster: LocationBroadcaster | undefined;
    const heartbeats = this.heartbeatSlots[this.dealt++ % this.heartbeatSlots.length];
    socket.once('close', () => {
      this.connections--;
      broadcaster?.streams.delete(stream);
      heartbeats.delete(stream);
    });
    stream.send(head);
    try {
      broadcaster = await this.broadcaster(locationId);
      const lastId = await this.log.lastId(locationId);
      const reset = await this.tooOld(locationId, afterId ?? lastId, lastId);
      // `lastEventId` is where this stream goes on from, so a client that drops mid-replay and
      // resumes from it misses nothing; `headEventId` is the log's newest id
      const from = reset ? lastId : (afterId ?? lastId);
      stream.send(
        sseFrame('connected', { type: 'connected', locationId, lastEventId: from, headEventId: lastId }),
      );
      if (stream.closed) return;
      broadcaster.streams.add(stream);
      heartbeats.add(stream);
      if (reset) stream.send(sseFrame('reset', { type: 'reset', locationId, lastEventId: lastId }, lastId));
      stream.lastId = from;
      await this.replay(locationId, stream);
      stream.goLive();
    } catch (error) {
      this.onError(error);
      socket.destroy();
    }
  }

  /** Stops accepting and closes every stream, spread over `drainMs`; resolves when all are closed. */
  drain(): Promise<void> {
    this.draining = true;
    this.heartbeat.unsubscribe();
    const streams = [...this.ready.values()].flatMap((b) => [...b.streams]);
    return new Promise((resolve) => {
      drainSlices(streams.length, this.options.drainMs, sseDrainStepMs, this.scheduler).subscribe({
        next: (n) => {
          for (const stream of streams.splice(0, n)) stream.end();
        },
        complete: resolve,
      });
    });
  }

  private broadcaster(locationId: string): Promise<LocationBroadcaster> {
    let broadcaster = this.broadcasters.get(locationId);
    if (!broadcaster) {
      broadcaster = this.log.lastId(locationId).then((lastId) => {
        const created = new LocationBroadcaster(locationId, lastId, this.log, this.onError);
        this.ready.set(locationId, created);
        return created;
      });
      broadcaster.catch(() => this.broadcasters.delete(locationId));
      this.broadcasters.set(locationId, broadcaster);
    }
    return broadcaster;
  }

  /** Whether events after `from` are no longer all in the log (or `from` was never given out). */
  private async tooOld(locationId: string, from: number, lastId: number): Promise<boolean> {
    if (from >= lastId) return from > lastId;
    const oldest = await this.log.oldestId(locationId);
    return oldest === undefined || oldest > from + 1;
  }

  private async replay(locationId: string, stream: SseStream): Promise<void> {
    let page: Awaited<ReturnType<LiveLog['readAfter']>>;
    let replayed = 0;
    do {
      page = await this.log.readAfter(locationId, stream.lastId, readPageSize);
      replayed += page.length;
      for (const event of page) {
        stream.replay(updateFrame(event));
        await stream.writable(); // at the client's pace: a long replay never trips the unsent limit
      }
    } while (!stream.closed && (page.length === readPageSize || stream.takeDropped()));
    replaySize.observe(replayed);
  }

  /** Open streams per location, for the metrics. */
  streamsByLocation(): { locationId: string; streams: number }[] {
    return [...this.ready.values()].map((b) => ({ locationId: b.locationId, streams: b.streams.size }));
  }
}
