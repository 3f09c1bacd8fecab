import { asyncScheduler, Observable, retry, type SchedulerLike, timer } from 'rxjs';
import { scaleReopenMs } from '../config';
import { usableToken } from '../connection/preconditions';
import type { EventSourceLike, MessageEventLike } from '../connection/types';
import type { SessionStorages } from '../session/storage';
import type { ScaleReadingEvent } from './scale';
import type { ScaleWeight } from './stable-weight';

/** What a screen needs to hear a scale: an EventSource, and the stored session whose token it shows. */
export interface ScaleFeedDeps {
  eventSource: (url: string) => EventSourceLike;
  storage: SessionStorages;
  /** The time, to tell an expired token (ms). */
  now: () => number;
}

/** The weight of a `reading` event ({@link ScaleReadingEvent}), or null for anything else. */
export function readingOf(event: MessageEventLike): ScaleWeight | null {
  try {
    const data: unknown = typeof event.data === 'string' ? JSON.parse(event.data) : null;
    if (!data || typeof data !== 'object') return null;
    const { weightKg, stable, at } = data as Record<keyof ScaleReadingEvent, unknown>;
    const when = typeof at === 'string' ? Date.parse(at) : Number.NaN;
    if (typeof weightKg !== 'number' || typeof stable !== 'boolean' || Number.isNaN(when)) return null;
    return { weightKg, stable, at: when };
  } catch {
    return null;
  }
}

/** Why a scale's readings stream closed: it ended, failed, or could not open without a token. */
class ScaleFeedClosed extends Error {
  override readonly name = 'ScaleFeedClosed';
}

/**
 * A scale's weights as the server sends them (GET /api/scales/{id}/readings), for as long as they are subscribed: its readings
 * stream opened again `reopenMs` after it ends (the scale's set-up changed) or fails (the
 * network, an expired token: each opening takes the token of the moment). Whether the scale
 * talks is not decided here: `scaleSignal` says when it has gone silent.
 */
export function scaleWeights(
  deps: ScaleFeedDeps,
  scaleId: string,
  reopenMs = scaleReopenMs,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<ScaleWeight> {
  const opened = new Observable<ScaleWeight>((subscriber) => {
    const token = usableToken(deps.storage, deps.now());
    if (token === null) {
      subscriber.error(new ScaleFeedClosed('no access token'));
      return;
    }
    const source = deps.eventSource(
      `/api/scales/${encodeURIComponent(scaleId)}/readings?token=${encodeURIComponent(token)}`,
    );
    source.addEventListener('reading', (event) => {
      const weight = readingOf(event);
      if (weight) subscriber.next(weight);
    });
    // the browser would open it again by itself, with the token it was given: this takes a fresh one
    source.onerror = () => subscriber.error(new ScaleFeedClosed('readings stream closed'));
    return () => source.close();
  });
  return opened.pipe(retry({ delay: () => timer(reopenMs, scheduler) }));
}
