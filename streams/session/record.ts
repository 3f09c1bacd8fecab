import { sessionBreakerOpenMs } from '../config';
import type { RedirectHistory } from './redirect-guard';
import { type Health, healthy } from './state';
import { type SessionStorages, storageKeys } from './storage';

/** SPEC 3's stored sessionState: failure count and time, breaker flag and time, redirect count and time. */
interface SessionRecord {
  failureCount: number;
  lastFailureTime: number | null;
  circuitBreakerOpen: boolean;
  circuitBreakerOpenedAt: number | null;
  redirectCount: number;
  lastRedirectTime: number | null;
}

/** The failure record kept in session storage (a fresh one when missing or unreadable). */
export function readHealth(storage: SessionStorages, now: number): Health {
  try {
    const record = JSON.parse(
      storage.session.getItem(storageKeys.sessionState) ?? 'null',
    ) as SessionRecord | null;
    if (!record || typeof record.failureCount !== 'number') return healthy;
    const openedAt = record.circuitBreakerOpen ? (record.circuitBreakerOpenedAt ?? now) : null;
    return {
      failures: record.failureCount,
      lastFailureAt: record.lastFailureTime,
      breaker:
        openedAt === null
          ? { state: 'CLOSED' }
          : { state: 'OPEN', openedAt, closesAt: openedAt + sessionBreakerOpenMs },
    };
  } catch {
    return healthy;
  }
}

/** Keeps the failure record and redirect history in session storage. */
export function writeRecord(storage: SessionStorages, health: Health, redirects: RedirectHistory): void {
  const record: SessionRecord & { redirectAttempts: readonly number[] } = {
    failureCount: health.failures,
    lastFailureTime: health.lastFailureAt,
    circuitBreakerOpen: health.breaker.state === 'OPEN',
    circuitBreakerOpenedAt: health.breaker.state === 'OPEN' ? health.breaker.openedAt : null,
    redirectCount: redirects.count,
    lastRedirectTime: redirects.lastRedirectAt,
    redirectAttempts: redirects.attempts,
  };
  storage.session.setItem(storageKeys.sessionState, JSON.stringify(record));
}
