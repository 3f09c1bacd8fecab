import {
  combineLatest,
  concat,
  distinctUntilChanged,
  EMPTY,
  filter,
  firstValueFrom,
  ignoreElements,
  map,
  merge,
  type Observable,
  of,
  shareReplay,
  skipWhile,
  switchMap,
  tap,
} from 'rxjs';
import type { ApiClient } from '../../streams/http';
import {
  createLiveStore,
  type KeptSnapshots,
  type LiveStore,
  restPalletsLoader,
  restSnapshotLoader,
} from '../../streams/live';
import type { SseMessage } from '../../streams/live/types';
import type { User } from '../../streams/session';

/** What the live store of a location reads from: the connection the badge shows, and the API. */
export interface LiveSources {
  user$: Observable<User | null>;
  locationId$: Observable<string | null>;
  /** The chosen location's SSE messages, on the connection the badge shows (one EventSource). */
  messagesOf: (locationId: string) => Observable<SseMessage>;
  api: ApiClient;
  random: () => number;
  /** The live messages of the changes waiting in the phone's offline queue: shown on the data, marked. */
  waiting$?: Observable<readonly unknown[]>;
  /** The live message of each queued change the server took: shown at once, as the user's own (SPEC 4). */
  taken$?: Observable<unknown>;
  /** Where the phone keeps each location's last known data. */
  kept?: KeptSnapshots;
}

/**
 * The live store of the chosen location, or null when nobody is signed in or no location is
 * chosen. Choosing another location replaces it; signing out drops it. A store stays warm (its
 * projection, its zones, who added its pallets and the board's visible pallets kept) while
 * anything reads this stream (the services' provider does while the app runs), so moving between
 * screens fetches nothing again and works nothing out again.
 */
export function chosenLiveStore(sources: LiveSources): Observable<LiveStore | null> {
  const loadSnapshot = restSnapshotLoader(sources.api);
  const loadPallets = restPalletsLoader(sources.api);
  return combineLatest([sources.user$.pipe(map((user) => user?.id ?? null)), sources.locationId$]).pipe(
    distinctUntilChanged((a, b) => a[0] === b[0] && a[1] === b[1]),
    switchMap(([userId, locationId]) => {
      if (userId === null || locationId === null) return of(null);
      const store = createLiveStore({
        messages$: sources.messagesOf(locationId),
        locationId,
        loadSnapshot,
        loadPallets,
        random: sources.random,
        waiting$: sources.waiting$,
        kept: sources.kept,
      });
      const taken$ = (sources.taken$ ?? EMPTY).pipe(tap((message) => store.applyOptimistic([message])));
      return concat(
        of(store),
        merge(store.state$, store.zones$, store.addedBy$, store.visiblePalletIds$, taken$).pipe(
          ignoreElements(),
        ),
      );
    }),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

/** Pull-to-refresh: reloads the chosen location's snapshot and settles once it has landed. */
export async function reloadLive(live$: Observable<LiveStore | null>): Promise<void> {
  const store = await firstValueFrom(live$);
  if (!store) return;
  store.reload();
  // the state before the reload may still read ready: wait for the reload, then for its end
  await firstValueFrom(
    store.state$.pipe(
      skipWhile((state) => state.status === 'ready'),
      filter((state) => state.status === 'ready'),
    ),
  );
}
