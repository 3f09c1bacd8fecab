import {
  asyncScheduler,
  catchError,
  defer,
  finalize,
  type MonoTypeOperatorFunction,
  map,
  type Observable,
  retry,
  type SchedulerLike,
  share,
  throwError,
  timeout,
  timer,
} from 'rxjs';
import { recoveryMaxRetries, refreshWaitTimeoutMs } from '../config';
import { isApiError } from '../http/errors';
import { recoveryDelayMs } from './backoff';
import type { StoredAuth, User } from './storage';

/** The recovery messages of SPEC 8. */
export const recoveryMessages = {
  refreshTimeout: 'Token refresh timeout',
  breakerOpen: 'Authentication circuit breaker open',
  noTokenReturned: 'Recovery failed - no token returned',
  noRefreshToken: 'No refresh token available',
  refreshBlocked: 'Token refresh recovery blocked',
  autoLoginBlocked: 'Auto-login recovery blocked',
  validationBlocked: 'Token validation recovery blocked',
  allFailed: 'All recovery strategies failed',
  noAuth: 'No valid authentication available',
} as const;

/** A failed recovery; `transient` ones (no answer, server trouble, timeouts) are worth retrying. */
export class RecoveryError extends Error {
  override readonly name = 'RecoveryError';
  constructor(
    message: string,
    readonly transient = false,
    /** What each strategy failed with, in order. */
    readonly causes: readonly unknown[] = [],
  ) {
    super(message);
  }
}

/** Whether a failure is worth retrying. */
export const isTransient = (error: unknown): boolean =>
  (error instanceof RecoveryError || isApiError(error)) && error.transient;

/** What a successful recovery yields: a usable token and the user (refreshToken null keeps the stored one). */
export interface Recovered {
  token: string;
  refreshToken: string | null;
  user: User;
}

/** The stored state and the calls the strategies use. */
export interface StrategyDeps {
  stored: () => StoredAuth & { skipTokenValidation: boolean; autoRefreshTokens: boolean };
  /** GET /api/auth/validate with `token`, emitting the user. */
  validate: (token: string) => Observable<User>;
  /** POST /api/auth/refresh-token. */
  refresh: (refreshToken: string) => Observable<Partial<Recovered>>;
  /** Login with credentials the browser keeps; absent, auto-login is blocked. */
  autoLogin?: () => Observable<Partial<Recovered>>;
}

const fail = (message: string) => throwError(() => new RecoveryError(message));

function requireToken(answer: Partial<Recovered>): Recovered {
  if (!answer.token || !answer.user) throw new RecoveryError(recoveryMessages.noTokenReturned);
  return { token: answer.token, refreshToken: answer.refreshToken ?? null, user: answer.user };
}

/**
 * One recovery (SPEC 4): validate the token if a token and user exist, else refresh with the refresh
 * token, else auto-login; the first that works wins. No timing here: see `retryRecovery`.
 */
export function recoverAuth(deps: StrategyDeps): Observable<Recovered> {
  return defer(() => {
    const auth = deps.stored();
    if (!auth.token && !auth.refreshToken && !deps.autoLogin) return fail(recoveryMessages.noAuth);
    const { token, refreshToken, user } = auth;
    const strategies: Array<() => Observable<Recovered>> = [];
    if (token && user) {
      strategies.push(() =>
        auth.skipTokenValidation
          ? fail(recoveryMessages.validationBlocked)
          : deps.validate(token).pipe(map((valid) => ({ token, refreshToken: null, user: valid }))),
      );
    }
    strategies.push(() => {
      if (!refreshToken) return fail(recoveryMessages.noRefreshToken);
      if (!auth.autoRefreshTokens) return fail(recoveryMessages.refreshBlocked);
      return deps.refresh(refreshToken).pipe(map(requireToken));
    });
    strategies.push(() =>
      deps.autoLogin ? deps.autoLogin().pipe(map(requireToken)) : fail(recoveryMessages.autoLoginBlocked),
    );
    const exhausted = (causes: unknown[]) =>
      throwError(() => new RecoveryError(recoveryMessages.allFailed, causes.some(isTransient), causes));
    const chain = strategies.reduceRight<(causes: unknown[]) => Observable<Recovered>>(
      (next, strategy) => (causes) => strategy().pipe(catchError((error) => next([...causes, error]))),
      exhausted,
    );
    return chain([]);
  });
}

/** Retries transient recovery failures at most 5 times, 1 s doubling to 30 s with ±10 % jitter. */
export function retryRecovery<T>(
  random: () => number,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<T> {
  return retry({
    count: recoveryMaxRetries,
    delay: (error, attempt) =>
      isTransient(error) ? timer(recoveryDelayMs(attempt, random), scheduler) : throwError(() => error),
  });
}

/**
 * Runs `source` once for concurrent callers: the first caller starts it, later callers join the run in
 * flight and give up after 30 s with "Token refresh timeout". A finished run is not replayed.
 */
export function shareRecovery<T>(
  source: Observable<T>,
  scheduler: SchedulerLike = asyncScheduler,
): () => Observable<T> {
  let inflight: Observable<T> | null = null;
  return () =>
    defer(() => {
      if (inflight) {
        return inflight.pipe(
          timeout({
            first: refreshWaitTimeoutMs,
            with: () => throwError(() => new RecoveryError(recoveryMessages.refreshTimeout, true)),
            scheduler,
          }),
        );
      }
      const run = source.pipe(
        finalize(() => {
          inflight = null;
        }),
        share(),
      );
      inflight = run;
      return run;
    });
}
