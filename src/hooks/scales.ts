import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { catchError, from, map, of, startWith, switchMap } from 'rxjs';
import type { Scale, ScaleFields } from '../../streams/scales';
import { useServices } from '../services';
import { useLocationId } from './app-state';

/** The chosen location's scales. */
export type ScalesState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; scales: Scale[] };

const loading: ScalesState = { status: 'loading' };

/** The chosen location's scales, read over REST (again on `reload()`, after this page's own change). */
export function useScales(): { state: ScalesState; reload: () => void } {
  const { session } = useServices();
  const locationId = useLocationId();
  const [version, setVersion] = useState(0);
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id]) =>
          id === null
            ? of(loading)
            : from(api.get<{ data: Scale[] }>('/api/scales', { query: { locationId: id } })).pipe(
                map((list): ScalesState => ({ status: 'ready', scales: list.data })),
                catchError((error: unknown) => of<ScalesState>({ status: 'failed', error })),
                startWith(loading),
              ),
        ),
      ),
    [session.api, locationId, version] as const,
  );
  const state = useObservableState(state$, loading);
  return useMemo(() => ({ state, reload: () => setVersion((v) => v + 1) }), [state]);
}

/** The scale commands of the chosen location; each rejects with SPEC 8's error. */
export function useScaleCommands() {
  const { session } = useServices();
  const locationId = useLocationId();
  return useMemo(
    () => ({
      create: (fields: ScaleFields) => session.api.post<Scale>('/api/scales', { locationId, ...fields }),
      update: (id: string, fields: Partial<ScaleFields>) =>
        session.api.patch<Scale>(`/api/scales/${id}`, fields),
      remove: (id: string) => session.api.delete(`/api/scales/${id}`),
    }),
    [session.api, locationId],
  );
}
