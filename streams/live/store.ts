import {
  asyncScheduler,
  defer,
  filter,
  from,
  map,
  merge,
  mergeMap,
  type Observable,
  type ObservableInput,
  of,
  retry,
  type SchedulerLike,
  Subject,
  scan,
  share,
  shareReplay,
  startWith,
  switchMap,
  take,
  timer,
} from 'rxjs';
import { optimisticMarkMs } from '../config';
import { retryDelayMs } from '../connection/backoff';
import { reportedLastId } from './normalise';
import { defaultLiveTiming, eventsOf, type LiveTiming, livePipeline } from './pipeline';
import {
  applyBatch,
  applySnapshot,
  initialLiveState,
  type LiveSnapshot,
  type LiveState,
  startLoading,
} from './projection';
import type { LiveEvent, SseMessage } from './types';

/** Effects the live store needs, injected (DESIGN: one deps object). */
export interface LiveStoreDeps {
  /** The location's SSE messages, from the connection. */
  messages$: Observable<SseMessage>;
  locationId: string;
  /** Loads the location's REST snapshot. */
  loadSnapshot: (locationId: string) => ObservableInput<LiveSnapshot>;
  random: () => number;
  timing?: LiveTiming;
  scheduler?: SchedulerLike;
}

/** The projection plus the ids of entities changed optimistically in the last 3 s. */
export interface LiveStoreState extends LiveState {
  /** Pallet and order ids marked optimistic, with the time of their mark (SPEC 4, 9). */
  optimistic: Record<string, number>;
}

type Action =
  | { kind: 'loading' }
  | { kind: 'snapshot'; snapshot: LiveSnapshot; watermark: number; now: number }
  | { kind: 'batch'; events: LiveEvent[]; now: number }
  | { kind: 'mark'; ids: string[]; at: number }
  | { kind: 'unmark'; ids: string[]; at: number };

function reduce(state: LiveStoreState, action: Action): LiveStoreState {
  switch (action.kind) {
    case 'loading':
      return { ...startLoading(state), optimistic: state.optimistic };
    case 'snapshot':
      return {
        ...applySnapshot(state, action.snapshot, action.watermark, action.now),
        optimistic: state.optimistic,
      };
    case 'batch':
      return { ...applyBatch(state, action.events, action.now), optimistic: state.optimistic };
    case 'mark':
      return {
        ...state,
        optimistic: { ...state.optimistic, ...Object.fromEntries(action.ids.map((id) => [id, action.at])) },
      };
    case 'unmark': {
      const optimistic = { ...state.optimistic };
      for (const id of action.ids) if (optimistic[id] === action.at) delete optimistic[id];
      return { ...state, optimistic };
    }
  }
}

const idsOf = (event: LiveEvent): string[] => {
  switch (event.type) {
    case 'pallet':
      return event.pallets.map((p) => p.id);
    case 'order':
      return event.orders.map((o) => o.id);
    case 'assignment':
      return [event.orderId, ...event.palletIds];
    default:
      return [event.palletId];
  }
};

/**
 * The live projection of one location: the REST snapshot joined with the SSE stream without a gap,
 * reloaded when the server answers `event: reset`, kept current through the live pipeline.
 */
export function createLiveStore(deps: LiveStoreDeps) {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const optimistic$ = new Subject<LiveEvent[]>();
  const messages$ = deps.messages$.pipe(share());

  const snapshotTriggers$ = merge(
    messages$.pipe(
      filter((m) => m.event === 'connected'),
      take(1),
    ),
    messages$.pipe(filter((m) => m.event === 'reset')),
  );
  const snapshots$ = snapshotTriggers$.pipe(
    switchMap((message) =>
      merge(
        of<Action>({ kind: 'loading' }),
        defer(() => from(deps.loadSnapshot(deps.locationId))).pipe(
          retry({ delay: (_error, attempt) => timer(retryDelayMs(attempt, deps.random), scheduler) }),
          map(
            (snapshot): Action => ({
              kind: 'snapshot',
              snapshot,
              watermark: reportedLastId(message) ?? 0,
              now: scheduler.now(),
            }),
          ),
        ),
      ),
    ),
  );
  const batches$ = messages$.pipe(
    livePipeline(deps.locationId, deps.timing ?? defaultLiveTiming, scheduler),
    map((delivery): Action => ({ kind: 'batch', events: eventsOf(delivery), now: scheduler.now() })),
  );
  // An optimistic batch delivers only its last event, at once, and marks its entities for 3 s.
  const optimisticActions$ = optimistic$.pipe(
    filter((events) => events.length > 0),
    mergeMap((events) => {
      const last = events[events.length - 1];
      const at = scheduler.now();
      const ids = idsOf(last);
      return merge(
        from<Action[]>([
          { kind: 'batch', events: [last], now: at },
          { kind: 'mark', ids, at },
        ]),
        timer(optimisticMarkMs, scheduler).pipe(map((): Action => ({ kind: 'unmark', ids, at }))),
      );
    }),
  );

  const initial: LiveStoreState = { ...initialLiveState, optimistic: {} };
  const state$ = merge(snapshots$, batches$, optimisticActions$).pipe(
    scan(reduce, initial),
    startWith(initial),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  return {
    /** The current projection (SPEC 4 "Live updates"). */
    state$,
    /** Applies a change the user just made, before the server confirms it (SPEC 4 optimistic updates). */
    applyOptimistic: (events: LiveEvent[]) => optimistic$.next(events),
  };
}
