import {
  asyncScheduler,
  BehaviorSubject,
  combineLatest,
  concat,
  connect,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  finalize,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  type SchedulerLike,
  share,
  shareReplay,
  startWith,
  switchMap,
  tap,
  timer,
} from 'rxjs';
import { connectionMaxRetries, eventTimeHistorySize, reconnectDelayMs } from '../config';
import { reportedLastId } from '../live/normalise';
import type { SseMessage } from '../live/types';
import type { SessionStorages } from '../session/storage';
import { connectAttempt } from './attempt';
import { type ConnectionTarget, cannotConnect, usableToken } from './preconditions';
import { connectionQuality } from './quality';
import {
  type ConnectionHealth,
  type ConnectionQuality,
  type ConnectionState,
  connectionMessages,
  type EventSourceLike,
  type Retry,
  type Step,
} from './types';

/** Effects the connection needs, injected (DESIGN: one deps object). */
export interface ConnectionDeps {
  /** Opens an EventSource (with credentials) on a URL: `(url) => new EventSource(url, { withCredentials: true })`. */
  eventSource: (url: string) => EventSourceLike;
  storage: SessionStorages;
  user$: Observable<ConnectionTarget['user']>;
  location$: Observable<ConnectionTarget['location']>;
  /** The current route path: no connection on /login (SPEC 2). */
  path$: Observable<string>;
  /** Whether the page is visible (`document.visibilityState === 'visible'`). */
  visibility$: Observable<boolean>;
  random: () => number;
  /** Prefix of the API, '' for the same origin. */
  baseUrl?: string;
  scheduler?: SchedulerLike;
  /**
   * Which kind of client this is when a stream opens, so the server holds it only while the user
   * keeps that access; unsaid, the server asks for either.
   */
  client?: () => 'desktop' | 'mobile';
}

/** The real-time connection of SPEC 4: its state, its messages and its quality, plus its commands. */
export interface Connection {
  state$: Observable<ConnectionState>;
  quality$: Observable<ConnectionQuality>;
  /** The quality with what it is worked out from: the last latency and the errors in a row. */
  health$: Observable<ConnectionHealth>;
  /** The SSE messages of one location; a late subscriber first gets the stream's `connected` message. */
  messagesOf(locationId: string): Observable<SseMessage>;
  /** Scanning mode: suspends the stream while on, restores it when turned off (SPEC 4). */
  setScanningMode(on: boolean): void;
  /** Starts again from attempt 0, e.g. after FAILED. */
  reconnect(): void;
}

const disconnected = (reason: string | null): Step => ({
  kind: 'state',
  state: { name: 'DISCONNECTED', attempt: 0, reason },
});

/** Latency a message tells by its server timestamp (ms since epoch or ISO text), if it has one. */
function latencyOf(message: SseMessage, at: number): number | null {
  const data = message.data as Record<string, unknown> | null;
  const stamp =
    data && typeof data === 'object' ? (data.timestamp ?? data.serverTime ?? data.time) : undefined;
  const sent = typeof stamp === 'number' ? stamp : typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
  return Number.isFinite(sent) ? Math.max(0, at - sent) : null;
}

/** What the quality is worked out from: the state, errors in a row, the last latencies told. */
interface Tally {
  state: ConnectionState;
  errors: number;
  latencies: readonly number[];
}

const noTally: Tally = {
  state: { name: 'DISCONNECTED', attempt: 0, reason: null },
  errors: 0,
  latencies: [],
};

function tallied(tally: Tally, step: Step): Tally {
  if (step.kind === 'state') return { ...tally, state: step.state };
  if (step.kind === 'error') return { ...tally, errors: tally.errors + 1 };
  const latency = latencyOf(step.message, step.at);
  const latencies =
    latency === null ? tally.latencies : [...tally.latencies, latency].slice(-eventTimeHistorySize);
  return { ...tally, errors: 0, latencies };
}

/** The health a tally comes to: the quality by the mean latency of the history, and the last one. */
function healthOf({ state, errors, latencies }: Tally): ConnectionHealth {
  const mean = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : null;
  return { quality: connectionQuality(state, errors, mean), latencyMs: latencies.at(-1) ?? null, errors };
}

/** Builds the real-time connection; nothing opens until `state$` or a message stream is subscribed. */
export function createConnection(deps: ConnectionDeps): Connection {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const scanning = new BehaviorSubject(false);
  const restarts = new BehaviorSubject(0);
  const lastEventIds = new Map<string, string>();
  const lastConnected = new Map<string, SseMessage>();
  const attemptDeps = { ...deps, scheduler };

  const url = (locationId: string, token: string) => {
    const last = lastEventIds.get(locationId);
    const query =
      `token=${encodeURIComponent(token)}` +
      (last ? `&lastEventId=${encodeURIComponent(last)}` : '') +
      (deps.client ? `&client=${deps.client()}` : '');
    return `${deps.baseUrl ?? ''}/api/sse/location/${encodeURIComponent(locationId)}?${query}`;
  };

  // Attempt `attempt` and, as each attempt's Retry says, the ones after it, until FAILED.
  const attempts = (locationId: string, attempt: number): Observable<Step> =>
    defer(() => {
      const token = usableToken(deps.storage, scheduler.now());
      const reason = connectionMessages.noToken;
      const run$: Observable<Step | Retry> =
        token === null
          ? of<(Step | Retry)[]>(
              { kind: 'error' },
              { kind: 'state', state: { name: 'ERROR', attempt, reason } },
              { kind: 'retry', attempt: attempt + 1, delayMs: reconnectDelayMs, reason },
            )
          : concat(
              of<Step>({ kind: 'state', state: { name: 'CONNECTING', attempt, reason: null } }),
              connectAttempt(attemptDeps, locationId, url(locationId, token), attempt),
            );
      // steps pass straight through (no inner Observable per message); a Retry starts the next attempt
      return run$.pipe(
        connect((steps$) =>
          merge(
            steps$.pipe(filter((step): step is Step => step.kind !== 'retry')),
            steps$.pipe(
              filter((step): step is Retry => step.kind === 'retry'),
              mergeMap((retry) =>
                retry.attempt > connectionMaxRetries
                  ? of<Step>({
                      kind: 'state',
                      state: { name: 'FAILED', attempt: retry.attempt - 1, reason: retry.reason },
                    })
                  : timer(retry.delayMs, scheduler).pipe(
                      switchMap(() => attempts(locationId, retry.attempt)),
                    ),
              ),
            ),
          ),
        ),
      );
    });

  const disconnectedState: ConnectionState = { name: 'DISCONNECTED', attempt: 0, reason: null };
  // the state of the running connection, for the badge that subscribes after the store did
  // (a reload: the stream may open before the shell draws the badge)
  let lastState: ConnectionState = disconnectedState;
  // and what its health is worked out from, for the same reason
  let tally = noTally;
  const steps$ = combineLatest([
    deps.user$.pipe(map((user) => user && { id: user.id })),
    deps.location$.pipe(map((location) => location && { id: location.id })),
    deps.path$.pipe(map((path) => path.includes('/login'))),
    scanning,
    restarts,
  ]).pipe(
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    switchMap(([user, location, onLogin, scan]) => {
      if (onLogin) return of(disconnected(null));
      const blocked = cannotConnect({ user, location });
      if (blocked) return of(disconnected(blocked));
      if (scan) return of(disconnected(connectionMessages.scanning));
      const locationId = String(location?.id);
      lastConnected.delete(locationId);
      return attempts(locationId, 0);
    }),
    tap((step) => {
      tally = tallied(tally, step);
      if (step.kind === 'state') lastState = step.state;
      if (step.kind !== 'message') return;
      if (step.message.id) lastEventIds.set(step.locationId, step.message.id);
      if (step.message.event !== 'connected') return;
      lastConnected.set(step.locationId, step.message);
      // the stream goes on from the id `connected` reports: a reconnect asks for what follows it
      const reported = reportedLastId(step.message);
      const known = Number(lastEventIds.get(step.locationId) ?? -1);
      if (reported !== null && reported > known) lastEventIds.set(step.locationId, String(reported));
    }),
    finalize(() => {
      lastState = disconnectedState;
      tally = noTally;
    }),
    share(),
  );

  const state$ = defer(() =>
    steps$.pipe(
      filter((step) => step.kind === 'state'),
      map((step) => step.state),
      startWith<ConnectionState>(lastState),
    ),
  ).pipe(
    distinctUntilChanged((a, b) => a.name === b.name && a.attempt === b.attempt && a.reason === b.reason),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  const health$ = defer(() =>
    steps$.pipe(
      map(() => healthOf(tally)),
      startWith(healthOf(tally)),
    ),
  ).pipe(
    distinctUntilChanged(
      (a, b) => a.quality === b.quality && a.latencyMs === b.latencyMs && a.errors === b.errors,
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  const quality$ = health$.pipe(
    map((health) => health.quality),
    distinctUntilChanged(),
  );

  return {
    state$,
    quality$,
    health$,
    messagesOf: (locationId) =>
      defer(() => {
        const connected = lastConnected.get(locationId);
        return concat(
          connected ? of(connected) : EMPTY,
          steps$.pipe(
            filter((step) => step.kind === 'message' && step.locationId === locationId),
            map((step) => (step as Extract<Step, { kind: 'message' }>).message),
          ),
        );
      }),
    setScanningMode: (on) => scanning.next(on),
    reconnect: () => restarts.next(restarts.value + 1),
  };
}
