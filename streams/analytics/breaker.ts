import {
  asyncScheduler,
  BehaviorSubject,
  defer,
  type Observable,
  type SchedulerLike,
  type Subscription,
  tap,
  throwError,
  timer,
} from 'rxjs';
import { analyticsBreakerFailures, analyticsBreakerOpenMs } from '../config';

/** The analytics breaker of SPEC 4. */
export type BreakerState =
  | { name: 'CLOSED'; failures: number }
  | { name: 'OPEN'; openedAt: number }
  | { name: 'HALF_OPEN'; trial: boolean };

/** Thrown, without calling, while the breaker refuses calls. */
export class BreakerOpenError extends Error {
  override readonly name = 'BreakerOpenError';
  constructor() {
    super('Analytics circuit breaker open');
  }
}

/** A circuit breaker around calls. */
export interface Breaker {
  state$: Observable<BreakerState>;
  /** Runs `call` unless the breaker is open (or a half-open trial is under way), counting its outcome. */
  run<T>(call: Observable<T>): Observable<T>;
  dispose(): void;
}

/**
 * 3 failures in a row open the breaker for 30 s; then it is HALF_OPEN and lets one trial through:
 * success closes it, failure opens it again.
 */
export function createBreaker(scheduler: SchedulerLike = asyncScheduler): Breaker {
  const state = new BehaviorSubject<BreakerState>({ name: 'CLOSED', failures: 0 });
  let reopen: Subscription | undefined;
  const open = () => {
    state.next({ name: 'OPEN', openedAt: scheduler.now() });
    reopen?.unsubscribe();
    reopen = timer(analyticsBreakerOpenMs, scheduler).subscribe(() =>
      state.next({ name: 'HALF_OPEN', trial: false }),
    );
  };
  const failed = () => {
    const current = state.value;
    if (current.name === 'CLOSED' && current.failures + 1 < analyticsBreakerFailures) {
      state.next({ name: 'CLOSED', failures: current.failures + 1 });
    } else {
      open();
    }
  };
  return {
    state$: state.asObservable(),
    run: <T>(call: Observable<T>) =>
      defer(() => {
        const current = state.value;
        if (current.name === 'OPEN' || (current.name === 'HALF_OPEN' && current.trial)) {
          return throwError(() => new BreakerOpenError());
        }
        if (current.name === 'HALF_OPEN') state.next({ name: 'HALF_OPEN', trial: true });
        return call.pipe(
          tap({
            complete: () => state.next({ name: 'CLOSED', failures: 0 }),
            error: failed,
            // an abandoned trial leaves the next call to try again
            unsubscribe: () => {
              if (state.value.name === 'HALF_OPEN') state.next({ name: 'HALF_OPEN', trial: false });
            },
          }),
        );
      }),
    dispose: () => {
      reopen?.unsubscribe();
      state.complete();
    },
  };
}
