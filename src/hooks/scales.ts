import { useObservable, useObservableEagerState, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { from, map, of, startWith, switchMap } from 'rxjs';
import { type ReadState, readThenFollow } from '../../streams/live';
import {
  type Scale,
  type ScaleFields,
  type ScaleState,
  scaleSignal,
  scaleWeights,
} from '../../streams/scales';
import { useServices } from '../services';
import { useLocationId } from './app-state';
import { useLiveScales$ } from './live';

/** The chosen location's scales. */
export type ScalesState = ReadState<{ status: 'ready'; scales: Scale[] }>;

const loading: ScalesState = { status: 'loading' };

/**
 * The chosen location's scales: read over REST (again on `reload()`, after this page's own change),
 * and followed live, so a scale added or changed on another screen shows without a reload.
 */
export function useScales(): { state: ScalesState; reload: () => void } {
  const { session } = useServices();
  const locationId = useLocationId();
  const live$ = useLiveScales$();
  const [version, setVersion] = useState(0);
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id, , scales$]) => {
          if (id === null) return of(loading);
          const ready = (scales: readonly Scale[]) => ({ status: 'ready' as const, scales: [...scales] });
          return readThenFollow(
            from(api.get<{ data: Scale[] }>('/api/scales', { query: { locationId: id } })).pipe(
              map((list) => ready(list.data)),
            ),
            scales$,
            (scales): scales is readonly Scale[] =>
              scales?.every((scale) => scale.locationId === id) === true,
            ready,
          );
        }),
      ),
    [session.api, locationId, version, live$] as const,
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

/**
 * What the console hears of a scale (null: none chosen): `connecting` until its first weight, then
 * each weight as the server sends it, and `silent` 3 s after the last one.
 */
export function useScaleState(scaleId: string | null): ScaleState | null {
  const { scaleFeed } = useServices();
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([feed, id]) =>
          id === null
            ? of(null)
            : scaleWeights(feed, id).pipe(scaleSignal(), startWith<ScaleState>({ kind: 'connecting' })),
        ),
      ),
    [scaleFeed, scaleId] as const,
  );
  return useObservableEagerState(state$);
}
