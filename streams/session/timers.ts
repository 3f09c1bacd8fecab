import {
  asyncScheduler,
  distinctUntilChanged,
  EMPTY,
  interval,
  map,
  type Observable,
  type SchedulerLike,
  switchMap,
  timer,
} from 'rxjs';
import { tokenValidationIntervalMs } from '../config';
import type { Breaker, SessionState } from './state';

/** Ticks every 5 min while AUTHENTICATED (unless the user skips token validation); stops otherwise. */
export function validationTicks(
  state$: Observable<SessionState>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<number> {
  return state$.pipe(
    map((state) => state.name === 'AUTHENTICATED' && state.user.skipTokenValidation !== true),
    distinctUntilChanged(),
    switchMap((on) => (on ? interval(tokenValidationIntervalMs, scheduler) : EMPTY)),
  );
}

/** Ticks once when a FAILED state's scheduled recovery is due; a new state cancels it. */
export function retryTicks(
  state$: Observable<SessionState>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<number> {
  return state$.pipe(
    switchMap((state) =>
      state.name === 'FAILED' && state.retryInMs !== null ? timer(state.retryInMs, scheduler) : EMPTY,
    ),
  );
}

/** Ticks when an open breaker's time is up (5 min after it opened). */
export function breakerCloseTicks(
  state$: Observable<SessionState>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<number> {
  return state$.pipe(
    map((state): Breaker => state.breaker),
    distinctUntilChanged(),
    switchMap((breaker) =>
      breaker.state === 'OPEN' ? timer(Math.max(breaker.closesAt - scheduler.now(), 0), scheduler) : EMPTY,
    ),
  );
}
