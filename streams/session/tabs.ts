import type { Observable } from 'rxjs';
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
 * The other tabs of this browser session (a BroadcastChannel and the Web Locks API in the
 * browser). Without it (tests, old browsers) a tab keeps its session to itself.
 */
export interface Tabs {
  /** Messages from the other tabs (never this tab's own). */
  messages$: Observable<TabMessage>;
  post(message: TabMessage): void;
  /**
   * Runs `work` while no other tab runs work under `name`, and only once messages the other tabs
   * posted before it got its turn have been heard.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** The lock every tab refreshes under, so one refresh token is presented once. */
export const refreshLockName = 'tomato-session-refresh';
