import type { LiveEvent } from '../../db/live-events';

/** An event serialised once into its SSE bytes; every client of the location gets the same Buffer. */
export interface LiveFrame {
  id: number;
  bytes: Buffer;
}

/** The SSE bytes of a named event with a JSON body, with an `id:` line when `id` is given. */
export function sseFrame(event: string, data: unknown, id?: number): Buffer {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return Buffer.from(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The `event: update` frame of a logged event: its message, with `type` and `locationId`. */
export function updateFrame(event: Pick<LiveEvent, 'id' | 'payload'>): LiveFrame {
  return { id: event.id, bytes: sseFrame('update', event.payload, event.id) };
}

/** Consecutive frames handed out together: a stream that is up to date takes all of them in one write. */
export interface LiveBatch {
  frames: LiveFrame[];
  bytes: Buffer;
}

/** Joins consecutive frames once, for every stream of the location. */
export function liveBatch(frames: LiveFrame[]): LiveBatch {
  return { frames, bytes: frames.length === 1 ? frames[0].bytes : Buffer.concat(frames.map((f) => f.bytes)) };
}
