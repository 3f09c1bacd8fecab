import { type Observable, Observable as Rx, type SchedulerLike, Subject, type Subscription } from 'rxjs';
import { reconnectDelayMs, streamErrorGraceMs } from '../config';
import type { SseMessage } from '../live/types';
import { retryDelayMs } from './backoff';
import { heartbeatMissed } from './heartbeat';
import {
  type ConnectionState,
  closedState,
  connectionMessages,
  type EventSourceLike,
  type MessageEventLike,
  type Retry,
  type Step,
} from './types';

/** The SSE event names of SPEC 7 and CONTRACT besides the default `message`. */
const namedEvents = ['update', 'connected', 'heartbeat', 'reset'];

const parse = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

/** What one attempt needs. */
export interface AttemptDeps {
  eventSource: (url: string) => EventSourceLike;
  visibility$: Observable<boolean>;
  random: () => number;
  scheduler: SchedulerLike;
}

const state = (s: ConnectionState): Step => ({ kind: 'state', state: s });

/**
 * One connect attempt on one EventSource, as SPEC 4 describes it: CONNECTED when the stream opens
 * (the attempt count starts again at 0); on a stream error a 1.5 s grace, then DISCONNECTED with a
 * backed-off retry if the browser closed the stream, else ERROR while the browser retries by itself,
 * replaced by a fresh attempt if it has not recovered within 5 s; a missed heartbeat closes it and
 * retries. Completes with a `Retry`; unsubscribing closes the EventSource.
 */
export function connectAttempt(
  deps: AttemptDeps,
  locationId: string,
  url: string,
  attempt: number,
): Observable<Step | Retry> {
  const { scheduler } = deps;
  return new Rx<Step | Retry>((subscriber) => {
    let current = attempt;
    const fail = (failed: ConnectionState, retry: Omit<Retry, 'kind'>) => {
      subscriber.next(state(failed));
      subscriber.next({ kind: 'retry', ...retry });
      subscriber.complete();
    };
    let source: EventSourceLike;
    try {
      source = deps.eventSource(url);
    } catch {
      subscriber.next({ kind: 'error' });
      const reason = connectionMessages.establish;
      fail({ name: 'ERROR', attempt, reason }, { attempt: attempt + 1, delayMs: reconnectDelayMs, reason });
      return;
    }
    let opened = false;
    let pending: Subscription | null = null;
    let heartbeat: Subscription | null = null;
    const activity = new Subject<void>();
    const cancelPending = () => {
      pending?.unsubscribe();
      pending = null;
    };
    const closed = (reason: string) =>
      fail(
        { name: 'DISCONNECTED', attempt: current, reason },
        {
          attempt: current + 1,
          delayMs: retryDelayMs(current + 1, deps.random),
          reason,
        },
      );
    const onMessage = (event: string) => (raw: MessageEventLike) => {
      const message: SseMessage = { event, id: raw.lastEventId || null, data: parse(raw.data) };
      activity.next();
      subscriber.next({ kind: 'message', message, locationId, at: scheduler.now() });
    };

    source.onopen = () => {
      cancelPending();
      opened = true;
      current = 0;
      activity.next();
      subscriber.next(state({ name: 'CONNECTED', attempt: 0, reason: null }));
      heartbeat ??= heartbeatMissed(activity, deps.visibility$, undefined, undefined, scheduler).subscribe(
        () => closed(connectionMessages.maintain),
      );
    };
    for (const name of namedEvents) source.addEventListener(name, onMessage(name));
    source.onmessage = onMessage('message');
    const serverError = onMessage('error');
    source.onerror = (event) => {
      // A server-sent `event: error` carries data; the browser's own error event does not.
      if (event && typeof event.data === 'string') return serverError(event);
      subscriber.next({ kind: 'error' });
      if (pending) return;
      pending = scheduler.schedule(() => {
        const reason = opened ? connectionMessages.maintain : connectionMessages.establish;
        if (source.readyState === closedState) return closed(reason);
        subscriber.next(state({ name: 'ERROR', attempt: current, reason }));
        // still not recovered by the browser after 5 s: replace the stream (SPEC 4, first description)
        pending = scheduler.schedule(() => {
          subscriber.next({ kind: 'retry', attempt: current + 1, delayMs: 0, reason });
          subscriber.complete();
        }, reconnectDelayMs);
      }, streamErrorGraceMs);
    };
    return () => {
      cancelPending();
      heartbeat?.unsubscribe();
      source.onopen = source.onerror = source.onmessage = null;
      source.close();
    };
  });
}
