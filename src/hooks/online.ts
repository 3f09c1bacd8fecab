import { useObservable, useObservableEagerState } from 'observable-hooks';
import { fromEvent, map, merge, startWith } from 'rxjs';

/** Whether the browser is online now (`navigator.onLine`, then its online and offline events). */
export function useOnline(): boolean {
  const online$ = useObservable(() =>
    merge(fromEvent(window, 'online'), fromEvent(window, 'offline')).pipe(
      map(() => navigator.onLine),
      startWith(navigator.onLine),
    ),
  );
  return useObservableEagerState(online$);
}
