import {
  asyncScheduler,
  BehaviorSubject,
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  from,
  ignoreElements,
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
  throttleTime,
  timer,
} from 'rxjs';
import { keptSnapshotSaveMs } from '../config';
import { retryDelayMs } from '../connection/backoff';
import type { Scale } from '../scales/scale';
import { addedBy } from './added-by';
import type { Entities } from './entities';
import { defaultPalletQuery, type PalletQuery, samePalletQuery, visiblePalletIds } from './filters';
import { idsOf } from './ids-of';
import { markOptimistic, type OptimisticStep } from './mark-optimistic';
import { normaliseMessage, reportedLastId } from './normalise';
import { defaultLiveTiming, type LiveTiming, livePipeline } from './pipeline';
import {
  applyEvents,
  emptyProjection,
  type LiveSnapshot,
  type Projection,
  projectionOf,
  snapshotOf,
} from './projection';
import type { PalletsLoad } from './snapshot';
import type { LiveEvent, LivePrinting, Order, OverviewStats, Pallet, SseMessage, StorageZone } from './types';
import { type LeftStock, noLeftStock, withLeftStock } from './with-left-stock';
import { withWaiting } from './with-waiting';
import { type ZoneOccupancy, zoneOccupancy } from './zone-occupancy';

/** Effects the live store needs, injected (DESIGN: one deps object). */
export interface LiveStoreDeps {
  /** The location's SSE messages, from the connection. */
  messages$: Observable<SseMessage>;
  locationId: string;
  /** Loads the location's REST snapshot. */
  loadSnapshot: (locationId: string) => ObservableInput<LiveSnapshot>;
  random: () => number;
  /** Loads the location's pallets of a status the snapshot leaves out (shipped, processed, all). */
  loadPallets?: (locationId: string, status: string) => Observable<PalletsLoad>;
  /**
   * The user's changes that wait to be sent (the phone's offline queue), in order, each as the
   * live message body (SPEC 7) the server will send for it: shown on top of the data, marked.
   */
  waiting$?: Observable<readonly unknown[]>;
  /** Where the phone keeps the location's last known data, for a start without network. */
  kept?: KeptSnapshots;
  timing?: LiveTiming;
  scheduler?: SchedulerLike;
}

/** The last known data of each location, kept on the phone (IndexedDB) across reloads. */
export interface KeptSnapshots {
  read(locationId: string): ObservableInput<LiveSnapshot | undefined>;
  write(locationId: string, snapshot: LiveSnapshot): ObservableInput<unknown>;
}

/** What a location's live store shows. */
export interface LiveStoreState {
  /**
   * loading: no data yet; partial: the first of the pallets shown, the rest loading (every
   * order and zone is there; live changes wait for them all); stale: the data the phone last
   * knew (kept), the server not reached yet; reloading: after `event: reset` or `reload()`, the
   * old data still shown.
   */
  status: 'loading' | 'partial' | 'stale' | 'ready' | 'reloading';
  pallets: Entities<Pallet>;
  orders: Entities<Order>;
  zones: Entities<StorageZone>;
  overview: OverviewStats;
  /** pallet ids the last change touched; null when everything may have changed (a snapshot) */
  changedPallets: readonly string[] | null;
  /** ids (pallet or order) marked optimistic, with the time of their mark */
  optimistic: ReadonlyMap<string, number>;
  /** ids (pallet or order) a change waiting to be sent touches, shown as if it were done */
  waiting: ReadonlySet<string>;
  lastEventId: number;
  /** The inventory settings an administrator saved since the data loaded; null before any. */
  inventorySettings: Record<string, unknown> | null;
  /** The printing set-up a manager changed since the data loaded; null before any change. */
  printing: LivePrinting | null;
  /** The network scales a manager changed since the data loaded; null before any change. */
  scales: readonly Scale[] | null;
  /** The pallets of the status `showPalletStatus` asked for, beyond the stock: none, loading or ready. */
  leftStock: LeftStock;
}

/** A location's live data (SPEC 4 "Live updates"), with its commands. */
export interface LiveStore {
  /** The current state; shared, and torn down when nobody listens. */
  state$: Observable<LiveStoreState>;
  /**
   * The storage zones with the pallets in each row (`zoneOccupancy`), shared: worked out once for
   * every screen, and kept up to date batch by batch while anything listens.
   */
  zones$: Observable<readonly ZoneOccupancy[]>;
  /**
   * The ids of the users who added the location's pallets (`addedBy`), shared like `zones$`: a
   * screen that opens reads the list the store keeps instead of walking all the pallets again.
   */
  addedBy$: Observable<readonly string[]>;
  /**
   * The ids of the pallets that pass the board's query (`showPalletQuery`), in display order
   * (`visiblePalletIds`), shared like `zones$`: a board opened again with the same filters reads
   * the list the store keeps instead of testing all the pallets again.
   */
  visiblePalletIds$: Observable<readonly string[]>;
  /** Sets the board's query; one that keeps the same pallets as the last changes nothing. */
  showPalletQuery(query: PalletQuery): void;
  /**
   * Applies a change the user just made before the server confirms it (SPEC 4). Bodies in SPEC
   * 7's message shape, e.g. {type:'PALLET_UPDATE', action:'update', pallets:[…]}; normalised by
   * the same reader as the stream's.
   */
  applyOptimistic(bodies: readonly unknown[]): void;
  /** Pull-to-refresh: load the snapshot again (status 'reloading' while the old data stays shown). */
  reload(): void;
  /**
   * Shows the pallets of a status beyond the stock too (shipped, processed or all), loaded with
   * `loadPallets` and kept live; active (the start) drops them.
   */
  showPalletStatus(status: string): void;
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
  | { kind: 'kept'; snapshot: LiveSnapshot; now: number }
  | { kind: 'partial'; snapshot: LiveSnapshot; now: number }
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
    case 'kept':
    case 'partial':
      // shown only while nothing is (the phone's kept data, or the first page of the server's):
      // data shown already stays until the whole snapshot replaces it, and events stay held for that
      if (model.status !== 'loading') return model;
      return {
        ...model,
        status: action.kind === 'kept' ? 'stale' : 'partial',
        projection: projectionOf(action.snapshot, 0, model.projection.pendingZones, [], action.now),
      };
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
const stateOf = ({
  status,
  projection,
  optimistic,
  waiting,
}: Model & Pick<LiveStoreState, 'waiting'>): LiveStoreState => ({
  status,
  pallets: projection.pallets,
  orders: projection.orders,
  zones: projection.zones,
  overview: projection.overview,
  changedPallets: projection.changedPallets,
  optimistic,
  waiting,
  lastEventId: projection.lastEventId,
  inventorySettings: projection.inventorySettings,
  printing: projection.printing,
  scales: projection.scales,
  leftStock: noLeftStock,
});

/**
 * The live data of one location: the REST snapshot joined with the SSE stream by last event id
 * without a gap, loaded again on `event: reset` and on `reload()`, kept current through the live
 * pipeline (SPEC 4) and by the user's own optimistic changes. With `kept`, the last known data
 * shows (status stale) until the server's arrives; with `waiting$`, the changes that wait to be
 * sent show on top, marked.
 */
export function createLiveStore(deps: LiveStoreDeps): LiveStore {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const optimistic$ = new Subject<readonly LiveEvent[]>();
  const reload$ = new Subject<void>();
  const palletStatus$ = new BehaviorSubject('active');
  const palletQuery$ = new BehaviorSubject(defaultPalletQuery);
  const messages$ = deps.messages$.pipe(share());
  /** Bodies in SPEC 7's message shape as events, read as the stream's are. */
  const eventsOf = (bodies: readonly unknown[]) => {
    const now = scheduler.now();
    return bodies
      .map((data) => normaliseMessage({ event: 'update', id: null, data }, now))
      .filter((event): event is LiveEvent => event !== null);
  };

  const resets$ = messages$.pipe(filter((m) => m.event === 'reset'));
  const snapshotTriggers$ = merge(
    messages$.pipe(
      filter((m) => m.event === 'connected'),
      take(1),
    ),
    resets$,
    reload$.pipe(map((): SseMessage | null => null)),
  );
  const snapshots$ = snapshotTriggers$.pipe(
    switchMap((message) =>
      defer(() => from(deps.loadSnapshot(deps.locationId))).pipe(
        retry({ delay: (_error, attempt) => timer(retryDelayMs(attempt, deps.random), scheduler) }),
        map(
          (snapshot): Action =>
            snapshot.partial
              ? { kind: 'partial', snapshot, now: scheduler.now() }
              : {
                  kind: 'snapshot',
                  snapshot,
                  watermark: (message && reportedLastId(message)) ?? 0,
                  now: scheduler.now(),
                },
        ),
        startWith<Action>({ kind: 'loading' }),
      ),
    ),
  );
  const events$ = messages$.pipe(
    livePipeline(deps.locationId, deps.timing ?? defaultLiveTiming, scheduler),
    map((delivery) => delivery.flat()),
    share(),
  );
  const batches$ = events$.pipe(map((events): Action => ({ kind: 'events', events, now: scheduler.now() })));
  const optimisticSteps$ = optimistic$.pipe(
    markOptimistic(idsOf, undefined, scheduler),
    map((step): Action => ({ kind: 'optimistic', step, now: scheduler.now() })),
  );
  const { kept } = deps;
  const kept$ = kept
    ? defer(() => from(kept.read(deps.locationId))).pipe(
        catchError(() => EMPTY),
        filter((snapshot) => snapshot !== undefined),
        map((snapshot): Action => ({ kind: 'kept', snapshot, now: scheduler.now() })),
      )
    : EMPTY;

  const initial: Model = { status: 'loading', projection: emptyProjection, held: [], optimistic: new Map() };
  const model$ = merge(kept$, snapshots$, batches$, optimisticSteps$).pipe(
    scan(reduce, initial),
    startWith(initial),
    distinctUntilChanged(),
    share(),
  );
  // the server's data as it stands, kept for a start offline: the first at once (a phone that
  // loses the network and reloads a moment after its data arrived still has it), then the newest
  // at most every keptSnapshotSaveMs
  const saves$ = kept
    ? model$.pipe(
        filter((model) => model.status === 'ready'),
        map((model) => model.projection),
        distinctUntilChanged(),
        throttleTime(keptSnapshotSaveMs, scheduler, { leading: true, trailing: true }),
        // IndexedDB applies writes in the order they are asked for: none need wait for the last
        mergeMap((projection) =>
          from(kept.write(deps.locationId, snapshotOf(projection))).pipe(catchError(() => EMPTY)),
        ),
        ignoreElements(),
      )
    : EMPTY;
  const waiting$ = (deps.waiting$ ?? of([])).pipe(map(eventsOf));
  const { loadPallets = () => EMPTY } = deps;
  const loadLeftStock = (status: string) => loadPallets(deps.locationId, status);
  // what a reset or a reload loads again, the loaded pallets may have missed too
  const palletStatusAsked$ = merge(
    palletStatus$.pipe(distinctUntilChanged()),
    merge(resets$, reload$).pipe(map(() => palletStatus$.value)),
  );
  const shown$ = model$.pipe(
    withWaiting(waiting$, scheduler),
    map(stateOf),
    withLeftStock(palletStatusAsked$, loadLeftStock, events$, scheduler),
  );
  const state$ = merge(shown$, saves$).pipe(shareReplay({ bufferSize: 1, refCount: true }));

  return {
    state$,
    zones$: state$.pipe(zoneOccupancy(), shareReplay({ bufferSize: 1, refCount: true })),
    addedBy$: state$.pipe(addedBy(), shareReplay({ bufferSize: 1, refCount: true })),
    visiblePalletIds$: state$.pipe(
      visiblePalletIds(palletQuery$.pipe(distinctUntilChanged(samePalletQuery))),
      shareReplay({ bufferSize: 1, refCount: true }),
    ),
    applyOptimistic: (bodies) => optimistic$.next(eventsOf(bodies)),
    reload: () => reload$.next(),
    showPalletStatus: (status) => palletStatus$.next(status),
    showPalletQuery: (query) => palletQuery$.next(query),
  };
}
