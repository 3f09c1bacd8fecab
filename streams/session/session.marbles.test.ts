import { map } from 'rxjs';
import { describe, it } from 'vitest';
import { expiredStorageCleanupIntervalMs } from '../config';
import { testScheduler } from './marbles';
import { createSession } from './session';
import { createMemoryStorage } from './storage';
import { alice, createAuthServer } from './test-kit';

// The session's own timers in virtual time (no call answers within these windows).
const quietUser = JSON.stringify({ ...alice, skipTokenValidation: true });

describe('session timers (marbles)', () => {
  it('clears an expired entry at the next clean-up, every expiredStorageCleanupIntervalMs (5 min)', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const local = createMemoryStorage({
        token: 't',
        userData: quietUser,
        sessionExpiry: String(5 * 60_000 + 1),
      });
      const session = createSession({
        fetch: createAuthServer().fetch,
        storage: { local, session: createMemoryStorage() },
        online$: hot('a', { a: true }),
        scheduler,
        random: () => 0.5,
      });
      scheduler.schedule(() => session.dispose(), 15 * 60_000 + 10);
      //           expires just after the 1st clean-up |---- 5 min ----|---- 5 min ----| cleared
      expectObservable(session.state$.pipe(map((state) => state.name)), '^ 15m !').toBe('a 9m 59s 999ms f', {
        a: 'AUTHENTICATED',
        f: 'FAILED',
      });
    });
  });

  it('goes OFFLINE, FAILED when back online, and starts recovery onlineRecoveryDelayMs (1 s) later', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const session = createSession({
        fetch: createAuthServer().fetch,
        storage: {
          local: createMemoryStorage({ token: 't', userData: quietUser }),
          session: createMemoryStorage(),
        },
        online$: hot('a 9ms b 9ms a', { a: true, b: false }),
        scheduler,
        random: () => 0.5,
      });
      scheduler.schedule(() => session.dispose(), 2_010);
      //                                  offline  online |-- 1 s --| REFRESHING
      expectObservable(session.state$.pipe(map((state) => state.name)), '^ 2s !').toBe(
        'a 9ms o 9ms f 999ms r',
        { a: 'AUTHENTICATED', o: 'OFFLINE', f: 'FAILED', r: 'REFRESHING' },
      );
    });
  });

  it('keeps user$ through OFFLINE, FAILED and REFRESHING; null once the clean-up clears the stored auth', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const session = createSession({
        fetch: createAuthServer().fetch, // its answers settle outside virtual time: the recovery stays REFRESHING
        storage: {
          local: createMemoryStorage({
            token: 't',
            userData: quietUser,
            sessionExpiry: String(expiredStorageCleanupIntervalMs),
          }),
          session: createMemoryStorage(),
        },
        online$: hot('a 9ms b 9ms a', { a: true, b: false }),
        scheduler,
        random: () => 0.5,
      });
      scheduler.schedule(() => session.dispose(), 6 * 60_000 + 10);
      const states = '   a 9ms o 9ms f 999ms r 4m 58s 979ms x';
      //                 offline  online |-- 1 s --| REFRESHING       | 1st clean-up (5 min): expired, cleared
      const users = '    u 4m 59s 999ms                             n';
      const names = { a: 'AUTHENTICATED', o: 'OFFLINE', f: 'FAILED', r: 'REFRESHING', x: 'FAILED' };
      expectObservable(session.state$.pipe(map((state) => state.name)), '^ 6m !').toBe(states, names);
      expectObservable(session.user$, '^ 6m !').toBe(users, { u: JSON.parse(quietUser), n: null });
    });
  });
});
