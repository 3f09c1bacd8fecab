import {
  asyncScheduler,
  filter,
  type MonoTypeOperatorFunction,
  map,
  pipe,
  type SchedulerLike,
  scan,
} from 'rxjs';
import { sameCodeMs } from '../config';

/**
 * Operator: the codes a camera reads, each once per sighting. A camera reads a label held in view
 * ten times a second; the same text read again within `windowMs` of its last reading is that
 * label still in view and is dropped (each reading restarts the wait), so it is acted on once
 * however long it is held. A different text passes at once.
 */
export function oncePerSighting(
  windowMs = sameCodeMs,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<string> {
  return pipe(
    scan(
      (last: { text: string; at: number; fresh: boolean }, text: string) => {
        const at = scheduler.now();
        return { text, at, fresh: text !== last.text || at - last.at >= windowMs };
      },
      { text: '', at: Number.NEGATIVE_INFINITY, fresh: false },
    ),
    filter((reading) => reading.fresh),
    map((reading) => reading.text),
  );
}
