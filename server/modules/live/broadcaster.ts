import { type LiveBatch, type LiveFrame, liveBatch, updateFrame } from './frame';
import type { LiveLog } from './repository';
import type { SseStream } from './sse-stream';

/** How many log rows one read takes. */
export const readPageSize = 500;

/**
 * What one read found is handed out in slices of about this many bytes (one write per stream
 * each), with a turn of the event loop between slices.
 */
const sliceBytes = 64 * 1024;

/**
 * The fan-out of one location in this process. A notification only says "id n was committed";
 * the broadcaster then reads every event after the last one it delivered from the log, serialises
 * each once and hands the same bytes to every stream. Reads never overlap, so frames leave in id
 * order; ids become visible in id order, so reading "after lastId" never skips one.
 */
export class LocationBroadcaster {
  readonly streams = new Set<SseStream>();
  private reading: Promise<void> | undefined;
  private readAgain = false;

  constructor(
    readonly locationId: string,
    /** The last id delivered (or known committed when the broadcaster started). */
    public lastId: number,
    private readonly log: LiveLog,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Learns that `id` was committed: reads and delivers what is new. */
  notify(id: number): void {
    if (id > this.lastId) this.pull();
  }

  /** Reads and delivers everything after `lastId` (also after a lost notification connection). */
  pull(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.readAll().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Gives consecutive serialised frames to every stream of the location. */
  publish(batch: LiveBatch): void {
    this.lastId = batch.frames[batch.frames.length - 1].id;
    for (const stream of this.streams) stream.offer(batch);
  }

  private async readAll(): Promise<void> {
    try {
      do {
        this.readAgain = false;
        let page: Awaited<ReturnType<LiveLog['readAfter']>>;
        do {
          page = await this.log.readAfter(this.locationId, this.lastId, readPageSize);
          let slice: LiveFrame[] = [];
          let sliceSize = 0;
          for (const [i, event] of page.entries()) {
            const frame = updateFrame(event);
            slice.push(frame);
            sliceSize += frame.bytes.length;
            if (sliceSize > sliceBytes || i === page.length - 1) {
              this.publish(liveBatch(slice));
              slice = [];
              sliceSize = 0;
              // let sockets flush, so a burst after a backlog does not trip the unsent limit of healthy clients
              if (i < page.length - 1) await new Promise(setImmediate);
            }
          }
        } while (page.length === readPageSize);
      } while (this.readAgain);
    } catch (error) {
      // The streams stay open; the next notification (or catch-up) reads from lastId again.
      this.onError(error);
    }
  }
}
