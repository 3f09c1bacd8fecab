import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo, useState } from 'react';
import { catchError, from, map, of, startWith, switchMap } from 'rxjs';
import type { Query } from '../../streams/http/send';
import { useServices } from '../services';

/** A read of the API: loading, failed with its error, or ready with its data. */
export type ReadState<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; data: T };

const loading = { status: 'loading' } as const;

/**
 * GET `path` (nothing while null) with `query`, read again when either changes or after
 * `reload()` (which keeps the last answer on screen while it reads); `pick` takes the data out of
 * the answer (e.g. its `data` list).
 */
export function useApiRead<T>(
  path: string | null,
  query: Query | undefined,
  pick: (body: unknown) => T,
): { state: ReadState<T>; reload: () => void } {
  const { session } = useServices();
  const [version, setVersion] = useState(0);
  // the query's text, not its object, decides whether to read again
  const key = JSON.stringify(query ?? null);
  const state$ = useObservable(
    (inputs$) => {
      // a reload of the same read keeps showing what it showed until the answer (no "Loading..." flash)
      let shown: string | null = null;
      return inputs$.pipe(
        switchMap(([api, p, q]) => {
          if (p === null) return of<ReadState<T>>(loading);
          const again = shown === `${p} ${q}`;
          shown = `${p} ${q}`;
          const read$ = from(api.get(p, { query: JSON.parse(q) ?? undefined })).pipe(
            map((body): ReadState<T> => ({ status: 'ready', data: pick(body) })),
            catchError((error: unknown) => of<ReadState<T>>({ status: 'failed', error })),
          );
          return again ? read$ : read$.pipe(startWith<ReadState<T>>(loading));
        }),
      );
    },
    [session.api, path, key, version],
  );
  const state = useObservableState(state$, loading);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return useMemo(() => ({ state, reload }), [state, reload]);
}

/** The `data` of a `{data}` answer (CONTRACT's lists). */
export const dataOf = <T>(body: unknown): T => (body as { data: T }).data;
