import {
  connectable,
  EMPTY,
  filter,
  map,
  type Observable,
  ReplaySubject,
  type SchedulerLike,
  take,
  timeout,
} from 'rxjs';
import { replacedSessionWaitMs } from '../config';
import type { Recovered } from './recovery';
import type { PersistenceLevel, StoredAuth } from './storage';

/**
 * What the tabs of one browser session tell each other about the session they share: a tab that
 * starts without one asks; a tab holding one answers, and says so again after each refresh (with
 * the refresh token it replaced, so only tabs of that session take it); a sign-out ends it in all.
 */
export type TabMessage =
  | { type: 'ask' }
  | {
      type: 'session';
      auth: StoredAuth;
      level: PersistenceLevel;
      expiresAt: number | null;
      /** The refresh token this one replaced; absent in an answer to `ask`. */
      replaces?: string;
    }
  /** A sign-out of the session whose refresh token this was: the tabs holding it sign out too. */
  | { type: 'signed-out'; refreshToken: string | null };

/**
 * The other tabs of this browser session (a BroadcastChannel, the Web Locks API and IndexedDB in the
 * browser). Without it (tests, old browsers) a tab keeps its session to itself.
 */
export interface Tabs {
  /** Messages from the other tabs (never this tab's own). */
  messages$: Observable<TabMessage>;
  post(message: TabMessage): void;
  /** Runs `work` while no other tab runs work under `name`. */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * Records that a refresh token was replaced `at` (ms), where every tab reads it under the lock:
   * once this resolves, the tab that gets the lock next sees the mark even before this tab's
   * messages reach it. Never fails: a mark the browser could not keep is left out.
   */
  markReplaced(refreshToken: string, at: number): Promise<void>;
  /** When a tab marked this refresh token replaced (undefined if none did, or the browser cannot keep marks). */
  replacedAt(refreshToken: string): Promise<number | undefined>;
}

/** The lock every tab refreshes under, so one refresh token is presented once. */
export const refreshLockName = 'tomato-session-refresh';

/**
 * Why a tab gave up on a refresh token another tab replaced too long ago for the server's grace
 * window, without telling it the new session.
 */
export const successorUnheard = 'Refresh token replaced in another tab, which did not share the new session';

type SessionMessage = Extract<TabMessage, { type: 'session' }>;

/** Whether `message` announces a usable session that replaced `refreshToken`. */
const succeeds =
  (refreshToken: string) =>
  (message: TabMessage): message is SessionMessage & { auth: Recovered } =>
    message.type === 'session' &&
    message.replaces === refreshToken &&
    message.auth.token !== null &&
    message.auth.user !== null;

/**
 * Listens from now on for the session another tab announces in place of `refreshToken`: `successor$`
 * gives it (also when heard before it was asked for), or completes empty replacedSessionWaitMs from
 * now, when the tab may present the token itself. `stop()` ends the listening.
 */
export function listenForSuccessor(
  messages$: Observable<TabMessage>,
  refreshToken: string,
  scheduler: SchedulerLike,
) {
  const successor$ = connectable(
    messages$.pipe(
      filter(succeeds(refreshToken)),
      map((message): Recovered => message.auth),
      take(1),
      timeout({ first: replacedSessionWaitMs, with: () => EMPTY, scheduler }),
    ),
    { connector: () => new ReplaySubject<Recovered>(1), resetOnDisconnect: false },
  );
  const listening = successor$.connect();
  return { successor$, stop: () => listening.unsubscribe() };
}
