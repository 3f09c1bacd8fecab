import { firstValueFrom, NEVER, of, switchMap, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { recoveryBaseDelayMs, recoveryJitterRatio, recoveryMaxRetries } from '../config';
import { ApiError, noResponseError } from '../http/errors';
import { recoveryDelayMs } from './backoff';
import { seededRandom, testScheduler } from './marbles';
import {
  isTransient,
  type Recovered,
  RecoveryError,
  recoverAuth,
  recoveryMessages,
  retryRecovery,
  type StrategyDeps,
  shareRecovery,
} from './recovery';
import { alice } from './test-kit';

describe('retryRecovery', () => {
  it('retries a transient failure 5 times, 1 s doubling with ±10 % jitter from the seeded random', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('#', undefined, noResponseError());
      // seed 7 draws jitter of -9.8 %, -8.7 %, +9.6 %, +4.0 %, +0.4 % on 1 s, 2 s, 4 s, 8 s, 16 s
      //                               try |902ms| retry |1825ms| retry |4382ms| retry |8318ms| retry |16069ms| retry → error
      expectObservable(source.pipe(retryRecovery(seededRandom(7)))).toBe(
        '31496ms #',
        undefined,
        noResponseError(),
      );
      expectSubscriptions(source.subscriptions).toBe([
        '(^!)',
        '902ms (^!)',
        '2727ms (^!)',
        '7109ms (^!)',
        '15427ms (^!)',
        '31496ms (^!)',
      ]);
    });
  });

  it('keeps every delay within 10 % of 1 s doubling', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const random = seededRandom(seed);
      for (let attempt = 1; attempt <= recoveryMaxRetries; attempt += 1) {
        const base = recoveryBaseDelayMs * 2 ** (attempt - 1);
        const delay = recoveryDelayMs(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * (1 - recoveryJitterRatio)));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * (1 + recoveryJitterRatio)));
      }
    }
    expect(recoveryDelayMs(1, () => 0)).toBe(900);
    expect(recoveryDelayMs(1, () => 0.999_999)).toBe(1_100);
    expect(recoveryDelayMs(6, () => 0.5)).toBe(30_000);
    expect(recoveryDelayMs(10, () => 0.5)).toBe(30_000);
  });

  it('does not retry a refusal', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const refusal = new RecoveryError(recoveryMessages.noRefreshToken);
      const source = cold('#', undefined, refusal);
      expectObservable(source.pipe(retryRecovery(() => 0.5))).toBe('#', undefined, refusal);
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });
});

describe('shareRecovery', () => {
  const timeoutError = new RecoveryError(recoveryMessages.refreshTimeout, true);

  it('lets concurrent callers share one run', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('20s (t|)');
      const recover = shareRecovery(source);
      const caller = (marble: string) => cold(marble).pipe(switchMap(() => recover()));
      //                       |------- one run: 20 s -------|
      expectObservable(caller('(a|)')).toBe('20s (t|)');
      expectObservable(caller('5s (a|)')).toBe('20s (t|)');
      expectObservable(caller('19s (a|)')).toBe('20s (t|)');
      expectSubscriptions(source.subscriptions).toBe('^ 19999ms !');
    });
  });

  it('gives a joiner "Token refresh timeout" after refreshWaitTimeoutMs (30 s) while the first caller waits on', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('40s (t|)');
      const recover = shareRecovery(source);
      const caller = (marble: string) => cold(marble).pipe(switchMap(() => recover()));
      //       first: |------------------ 40 s ------------------| t
      //      joiner:   5 s |------------ 30 s ------------| timeout
      expectObservable(caller('(a|)')).toBe('40s (t|)');
      expectObservable(caller('5s (a|)')).toBe('35s #', undefined, timeoutError);
      expectSubscriptions(source.subscriptions).toBe('^ 39999ms !');
    });
  });

  it('starts a new run for a call after the last one finished', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('10s (t|)');
      const recover = shareRecovery(source);
      const caller = (marble: string) => cold(marble).pipe(switchMap(() => recover()));
      expectObservable(caller('(a|)')).toBe('10s (t|)');
      expectObservable(caller('15s (a|)')).toBe('25s (t|)');
      expectSubscriptions(source.subscriptions).toBe(['^ 9999ms !', '15s ^ 9999ms !']);
    });
  });
});

describe('recoverAuth strategies', () => {
  const user = alice;
  type Stored = ReturnType<StrategyDeps['stored']>;
  type Overrides = Partial<Omit<StrategyDeps, 'stored'>> & { stored?: Partial<Stored> };
  const deps = ({ stored: storedOverrides, ...overrides }: Overrides = {}) => {
    const calls: string[] = [];
    const stored: Stored = {
      token: 't',
      refreshToken: 'r',
      user,
      skipTokenValidation: false,
      autoRefreshTokens: true,
      ...storedOverrides,
    };
    const built: StrategyDeps = {
      validate: () => {
        calls.push('validate');
        return throwError(() => new ApiError('x', 'status', 401));
      },
      refresh: () => {
        calls.push('refresh');
        return of<Partial<Recovered>>({ token: 'new', refreshToken: 'r2', user });
      },
      ...overrides,
      stored: () => stored,
    };
    return { built, calls };
  };
  const failure = (deps: StrategyDeps) =>
    firstValueFrom(recoverAuth(deps)).then(
      () => {
        throw new Error('expected failure');
      },
      (error: RecoveryError) => error,
    );

  it('validates first and keeps the token when it is still valid', async () => {
    const { built, calls } = deps({ validate: () => of(user) });
    expect(await firstValueFrom(recoverAuth(built))).toEqual({ token: 't', refreshToken: null, user });
    expect(calls).toEqual([]);
  });

  it('refreshes when validation fails', async () => {
    const { built, calls } = deps();
    expect(await firstValueFrom(recoverAuth(built))).toEqual({ token: 'new', refreshToken: 'r2', user });
    expect(calls).toEqual(['validate', 'refresh']);
  });

  it('skips validation without a token or user, and refreshes', async () => {
    const { built, calls } = deps({ stored: { token: null } });
    await firstValueFrom(recoverAuth(built));
    expect(calls).toEqual(['refresh']);
  });

  it('auto-logs in when refresh fails', async () => {
    const { built } = deps({
      refresh: () => throwError(() => new ApiError('x', 'status', 401)),
      autoLogin: () => of({ token: 'auto', user }),
    });
    expect(await firstValueFrom(recoverAuth(built))).toEqual({ token: 'auto', refreshToken: null, user });
  });

  it('names each blocked or missing strategy among the causes', async () => {
    const { built } = deps({ stored: { skipTokenValidation: true, autoRefreshTokens: false } });
    const error = await failure(built);
    expect(error.message).toBe('All recovery strategies failed');
    expect(error.causes.map((cause) => (cause as Error).message)).toEqual([
      'Token validation recovery blocked',
      'Token refresh recovery blocked',
      'Auto-login recovery blocked',
    ]);
    expect(error.transient).toBe(false);
  });

  it('reports a missing refresh token', async () => {
    const { built } = deps({ stored: { refreshToken: null } });
    const error = await failure(built);
    expect((error.causes[1] as Error).message).toBe('No refresh token available');
  });

  it('reports an answer without a token', async () => {
    const { built } = deps({ stored: { token: null }, refresh: () => of({ user }) });
    const error = await failure(built);
    expect((error.causes[0] as Error).message).toBe('Recovery failed - no token returned');
  });

  it('reports no valid authentication when nothing is stored and no auto-login exists', async () => {
    const { built, calls } = deps({ stored: { token: null, refreshToken: null } });
    expect((await failure(built)).message).toBe('No valid authentication available');
    expect(calls).toEqual([]);
  });

  it('is transient when a strategy got no answer', async () => {
    const { built } = deps({ refresh: () => throwError(() => noResponseError()) });
    const error = await failure(built);
    expect(error.transient).toBe(true);
    expect(isTransient(error)).toBe(true);
    expect(isTransient(new Error('x'))).toBe(false);
  });

  it('has every recovery message of SPEC 8', () => {
    expect(Object.values(recoveryMessages)).toEqual([
      'Token refresh timeout',
      'Authentication circuit breaker open',
      'Recovery failed - no token returned',
      'No refresh token available',
      'Token refresh recovery blocked',
      'Auto-login recovery blocked',
      'Token validation recovery blocked',
      'All recovery strategies failed',
      'No valid authentication available',
    ]);
  });

  it('waits on a strategy that never answers (the shared wait times out instead)', () => {
    testScheduler().run(({ expectObservable }) => {
      const { built } = deps({ validate: () => NEVER });
      expectObservable(recoverAuth(built), '^ 1m !').toBe('');
    });
  });
});
