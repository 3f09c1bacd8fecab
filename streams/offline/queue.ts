import {
  asyncScheduler,
  BehaviorSubject,
  concatMap,
  filter,
  from,
  ignoreElements,
  merge,
  type Observable,
  type SchedulerLike,
  Subject,
  type Subscription,
  switchMap,
  tap,
  timer,
} from 'rxjs';
import { offlineQueueRetryMs } from '../config';
import { drainOnDemand } from './drain-on-demand';
import { sendInOrder } from './send-in-order';
import type {
  ChangeLabel,
  KeptRefusal,
  QueuedChange,
  QueuedRequest,
  QueueStorage,
  SendOutcome,
} from './types';

/** The effects of the offline queue. */
export interface OfflineQueueDeps {
  storage: QueueStorage;
  /** Makes the change's call with its key as `Idempotency-Key`. */
  send: (change: QueuedChange) => Observable<unknown>;
  /** Whether the browser is online (`navigator.onLine`, then its events). */
  online$: Observable<boolean>;
  /** The signed-in user's id, now and at each change: only their changes are sent. */
  userId$: Observable<string | null>;
  /** A fresh idempotency key (a UUID). */
  newKey: () => string;
  /** An error that means "no answer, try later" rather than "the server said no". */
  unreachable: (error: unknown) => boolean;
  /** What is kept of a refusal, to say it to the operator. */
  describe: (error: unknown) => KeptRefusal;
  scheduler?: SchedulerLike;
}

/** What the phone shows of its queue. */
export interface QueueState {
  /** False until the kept changes have been read back (after a reload). */
  loaded: boolean;
  /** Every kept change in order: waiting ones and refused ones (with `conflict`). */
  changes: readonly QueuedChange[];
}

/** How a change came out for the screen that made it: taken by the server, or kept for later. */
export type EnqueueResult = 'sent' | 'queued';

/** The offline queue: its state, and the commands to add a change and dismiss a refused one. */
export interface OfflineQueue {
  state$: Observable<QueueState>;
  /** Each change the server took, just before it leaves the queue. */
  taken$: Observable<QueuedChange>;
  /**
   * Keeps the change (surviving a reload) and sends it in its turn. Resolves `sent` once the
   * server took it, `queued` when it must wait for the network; rejects with the server's
   * refusal while the screen that made it still waits (later refusals stay in the queue, shown).
   */
  enqueue(userId: string, request: QueuedRequest, label: ChangeLabel): Promise<EnqueueResult>;
  /** Forgets a refused change once the operator has seen it. */
  dismiss(key: string): Promise<void>;
  /** Tries to send now (e.g. the operator taps "Send now"). */
  flush(): void;
  /** Stops draining and reading the user (tests; the app's queue lives as long as the page). */
  stop(): void;
}

interface Waiter {
  resolve: (result: EnqueueResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The phone's queue of changes: kept in `storage` before anything is sent, sent in order with
 * their own idempotency keys whenever the browser is online (at start, on a new change, when the
 * network returns, and again `offlineQueueRetryMs` after the server could not be reached),
 * removed once answered. A refusal is never dropped silently: it stays, marked, for the operator.
 */
export function createOfflineQueue(deps: OfflineQueueDeps): OfflineQueue {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const state = new BehaviorSubject<QueueState>({ loaded: false, changes: [] });
  const waiting = new Map<string, Waiter>();
  const kick$ = new Subject<void>();
  const retry$ = new Subject<void>();
  const taken = new Subject<QueuedChange>();
  let online = false;
  let userId: string | null = null;

  const loaded = deps.storage.all().then((kept) => {
    state.next({ loaded: true, changes: [...kept].sort((a, b) => a.seq - b.seq) });
  });
  const setChanges = (update: (changes: readonly QueuedChange[]) => readonly QueuedChange[]) =>
    state.next({ ...state.value, changes: update(state.value.changes) });

  const pending = () => state.value.changes.filter((c) => !c.conflict && c.userId === userId);

  const settle = async (outcome: SendOutcome): Promise<void> => {
    const { change } = outcome;
    const waiter = waiting.get(change.key);
    if (outcome.result === 'unreachable') {
      // every screen still waiting is told its change is kept for later
      for (const w of waiting.values()) w.resolve('queued');
      waiting.clear();
      retry$.next();
      return;
    }
    waiting.delete(change.key);
    if (outcome.result === 'refused' && !waiter) {
      const refused = { ...change, conflict: deps.describe(outcome.error) };
      await deps.storage.put(refused);
      setChanges((all) => all.map((c) => (c.key === change.key ? refused : c)));
      return;
    }
    await deps.storage.remove(change.key);
    // told before it leaves, so what shows it waiting can show it done without a gap
    if (outcome.result === 'sent') taken.next(change);
    setChanges((all) => all.filter((c) => c.key !== change.key));
    if (outcome.result === 'sent') waiter?.resolve('sent');
    else waiter?.reject(outcome.error);
  };

  const drain = () =>
    // a trigger before the kept changes are read back waits for them
    from(loaded).pipe(
      concatMap(() => pending()),
      sendInOrder(deps.send, deps.unreachable),
      // settled one at a time, in order: removed from storage, or marked refused
      concatMap((outcome) => from(settle(outcome))),
    );

  const online$ = deps.online$.pipe(tap((now) => (online = now)));
  // the user is read for as long as the queue drains: stop() ends both
  const subscription: Subscription = merge(
    deps.userId$.pipe(
      tap((id) => (userId = id)),
      ignoreElements(),
    ),
    online$.pipe(filter(Boolean)),
    kick$,
    retry$.pipe(switchMap(() => timer(offlineQueueRetryMs, scheduler))),
  )
    .pipe(
      filter(() => online),
      drainOnDemand(drain),
    )
    .subscribe();

  return {
    state$: state.asObservable(),
    taken$: taken.asObservable(),
    async enqueue(userId, request, label) {
      await loaded;
      const seq = state.value.changes.reduce((max, c) => Math.max(max, c.seq), 0) + 1;
      const change: QueuedChange = {
        key: deps.newKey(),
        seq,
        userId,
        request,
        label,
        queuedAt: scheduler.now(),
      };
      await deps.storage.put(change);
      setChanges((all) => [...all, change]);
      if (!online) return 'queued';
      const result = new Promise<EnqueueResult>((resolve, reject) =>
        waiting.set(change.key, { resolve, reject }),
      );
      kick$.next();
      return result;
    },
    async dismiss(key) {
      await deps.storage.remove(key);
      setChanges((all) => all.filter((c) => c.key !== key));
    },
    flush: () => kick$.next(),
    stop: () => subscription.unsubscribe(),
  };
}
