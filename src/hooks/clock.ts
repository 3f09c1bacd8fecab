import { useObservable, useObservableEagerState } from 'observable-hooks';
import { interval, map, startWith, switchMap } from 'rxjs';

/** The wall-clock time, renewed every `everyMs` (ages on screen move on without a reload). */
export function useNow(everyMs: number): number {
  const now$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([ms]) =>
          interval(ms).pipe(
            map(() => Date.now()),
            startWith(Date.now()),
          ),
        ),
      ),
    [everyMs],
  );
  return useObservableEagerState(now$);
}
