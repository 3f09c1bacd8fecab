import { useObservable, useObservableEagerState, useObservableState } from 'observable-hooks';
import { catchError, from, map, of, startWith, switchMap } from 'rxjs';
import { type DateSettings, type DateSettingsStore, dayWindow } from '../../streams/dates';
import { useServices } from '../services';
import { useLocationId } from './app-state';

/** The date settings (SPEC 3) and the store whose commands change them. */
export function useDateSettings(): { settings: DateSettings; dates: DateSettingsStore } {
  const { dates } = useServices();
  return { settings: useObservableEagerState(dates.state$), dates };
}

/**
 * The pallets the chosen location shipped on `day` (YYYY-MM-DD, between its local midnights);
 * null while it loads, when it cannot be read, or when `day` is null.
 */
export function useShippedOn(day: string | null): number | null {
  const { session } = useServices();
  const locationId = useLocationId();
  const shipped$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id, on]) => {
          if (id === null || on === null) return of(null);
          const { fromMs, toMs } = dayWindow(on);
          const query = {
            locationId: id,
            shippedFrom: new Date(fromMs).toISOString(),
            shippedTo: new Date(toMs).toISOString(),
          };
          return from(api.get<{ shippedToday: number }>('/api/dashboard/overview', { query })).pipe(
            map((overview) => overview.shippedToday),
            catchError(() => of(null)),
            startWith(null),
          );
        }),
      ),
    [session.api, locationId, day],
  );
  return useObservableState(shipped$, null);
}
