import { useObservable, useObservableState } from 'observable-hooks';
import { useRef } from 'react';
import { catchError, map, type Observable, of, startWith, switchMap } from 'rxjs';
import type { Analytics, AnalyticsRead } from '../../streams/analytics';
import { useServices } from '../services';
import type { ReadState } from './api-read';

/** An analytics read: loading, failed (no fallback), or its answer with where it came from and any advice. */
export type InsightState<T> = ReadState<AnalyticsRead<T>>;

const loading = { status: 'loading' } as const;

/**
 * One of SPEC 7's analytics reads (through the prefixes and their fallback), read again whenever
 * `key` changes; null reads nothing.
 */
export function useInsight<T>(
  read: ((analytics: Analytics) => Observable<AnalyticsRead<T>>) | null,
  key: string,
): InsightState<T> {
  const { analytics } = useServices();
  // the read made in the render that changed the key: later renders' closures are the same read
  const latest = useRef(read);
  latest.current = read;
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([reads]) => {
          const make = latest.current;
          if (!make) return of<InsightState<T>>(loading);
          return make(reads).pipe(
            map((answer): InsightState<T> => ({ status: 'ready', data: answer })),
            catchError((error: unknown) => of<InsightState<T>>({ status: 'failed', error })),
            startWith<InsightState<T>>(loading),
          );
        }),
      ),
    [analytics, key],
  );
  return useObservableState(state$, loading);
}
