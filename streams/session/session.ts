import {
  BehaviorSubject,
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  firstValueFrom,
  from,
  ignoreElements,
  interval,
  lastValueFrom,
  map,
  merge,
  type Observable,
  type SchedulerLike,
  Subject,
  switchMap,
  tap,
  throwError,
} from 'rxjs';
import { expiredStorageCleanupIntervalMs, refreshReuseGraceMs } from '../config';
import { type ApiClient, createApiClient } from '../http/client';
import { isApiError } from '../http/errors';
import type { SendDeps } from '../http/send';
import { authCalls } from './auth-calls';
import { missingCredentials } from './missing-credentials';
import { createPreferences, type Preferences } from './preferences';
import { readHealth, writeRecord } from './record';
import {
  isTransient,
  type Recovered,
  RecoveryError,
  recoverAuth,
  recoveryMessages,
  retryRecovery,
  shareRecovery,
} from './recovery';
import { decideRedirect, noRedirects } from './redirect-guard';
import { initializing, type SessionEvent, type SessionState, sessionReducer } from './state';
import {
  clearAuth,
  clearExpired,
  expiryFor,
  type PersistenceLevel,
  persistenceOf,
  readAuth,
  readItem,
  replacedRefreshTokenKey,
  type SessionStorages,
  saveAuth,
  storageKeys,
  storedSettings,
  type User,
  updateAuth,
} from './storage';
import { listenForSuccessor, refreshLockName, successorUnheard, type TabMessage, type Tabs } from './tabs';
import { breakerCloseTicks, retryTicks, validationTicks } from './timers';

/** The login screen's messages (SPEC 5, 8). */
export const loginMessages = {
  missingFields: 'Please enter both username and password',
  expired: 'Your session has expired. Please login again.',
  loop: 'Session error detected. Please try logging in again.',
  failed: 'An error occurred during login.',
} as const;

/** A username and password, e.g. from the browser's credential store for auto-login. */
export interface Credentials {
  username: string;
  password: string;
}

/** Everything effectful the session uses. */
export interface SessionDeps extends SendDeps {
  storage: SessionStorages;
  /** true while the browser is online (`navigator.onLine`, then the online/offline events). */
  online$: Observable<boolean>;
  scheduler: SchedulerLike;
  random: () => number;
  /** The current path, so a session-expired redirect can come back to it. */
  currentPath?: () => string;
  /** Stored credentials for the auto-login recovery strategy; without it auto-login is blocked. */
  credentials?: () => Promise<Credentials | null>;
  /** The other tabs of this browser session, to share the session with; without it a tab keeps its own. */
  tabs?: Tabs;
}

/** Login form input; `persistence` defaults to remember_me with rememberMe, else session_only. */
export interface LoginInput extends Credentials {
  rememberMe?: boolean;
  persistence?: PersistenceLevel;
}

/** The session of SPEC 4: read-only state plus commands. */
export interface Session {
  state$: Observable<SessionState>;
  /**
   * The signed-in user, kept while REFRESHING, OFFLINE or recoverably FAILED; null once signed out
   * or the stored auth is cleared. Emits only when the user's data changes.
   */
  user$: Observable<User | null>;
  /** Paths the app should navigate to (session expired → /login?expired=1…, logout → /login). */
  navigation$: Observable<string>;
  /** The API client, with this session's token and smart 401 recovery. */
  api: ApiClient;
  /** Location, last path and forced mobile mode (reset on logout). */
  preferences: Preferences;
  login(input: LoginInput): Promise<User>;
  logout(): Promise<void>;
  changePassword(input: { currentPassword: string; newPassword: string }): Promise<void>;
  /** Smart recovery, shared by concurrent callers; emits the new token. */
  recover$(): Observable<string>;
  /**
   * Validates the session now, as the 5-minute check does: the user's flags, locations and
   * restrictions become what the server holds (recovering first if the token is refused).
   * Resolves once done; the state tells how it went.
   */
  validate(): Promise<void>;
  /**
   * Keeps a change of the signed-in user that the server has confirmed (their language) for the
   * next start of the app, without emitting the user anew: nothing that follows the user reloads.
   */
  keepUser(change: Partial<User>): void;
  /** Stops the timers (validation, clean-up, breaker, retries). */
  dispose(): void;
}

/** The message a failed login shows: the server's word where it has one, else SPEC 8's. */
function loginError(error: unknown): Error {
  if (isApiError(error)) return new Error(error.serverMessage ?? error.message, { cause: error });
  return new Error(loginMessages.failed, { cause: error });
}

/**
 * Creates the session: starts from storage (SPEC 4), then runs background validation, automatic
 * recovery with backoff, the circuit breaker, offline/online handling and expired-entry clean-up.
 */
export function createSession(deps: SessionDeps): Session {
  const { storage, scheduler } = deps;
  const now = () => scheduler.now();
  clearExpired(storage, now());
  let redirects = noRedirects;
  const state = new BehaviorSubject(initializing(readHealth(storage, now())));
  const navigation = new Subject<string>();
  const dispatch = (event: SessionEvent) => {
    state.next(sessionReducer(state.value, event));
    writeRecord(storage, state.value, redirects);
  };
  const hasStoredAuth = () =>
    readItem(storage, storageKeys.token) !== null || readItem(storage, storageKeys.refreshToken) !== null;
  const token = () => readItem(storage, storageKeys.token);

  const start = readAuth(storage);
  dispatch(
    start.token && start.user
      ? { type: 'authenticated', user: start.user }
      : { type: 'signed-out', reason: recoveryMessages.noAuth },
  );

  const calls = authCalls(deps);
  const { validate } = calls;
  const { credentials, tabs } = deps;
  const expiryOf = () => {
    const expiry = readItem(storage, storageKeys.sessionExpiry);
    return expiry === null ? null : Number(expiry);
  };
  /**
   * Tells the other tabs about this tab's session (after a login or refresh, or when asked), with
   * the refresh token it replaced (kept with it in storage, so also after a reload): a tab that was
   * reloading while the session was refreshed, and missed that, takes the new one instead of
   * presenting the replaced token.
   */
  const announce = () => {
    const auth = readAuth(storage);
    if (auth.token && auth.user)
      tabs?.post({
        type: 'session',
        auth,
        level: persistenceOf(storage),
        expiresAt: expiryOf(),
        replaces: readItem(storage, replacedRefreshTokenKey) ?? undefined,
      });
  };
  /**
   * One refresh for all tabs: under the tabs' lock, a refresh token another tab has already
   * replaced (shared storage, its message, or its mark) is not presented again while that tab's
   * session can be had instead: a marked token waits for its announce (the lock and the messages
   * are not ordered). Unheard after replacedSessionWaitMs, it is presented while the server's grace
   * window surely lasts (the server answers a sibling session), and given up after that, since
   * presenting it then would end the session in every tab.
   */
  const refreshInTurn = async (tabs: Tabs, presented: string): Promise<Partial<Recovered>> => {
    // listening before looking: an announce arriving in between is not missed
    const heard = listenForSuccessor(tabs.messages$, presented, scheduler);
    try {
      const current = readAuth(storage);
      if (current.token && current.user && current.refreshToken && current.refreshToken !== presented)
        return { token: current.token, refreshToken: current.refreshToken, user: current.user };
      const replacedAt = await tabs.replacedAt(presented);
      if (replacedAt !== undefined) {
        // the tab that replaced it may have said so before this tab listened (both reloading): asked
        // now, whichever tab holds the session answers with it
        tabs.post({ type: 'ask' });
        const successor = await firstValueFrom(heard.successor$, { defaultValue: undefined });
        if (successor) return successor;
        if (now() - replacedAt >= refreshReuseGraceMs / 2) throw new RecoveryError(successorUnheard);
      }
      const answer = await firstValueFrom(calls.refresh(presented));
      if (answer.token && answer.user) {
        updateAuth(
          storage,
          { token: answer.token, refreshToken: answer.refreshToken ?? null, user: answer.user },
          presented,
        );
        await tabs.markReplaced(presented, now());
        announce();
      }
      return answer;
    } finally {
      heard.stop();
    }
  };
  const refresh = (presented: string): Observable<Partial<Recovered>> =>
    tabs
      ? from(tabs.exclusive(refreshLockName, () => refreshInTurn(tabs, presented)))
      : calls.refresh(presented);

  const redirectToLogin = () => {
    const path = deps.currentPath?.() ?? '/';
    if (path.startsWith('/login')) return;
    const result = decideRedirect(redirects, now());
    redirects = result.history;
    if (result.decision === 'allow') {
      navigation.next(`/login?expired=1&redirect=${encodeURIComponent(path)}`);
    } else if (result.decision === 'loop') {
      clearAuth(storage);
      dispatch({ type: 'signed-out', reason: loginMessages.loop });
    }
    writeRecord(storage, state.value, redirects);
  };

  const onRecoveryFailed = (error: unknown) => {
    const keep = isTransient(error) && hasStoredAuth();
    if (!keep) clearAuth(storage);
    const reason = error instanceof Error ? error.message : recoveryMessages.allFailed;
    dispatch({ type: 'failed', reason, at: now(), recoverable: keep });
    if (!keep) redirectToLogin();
  };

  const recovery = shareRecovery(
    defer(() => {
      if (state.value.breaker.state === 'OPEN') {
        return throwError(() => new RecoveryError(recoveryMessages.breakerOpen));
      }
      dispatch({ type: 'refreshing', reason: state.value.name });
      return recoverAuth({
        stored: () => ({ ...readAuth(storage), ...storedSettings(storage) }),
        validate,
        refresh,
        autoLogin: credentials
          ? () =>
              from(credentials()).pipe(
                switchMap((found) =>
                  found
                    ? calls.login({ ...found, rememberMe: false })
                    : throwError(() => new RecoveryError(recoveryMessages.autoLoginBlocked)),
                ),
              )
          : undefined,
      }).pipe(
        retryRecovery(deps.random, scheduler),
        tap({
          next: (recovered) => {
            updateAuth(storage, recovered);
            dispatch({ type: 'authenticated', user: recovered.user });
          },
          error: onRecoveryFailed,
        }),
      );
    }).pipe(map((recovered) => recovered.token)),
    scheduler,
  );

  const validateNow = () =>
    defer(() => validate(token() ?? '')).pipe(
      tap((user) => {
        updateAuth(storage, { token: token(), refreshToken: null, user });
        dispatch({ type: 'authenticated', user });
      }),
      ignoreElements(),
      catchError((error: unknown) => {
        if (isApiError(error) && error.transient) {
          dispatch({ type: 'failed', reason: error.message, at: now(), recoverable: hasStoredAuth() });
          return EMPTY;
        }
        return recovery().pipe(
          ignoreElements(),
          catchError(() => EMPTY),
        );
      }),
    );

  const effects = merge(
    validationTicks(state, scheduler).pipe(exhaustMap(validateNow)),
    retryTicks(state, scheduler).pipe(exhaustMap(() => recovery().pipe(catchError(() => EMPTY)))),
    breakerCloseTicks(state, scheduler).pipe(tap(() => dispatch({ type: 'breaker-closed' }))),
    deps.online$.pipe(
      distinctUntilChanged(),
      tap((online) => {
        if (!online) dispatch({ type: 'offline' });
        else if (state.value.name === 'OFFLINE')
          dispatch({ type: 'online', at: now(), recoverable: hasStoredAuth() });
      }),
    ),
    interval(expiredStorageCleanupIntervalMs, scheduler).pipe(
      filter(() => clearExpired(storage, now()) && state.value.name !== 'FAILED'),
      tap(() => dispatch({ type: 'signed-out', reason: loginMessages.expired })),
    ),
  ).subscribe();

  const api = createApiClient({ ...deps, token, recover: recovery });
  const preferences = createPreferences(storage);

  const signOut = (reason: string) => {
    clearAuth(storage);
    preferences.setForcedMobileMode(null);
    dispatch({ type: 'signed-out', reason });
  };

  /**
   * Takes the session another tab holds (stored as it is there) when this tab has none or holds its
   * predecessor. A login screen shown meanwhile, or drawn just after, goes on by itself: the state
   * says the session was shared.
   */
  const adopt = (message: Extract<TabMessage, { type: 'session' }>) => {
    const { auth } = message;
    if (!auth.token || !auth.user) return;
    saveAuth(storage, auth, message.level, message.expiresAt, message.replaces);
    dispatch({ type: 'authenticated', user: auth.user, shared: true });
  };
  const hearTab = (message: TabMessage) => {
    const stored = readAuth(storage);
    if (message.type === 'ask') {
      // a session in local storage is the asking tab's already; one in this tab's storage is shared
      if (stored.token && persistenceOf(storage) === 'session_only') announce();
    } else if (message.type === 'session') {
      const successor = message.replaces !== undefined && stored.refreshToken === message.replaces;
      if (successor || (!stored.token && state.value.name !== 'AUTHENTICATED')) adopt(message);
    } else if (
      (message.refreshToken !== null && stored.refreshToken === message.refreshToken) ||
      (!stored.token && state.value.user)
    ) {
      signOut(recoveryMessages.noAuth);
      navigation.next('/login');
    }
  };
  const hearing = tabs?.messages$.subscribe(hearTab);
  // a tab without a session asks for one; a tab whose session lives in its own storage asks too, in
  // case another tab refreshed it while this one was loading
  if (tabs && (!(start.token && start.user) || persistenceOf(storage) === 'session_only'))
    tabs.post({ type: 'ask' });

  return {
    state$: state.asObservable(),
    user$: state.pipe(
      map((current) => current.user),
      // a validation answering the same user must not make every consumer reload
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    ),
    navigation$: navigation.asObservable(),
    api,
    preferences,
    recover$: recovery,
    validate: () => lastValueFrom(validateNow(), { defaultValue: undefined }),
    keepUser(change) {
      const kept = readAuth(storage);
      if (kept.user) updateAuth(storage, { ...kept, user: { ...kept.user, ...change } });
    },
    async login({ username, password, rememberMe = false, persistence }) {
      if (missingCredentials({ username, password })) throw new Error(loginMessages.missingFields);
      const level = persistence ?? (rememberMe ? 'remember_me' : 'session_only');
      try {
        const answer = await firstValueFrom(calls.login({ username, password, rememberMe }));
        if (!answer.token || !answer.user) throw new Error(loginMessages.failed);
        saveAuth(
          storage,
          { token: answer.token, refreshToken: answer.refreshToken ?? null, user: answer.user },
          level,
          expiryFor(level, now()),
        );
        dispatch({ type: 'authenticated', user: answer.user });
        announce();
        return answer.user;
      } catch (error) {
        signOut(recoveryMessages.noAuth);
        throw loginError(error);
      }
    },
    async logout() {
      const current = token();
      if (current) {
        // an expired access token cannot revoke its family: refresh once, then revoke with the new one
        const refreshToken = readItem(storage, storageKeys.refreshToken);
        const refreshThenLogout = (error: unknown) =>
          isApiError(error) && error.status === 401 && refreshToken
            ? calls.refresh(refreshToken).pipe(switchMap((fresh) => calls.logout(fresh.token ?? '')))
            : throwError(() => error);
        const revoke = calls.logout(current).pipe(catchError(refreshThenLogout));
        await firstValueFrom(revoke).catch(() => undefined);
      }
      const ended = readItem(storage, storageKeys.refreshToken);
      signOut(recoveryMessages.noAuth);
      tabs?.post({ type: 'signed-out', refreshToken: ended });
      navigation.next('/login');
    },
    async changePassword({ currentPassword, newPassword }) {
      await api.post('/api/auth/change-password', { currentPassword, newPassword });
      const current = state.value;
      if (current.name !== 'AUTHENTICATED') return;
      const user = { ...current.user, first_login: false };
      updateAuth(storage, { token: token(), refreshToken: null, user });
      dispatch({ type: 'authenticated', user });
    },
    dispose: () => {
      effects.unsubscribe();
      hearing?.unsubscribe();
      state.complete();
      navigation.complete();
    },
  };
}
