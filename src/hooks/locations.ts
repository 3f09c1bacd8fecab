import {
  catchError,
  distinctUntilChanged,
  from,
  map,
  merge,
  type Observable,
  of,
  Subject,
  shareReplay,
  startWith,
  switchMap,
} from 'rxjs';
import type { ApiClient } from '../../streams/http';
import type { User } from '../../streams/session';
import type { LocationOption } from '../../streams/session/location-schema';

export type LocationsState =
  | { status: 'loading' }
  | { status: 'ready'; locations: LocationOption[] }
  | { status: 'failed'; error: unknown };

export type Locations = {
  state$: Observable<LocationsState>;
  /** Reads the list again (after a location is added, renamed or deleted in the admin area). */
  reload: () => void;
};

const listOf = (body: unknown): LocationOption[] => {
  const list = Array.isArray(body) ? body : ((body as { data?: unknown })?.data ?? []);
  return (Array.isArray(list) ? list : []).filter(
    (l): l is LocationOption => typeof l?.id === 'string' && typeof l?.name === 'string',
  );
};

/**
 * The signed-in user's locations (GET /api/user-locations), fetched for each user, again when the
 * user object names other locations (an administrator's change, seen at the next validation) and
 * on `reload()`; a read again keeps showing the list it had while it reads (no flash of "loading").
 */
export function createLocations(user$: Observable<User | null>, api: ApiClient): Locations {
  const reloads = new Subject<void>();
  const read = () =>
    from(api.get('/api/user-locations')).pipe(
      map((body): LocationsState => ({ status: 'ready', locations: listOf(body) })),
      catchError((error: unknown) => of<LocationsState>({ status: 'failed', error })),
    );
  /** The user's granted locations as the user object names them (changes read the list again). */
  const granted$ = user$.pipe(
    map((user) => JSON.stringify(user?.locationIds ?? null)),
    distinctUntilChanged(),
  );
  return {
    reload: () => reloads.next(),
    state$: user$.pipe(
      map((user) => user?.id ?? null),
      distinctUntilChanged(),
      switchMap((userId) =>
        userId === null
          ? of<LocationsState>({ status: 'ready', locations: [] })
          : merge(granted$, reloads).pipe(switchMap(read), startWith<LocationsState>({ status: 'loading' })),
      ),
      shareReplay({ bufferSize: 1, refCount: false }),
    ),
  };
}
