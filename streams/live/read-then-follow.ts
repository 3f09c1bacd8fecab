import { catchError, filter, map, merge, type Observable, of, skip, startWith, takeUntil } from 'rxjs';

/** Something read over REST: loading, failed, or the ready state `R`. */
export type ReadState<R> = { status: 'loading' } | { status: 'failed'; error: unknown } | R;

/**
 * What a screen shows of a set-up read over REST and changed live (a location's printers, its
 * scales): `loading`, then the read's answer or its failure, then each live change that is
 * `ofHere`, as `ready` makes it. The live stream's first value is what its store held already,
 * older than the read; a change arriving while the read is on its way is newer than its answer
 * and ends it.
 */
export function readThenFollow<T, R>(
  read$: Observable<R>,
  live$: Observable<T | null>,
  ofHere: (value: T | null) => value is T,
  ready: (value: T) => R,
): Observable<ReadState<R>> {
  const changed$ = live$.pipe(skip(1), filter(ofHere));
  return merge(
    read$.pipe(
      takeUntil(changed$),
      catchError((error: unknown) => of({ status: 'failed' as const, error })),
      startWith({ status: 'loading' as const }),
    ),
    live$.pipe(filter(ofHere), map(ready)),
  );
}
