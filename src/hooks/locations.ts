import {
  catchError,
  distinctUntilChanged,
  from,
  map,
  type Observable,
  of,
  shareReplay,
  startWith,
  switchMap,
} from 'rxjs';
import type { ApiClient } from '../../streams/http';
import type { User } from '../../streams/session';
import type { LocationOption } from '../ui/location-select';

export type LocationsState =
  | { status: 'loading' }
  | { status: 'ready'; locations: LocationOption[] }
  | { status: 'failed'; error: unknown };

export type Locations = { state$: Observable<LocationsState> };

const listOf = (body: unknown): LocationOption[] => {
  const list = Array.isArray(body) ? body : ((body as { data?: unknown })?.data ?? []);
  return (Array.isArray(list) ? list : []).filter(
    (l): l is LocationOption => typeof l?.id === 'string' && typeof l?.name === 'string',
  );
};

/** The signed-in user's locations (GET /api/user-locations), fetched again for each user. */
export function createLocations(user$: Observable<User | null>, api: ApiClient): Locations {
  return {
    state$: user$.pipe(
      map((user) => user?.id ?? null),
      distinctUntilChanged(),
      switchMap((userId) =>
        userId === null
          ? of<LocationsState>({ status: 'ready', locations: [] })
          : from(api.get('/api/user-locations')).pipe(
              map((body): LocationsState => ({ status: 'ready', locations: listOf(body) })),
              catchError((error: unknown) => of<LocationsState>({ status: 'failed', error })),
              startWith<LocationsState>({ status: 'loading' }),
            ),
      ),
      shareReplay({ bufferSize: 1, refCount: false }),
    ),
  };
}
