import { BehaviorSubject, map, scan, takeUntil, timer } from 'rxjs';
import { describe, it } from 'vitest';
import { sessionBreakerOpenMs } from '../config';
import { testScheduler } from './marbles';
import { healthy, initializing, type SessionEvent, type SessionState, sessionReducer } from './state';
import { alice } from './test-kit';
import { breakerCloseTicks, retryTicks, validationTicks } from './timers';

const authenticated: SessionState = { name: 'AUTHENTICATED', user: alice, ...healthy };
const failed = (retryInMs: number | null): SessionState => ({
  name: 'FAILED',
  reason: 'x',
  recoverable: true,
  retryInMs,
  user: alice,
  ...healthy,
});

describe('validationTicks', () => {
  it('ticks every tokenValidationIntervalMs (5 min) while AUTHENTICATED and stops on FAILED', () => {
    testScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const state = hot('  a 12m 29s 999ms f', { a: authenticated, f: failed(null) });
      //                   |---- 5 min ----|---- 5 min ----|-- f: no more ticks
      const expected = '   5m x 4m 59s 999ms y';
      expectObservable(validationTicks(state).pipe(map(() => 'tick')), '^ 15m !').toBe(expected, {
        x: 'tick',
        y: 'tick',
      });
      expectSubscriptions(state.subscriptions).toBe('^ 15m !');
    });
  });

  it('does not restart the interval when the user is refreshed', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const state = hot('a 2m 30s b', { a: authenticated, b: { ...authenticated, user: { ...alice } } });
      //                 |---- 5 min ----|  (b at 2.5 min keeps the same interval)
      expectObservable(validationTicks(state), '^ 5m 10ms !').toBe('5m x', { x: 0 });
    });
  });

  it('never ticks for a user with skipTokenValidation', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const state = hot('a', { a: { ...authenticated, user: { ...alice, skipTokenValidation: true } } });
      expectObservable(validationTicks(state), '^ 15m !').toBe('');
    });
  });
});

describe('retryTicks', () => {
  it('ticks once after the FAILED state retryInMs and is cancelled by a newer state', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const state = hot('a 2999ms b 1999ms c', { a: failed(5_000), b: failed(1_000), c: failed(null) });
      //                 |- a: 5 s, cut by b -|- b: 1 s -|x         c: nothing more
      expectObservable(retryTicks(state), '^ 10s !').toBe('4000ms x', { x: 0 });
    });
  });

  it('recovers onlineRecoveryDelayMs after coming back online', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const events = hot<SessionEvent>('a 99ms b 99ms c', {
        a: { type: 'authenticated', user: alice },
        b: { type: 'offline' },
        c: { type: 'online', at: 200, recoverable: true },
      });
      const state = events.pipe(scan(sessionReducer, initializing()));
      //                                     c |-- 1 s --| recover
      expectObservable(retryTicks(state), '^ 5s !').toBe('200ms 1s x', { x: 0 });
    });
  });
});

describe('backoff and circuit breaker, in virtual time', () => {
  it('retries after 1 s, then 2 s, opens the breaker on the 3rd failure for 5 min, then starts over', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      // the session's own loop: every retry fails again
      const state = new BehaviorSubject<SessionState>(authenticated);
      const dispatch = (event: SessionEvent) => state.next(sessionReducer(state.value, event));
      const fail = () => dispatch({ type: 'failed', reason: 'down', at: scheduler.now(), recoverable: true });
      const windowMs = 400_000;
      const end = timer(windowMs);
      retryTicks(state).pipe(takeUntil(end)).subscribe(fail);
      breakerCloseTicks(state)
        .pipe(takeUntil(end))
        .subscribe(() => dispatch({ type: 'breaker-closed' }));
      fail();
      //        1 |-1 s-| 2 |--2 s--| 3 (open) |------ 5 min ------| 0 |-1 s-| 1 |-1 s-| 2 |--2 s--| 3
      const expected = 'a 999ms b 1999ms c 4m 59s 999ms d 999ms e 999ms f 1999ms g';
      expectObservable(state.pipe(map((value) => value.failures)), `^ ${windowMs}ms !`).toBe(expected, {
        a: 1,
        b: 2,
        c: 3,
        d: 0,
        e: 1,
        f: 2,
        g: 3,
      });
    });
  });
});

describe('breakerCloseTicks', () => {
  it('ticks sessionBreakerOpenMs after the breaker opened', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const open: SessionState = {
        ...failed(null),
        breaker: { state: 'OPEN', openedAt: 0, closesAt: sessionBreakerOpenMs },
      };
      const state = hot('a 9ms b', { a: open, b: { ...open, reason: 'still down' } });
      //                 |---------- 5 min open ----------| close
      expectObservable(breakerCloseTicks(state), '^ 10m !').toBe('5m x', { x: 0 });
    });
  });

  it('never ticks while closed', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      expectObservable(breakerCloseTicks(hot('a', { a: failed(1) })), '^ 10m !').toBe('');
    });
  });
});
