import { onlineRecoveryDelayMs, sessionBreakerFailures, sessionBreakerOpenMs } from '../config';
import { failureBackoffMs } from './backoff';
import type { User } from './storage';

/** The session circuit breaker: open for 5 min after 3 failures. */
export type Breaker = { state: 'CLOSED' } | { state: 'OPEN'; openedAt: number; closesAt: number };

/** Failure bookkeeping carried by every session state. */
export interface Health {
  failures: number;
  lastFailureAt: number | null;
  breaker: Breaker;
}

/**
 * The signed-in user: kept through REFRESHING, OFFLINE and a recoverable FAILED (the stored sign-in
 * still stands, so a dropped network signs nobody out); null once the stored auth is cleared.
 */
interface SignedIn {
  user: User | null;
}

/** The session machine of SPEC 4, one tagged union. */
export type SessionState =
  | ({ name: 'INITIALIZING'; user: null } & Health)
  | ({
      name: 'AUTHENTICATED';
      user: User;
      /** Taken from another tab of this browser session (not signed in, validated or refreshed here). */
      shared?: true;
    } & Health)
  | ({
      name: 'REFRESHING';
      /** The state the recovery started from (AUTHENTICATED on a 401, FAILED on a retry, …). */
      reason: string;
    } & SignedIn &
      Health)
  | ({
      name: 'FAILED';
      reason: string;
      /** Tokens are still stored, so an automatic recovery can be tried. */
      recoverable: boolean;
      /** When the next automatic recovery runs (null: none scheduled). */
      retryInMs: number | null;
    } & SignedIn &
      Health)
  | ({ name: 'OFFLINE' } & SignedIn & Health);

/** What happens to the session. `failed` and `online` count one failure; `signed-out` does not. */
export type SessionEvent =
  | { type: 'authenticated'; user: User; shared?: true }
  | { type: 'refreshing'; reason: string }
  | { type: 'failed'; reason: string; at: number; recoverable: boolean }
  | { type: 'signed-out'; reason: string }
  | { type: 'offline' }
  | { type: 'online'; at: number; recoverable: boolean }
  | { type: 'breaker-closed' };

/** A closed breaker and no failures. */
export const healthy: Health = { failures: 0, lastFailureAt: null, breaker: { state: 'CLOSED' } };

/** The state before the stored sign-in is read. */
export const initializing = (health: Health = healthy): SessionState => ({
  name: 'INITIALIZING',
  user: null,
  ...health,
});

const healthOf = ({ failures, lastFailureAt, breaker }: Health): Health => ({
  failures,
  lastFailureAt,
  breaker,
});

function countFailure(health: Health, at: number): Health {
  const failures = health.failures + 1;
  const opens = health.breaker.state === 'CLOSED' && failures >= sessionBreakerFailures;
  return {
    failures,
    lastFailureAt: at,
    breaker: opens ? { state: 'OPEN', openedAt: at, closesAt: at + sessionBreakerOpenMs } : health.breaker,
  };
}

/** FAILED; the user stays signed in only while the failure is recoverable (tokens still stored). */
function failed(
  { user }: SignedIn,
  health: Health,
  reason: string,
  recoverable: boolean,
  delayMs: number,
): SessionState {
  const retryInMs = recoverable && health.breaker.state === 'CLOSED' ? delayMs : null;
  return { name: 'FAILED', reason, recoverable, retryInMs, user: recoverable ? user : null, ...health };
}

/** The session's transitions (SPEC 4), pure. */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  const health = healthOf(state);
  switch (event.type) {
    case 'authenticated':
      return { name: 'AUTHENTICATED', user: event.user, ...(event.shared && { shared: true }), ...healthy };
    case 'refreshing':
      return { name: 'REFRESHING', reason: event.reason, user: state.user, ...health };
    case 'failed': {
      const next = countFailure(health, event.at);
      return failed(state, next, event.reason, event.recoverable, failureBackoffMs(next.failures));
    }
    case 'signed-out':
      return failed(state, health, event.reason, false, 0);
    case 'offline':
      return { name: 'OFFLINE', user: state.user, ...health };
    case 'online':
      return failed(
        state,
        countFailure(health, event.at),
        'Back online',
        event.recoverable,
        onlineRecoveryDelayMs,
      );
    case 'breaker-closed':
      return state.name === 'FAILED'
        ? failed(state, healthy, state.reason, state.recoverable, failureBackoffMs(0))
        : { ...state, ...healthy };
  }
}
