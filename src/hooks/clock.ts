import { useObservable, useObservableEagerState } from 'observable-hooks';
import { switchMap } from 'rxjs';
import { screenClockMs } from '../../streams/config';
import { clock$ } from '../../streams/dates';
import { useServices } from '../services';

/** The wall-clock time, renewed every minute (ages on screen move on without a reload). */
export function useNow(): number {
  const { scheduler } = useServices();
  const now$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([clock]) => clock$(screenClockMs, clock))),
    [scheduler],
  );
  return useObservableEagerState(now$);
}
