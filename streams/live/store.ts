import {
  asyncScheduler,
  defer,
  distinctUntilChanged,
  filter,
  from,
  map,
  merge,
  type Observable,
  type ObservableInput,
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
import { retryDelayMs } from '../connection/backoff';
import type { Entities } from './entities';
import { markOptimistic, type OptimisticStep } from './mark-optimistic';
import { normaliseMessage, reportedLastId } from './normalise';
import { defaultLiveTiming, type LiveTiming, livePipeline } from './pipeline';
import { applyEvents, emptyProjection, type LiveSnapshot, type Projection, projectionOf } from './projection';
import type { LiveEvent, LivePrinting, Order, OverviewStats, Pallet, SseMessage, StorageZone } from './types';

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

/** What a location's live store shows. */
export interface LiveStoreState {
  /** loading: no data yet; reloading: after `event: reset` or `reload()`, the old data still shown. */
  status: 'loading' | 'ready' | 'reloading';
  pallets: Entities<Pallet>;
  orders: Entities<Order>;
  zones: Entities<StorageZone>;
  overview: OverviewStats;
  /** pallet ids the last change touched; null when everything may have changed (a snapshot) */
  changedPallets: readonly string[] | null;
  /** ids (pallet or order) marked optimistic, with the time of their mark */
  optimistic: ReadonlyMap<string, number>;
  lastEventId: number;
  /** The inventory settings an administrator saved since the data loaded; null before any. */
  inventorySettings: Record<string, unknown> | null;
  /** The printing set-up a manager changed since the data loaded; null before any change. */
  printing: LivePrinting | null;
}

/** A location's live data (SPEC 4 "Live updates"), with its commands. */
export interface LiveStore {
  /** The current state; shared, and torn down when nobody listens. */
  state$: Observable<LiveStoreState>;
  /**
   * Applies a change the user just made before the server confirms it (SPEC 4). Bodies in SPEC
   * 7's message shape, e.g. {type:'PALLET_UPDATE', action:'update', pallets:[…]}; normalised by
   * the same reader as the stream's.
   */
  applyOptimistic(bodies: readonly unknown[]): void;
  /** Pull-to-refresh: load the snapshot again (status 'reloading' while the old data stays shown). */
  reload(): void;
}

/** The store's own state: the projection, and the events held while a snapshot loads. */
interface Model {
  status: LiveStoreState['status'];
  projection: Projection;
  held: readonly LiveEvent[];
  optimistic: ReadonlyMap<string, number>;
}

type Action =
  | { kind: 'loading' }
  | { kind: 'snapshot'; snapshot: LiveSnapshot; watermark: number; now: number }
  | { kind: 'events'; events: readonly LiveEvent[]; now: number }
  | { kind: 'optimistic'; step: OptimisticStep<LiveEvent>; now: number };

const nothingChanged: readonly string[] = Object.freeze([]);

/** Events go on the projection once it is ready; until then they are held for the snapshot. */
function withEvents(model: Model, events: readonly LiveEvent[], now: number): Model {
  if (model.status !== 'ready') return { ...model, held: model.held.concat(events) };
  const projection = applyEvents(model.projection, events, now);
  return projection === model.projection ? model : { ...model, projection };
}

function reduce(model: Model, action: Action): Model {
  switch (action.kind) {
    case 'loading':
      if (model.status === 'loading') return model;
      return {
        ...model,
        status: 'reloading',
        projection: { ...model.projection, changedPallets: nothingChanged },
      };
    case 'snapshot': {
      const { snapshot, watermark, now } = action;
      const projection = projectionOf(snapshot, watermark, model.projection.pendingZones, model.held, now);
      return { ...model, status: 'ready', projection, held: [] };
    }
    case 'events':
      return withEvents(model, action.events, action.now);
    case 'optimistic': {
      const { event, marks } = action.step;
      const marked = {
        ...model,
        optimistic: marks,
        projection: { ...model.projection, changedPallets: nothingChanged },
      };
      return event ? withEvents(marked, [event], action.now) : marked;
    }
  }
}

/** The public view of the store's state. */
const stateOf = ({ status, projection, optimistic }: Model): LiveStoreState => ({
  status,
  pallets: projection.pallets,
  orders: projection.orders,
  zones: projection.zones,
  overview: projection.overview,
  changedPallets: projection.changedPallets,
  optimistic,
  lastEventId: projection.lastEventId,
  inventorySettings: projection.inventorySettings,
  printing: projection.printing,
});

/** The ids an event names: what an optimistic change marks. */
function idsOf(event: LiveEvent): string[] {
  switch (event.type) {
    case 'pallet':
      return event.pallets.map((p) => p.id);
    case 'order':
      return event.orders.map((o) => o.id);
    case 'zone':
      return event.zones.map((z) => z.id);
    case 'assignment':
      return [event.orderId, ...event.palletIds];
    case 'storage':
    case 'palletZone':
      return [event.palletId];
    case 'settings':
    case 'printers':
      return [];
  }
}

/**
 * The live data of one location: the REST snapshot joined with the SSE stream by last event id
 * without a gap, loaded again on `event: reset` and on `reload()`, kept current through the live
 * pipeline (SPEC 4) and by the user's own optimistic changes.
 */
export function createLiveStore(deps: LiveStoreDeps): LiveStore {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const optimistic$ = new Subject<readonly LiveEvent[]>();
  const reload$ = new Subject<void>();
  const messages$ = deps.messages$.pipe(share());

  const snapshotTriggers$ = merge(
    messages$.pipe(
      filter((m) => m.event === 'connected'),
      take(1),
    ),
    messages$.pipe(filter((m) => m.event === 'reset')),
    reload$.pipe(map((): SseMessage | null => null)),
  );
  const snapshots$ = snapshotTriggers$.pipe(
    switchMap((message) =>
      defer(() => from(deps.loadSnapshot(deps.locationId))).pipe(
        retry({ delay: (_error, attempt) => timer(retryDelayMs(attempt, deps.random), scheduler) }),
        map(
          (snapshot): Action => ({
            kind: 'snapshot',
            snapshot,
            watermark: (message && reportedLastId(message)) ?? 0,
            now: scheduler.now(),
          }),
        ),
        startWith<Action>({ kind: 'loading' }),
      ),
    ),
  );
  const batches$ = messages$.pipe(
    livePipeline(deps.locationId, deps.timing ?? defaultLiveTiming, scheduler),
    map((delivery): Action => ({ kind: 'events', events: delivery.flat(), now: scheduler.now() })),
  );
  const optimisticSteps$ = optimistic$.pipe(
    markOptimistic(idsOf, undefined, scheduler),
    map((step): Action => ({ kind: 'optimistic', step, now: scheduler.now() })),
  );

  const initial: Model = { status: 'loading', projection: emptyProjection, held: [], optimistic: new Map() };
  const state$ = merge(snapshots$, batches$, optimisticSteps$).pipe(
    scan(reduce, initial),
    startWith(initial),
    distinctUntilChanged(),
    map(stateOf),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  return {
    state$,
    applyOptimistic: (bodies) => {
      const now = scheduler.now();
      const events = bodies
        .map((data) => normaliseMessage({ event: 'update', id: null, data }, now))
        .filter((event): event is LiveEvent => event !== null);
      optimistic$.next(events);
    },
    reload: () => reload$.next(),
  };
}
