import {
  asyncScheduler,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  ignoreElements,
  interval,
  map,
  merge,
  type Observable,
  type SchedulerLike,
  switchMap,
  take,
  tap,
} from 'rxjs';
import { heartbeatCheckIntervalMs, heartbeatTimeoutMs } from '../config';

/**
 * Emits once when nothing came from `activity$` for `timeoutMs`, checked every `checkMs` (SPEC 9:
 * 45 s, every 15 s). While the page is hidden the check waits: browsers run a hidden tab's timers at
 * most once a minute, which would otherwise report a healthy stream as dead.
 */
export function heartbeatMissed(
  activity$: Observable<unknown>,
  visible$: Observable<boolean>,
  timeoutMs = heartbeatTimeoutMs,
  checkMs = heartbeatCheckIntervalMs,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<void> {
  return defer(() => {
    let last = scheduler.now();
    const track = activity$.pipe(
      tap(() => {
        last = scheduler.now();
      }),
      ignoreElements(),
    );
    const check = visible$.pipe(
      distinctUntilChanged(),
      switchMap((visible) => (visible ? interval(checkMs, scheduler) : EMPTY)),
      filter(() => scheduler.now() - last >= timeoutMs),
      map(() => undefined),
    );
    return merge(track, check).pipe(take(1));
  });
}
