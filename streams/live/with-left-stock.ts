import {
  combineLatest,
  defer,
  distinctUntilChanged,
  filter,
  map,
  merge,
  type Observable,
  type OperatorFunction,
  of,
  type SchedulerLike,
  scan,
  startWith,
  switchMap,
} from 'rxjs';
import type { Entities } from './entities';
import type { PalletsState } from './filters';
import { applyEvents, emptyProjection, type Projection, projectionOf } from './projection';
import type { PalletsLoad } from './snapshot';
import type { LiveEvent, Pallet } from './types';

/**
 * The pallets that left the stock, as the board shows them beside the live store's: none (the
 * active view), loading (how many have come so far), or ready.
 */
export type LeftStock =
  | { name: 'NONE' }
  | { name: 'LOADING'; status: string; loaded: number }
  | { name: 'READY'; status: string; count: number };

/** The pallet statuses the live store does not load itself: read from the server when shown. */
const loadedStatuses: readonly string[] = ['shipped', 'processed', 'all'];

/** The active view's: nothing loaded. */
export const noLeftStock: LeftStock = Object.freeze({ name: 'NONE' });

/** The loaded pallets, or those still to come and the events that arrived meanwhile. */
interface Extra {
  leftStock: LeftStock;
  projection: Projection | null;
  held: readonly LiveEvent[];
}

// A pallet another user adds is in stock: the live store shows it, the loaded list need not.
const notAdding = (event: LiveEvent) => !(event.type === 'pallet' && event.action === 'add');

/** The pallets of `status` from `load`, kept current by `events$` from their load on. */
function extraOf(
  status: string,
  load: Observable<PalletsLoad>,
  events$: Observable<readonly LiveEvent[]>,
  scheduler: SchedulerLike,
): Observable<Extra> {
  const start: Extra = { leftStock: { name: 'LOADING', status, loaded: 0 }, projection: null, held: [] };
  return merge(
    load.pipe(map((loaded) => ({ loaded }))),
    events$.pipe(
      map((events) => ({ events: events.filter(notAdding) })),
      filter(({ events }) => events.length > 0),
    ),
  ).pipe(
    scan((extra: Extra, input): Extra => {
      const now = scheduler.now();
      if ('events' in input) {
        if (!extra.projection) return { ...extra, held: extra.held.concat(input.events) };
        const projection = applyEvents(extra.projection, input.events, now);
        return projection === extra.projection ? extra : { ...extra, projection };
      }
      const { pallets, lastEventId, done } = input.loaded;
      if (!done) return { ...extra, leftStock: { name: 'LOADING', status, loaded: pallets.length } };
      const snapshot = { pallets, orders: [], zones: [], overview: emptyProjection.overview, lastEventId };
      const projection = projectionOf(snapshot, 0, emptyProjection.pendingZones, extra.held, now);
      return { leftStock: { name: 'READY', status, count: pallets.length }, projection, held: [] };
    }, start),
    startWith(start),
    // events held while loading, or leaving the loaded pallets as they were, change nothing shown
    distinctUntilChanged(
      (a, b) => a.leftStock === b.leftStock && a.projection?.pallets === b.projection?.pallets,
    ),
  );
}

/** The live store's pallets, then the loaded ones it does not hold; the store's copy wins. */
function joined(live: Entities<Pallet>, loaded: Entities<Pallet>): Entities<Pallet> {
  let ids: readonly string[] | undefined;
  return {
    get: (id) => live.get(id) ?? loaded.get(id),
    forEach: (visit) => {
      live.forEach(visit);
      loaded.forEach((pallet) => {
        if (live.get(pallet.id) === undefined) visit(pallet);
      });
    },
    get ids() {
      ids ??= live.ids.concat(loaded.ids.filter((id) => !live.get(id)));
      return ids;
    },
    get count() {
      return this.ids.length;
    },
  };
}

const nothingChanged: readonly string[] = Object.freeze([]);

/** What a state and loaded pallets joined last. */
interface Joined<S> {
  state: S;
  loaded: Projection | null;
  out: S;
}

/** The pallet ids a step changed: the state's when it moved, the loaded ones' when they did. */
function changedBy<S extends PalletsState>(last: Joined<S> | null, state: S, loaded: Projection | null) {
  if (last === null) return null;
  if (last.state !== state) return state.changedPallets;
  if (last.loaded === loaded) return nothingChanged;
  // loaded pallets changed by live events; when they came or went, every pallet may have
  return last.loaded && loaded ? loaded.changedPallets : null;
}

/**
 * Operator: the pallets of the status `status$` asks for that the live store does not load
 * (shipped, processed, or all), loaded with `load` when asked, joined to the store's pallets and
 * kept current by the live `events$`, their progress in `leftStock`; asked again, loaded again. Asked for active, they are
 * dropped and the state itself passes through, so the active view costs nothing per batch.
 */
export function withLeftStock<S extends PalletsState & { leftStock: LeftStock }>(
  status$: Observable<string>,
  load: (status: string) => Observable<PalletsLoad>,
  events$: Observable<readonly LiveEvent[]>,
  scheduler: SchedulerLike,
): OperatorFunction<S, S> {
  const extra$ = status$.pipe(
    map((status) => (loadedStatuses.includes(status) ? status : 'active')),
    // a status asked again is loaded again; active stays as it is
    distinctUntilChanged((a, b) => a === 'active' && b === 'active'),
    switchMap((status) =>
      status === 'active' ? of(null) : defer(() => extraOf(status, load(status), events$, scheduler)),
    ),
  );
  return (state$) =>
    combineLatest([state$, extra$]).pipe(
      scan<[S, Extra | null], Joined<S>, null>((last, [state, extra]) => {
        const loaded = extra?.projection ?? null;
        if (extra === null && (last?.out.leftStock ?? noLeftStock) === noLeftStock)
          return { state, loaded, out: state };
        const out: S = {
          ...state,
          pallets: loaded ? joined(state.pallets, loaded.pallets) : state.pallets,
          changedPallets: changedBy(last, state, loaded),
          leftStock: extra?.leftStock ?? noLeftStock,
        };
        return { state, loaded, out };
      }, null),
      map((joinedState) => joinedState.out),
    );
}
