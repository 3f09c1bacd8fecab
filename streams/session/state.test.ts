import { describe, expect, it } from 'vitest';
import {
  failureBackoffBaseMs,
  failureBackoffMaxMs,
  onlineRecoveryDelayMs,
  sessionBreakerFailures,
  sessionBreakerOpenMs,
} from '../config';
import { failureBackoffMs } from './backoff';
import { healthy, initializing, type SessionEvent, type SessionState, sessionReducer } from './state';
import { alice } from './test-kit';

const start = initializing();
const run = (events: SessionEvent[], from: SessionState = start) => events.reduce(sessionReducer, from);
const failure = (at: number, recoverable = true): SessionEvent => ({
  type: 'failed',
  reason: 'down',
  at,
  recoverable,
});

describe('failureBackoffMs', () => {
  it('is 1 s doubling to at most 30 s', () => {
    const expected = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      Math.min(failureBackoffBaseMs * 2 ** (n - 1), failureBackoffMaxMs),
    );
    expect([1, 2, 3, 4, 5, 6, 7].map(failureBackoffMs)).toEqual(expected);
    expect(expected).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(failureBackoffMs(0)).toBe(failureBackoffBaseMs);
  });
});

describe('sessionReducer', () => {
  it('authenticating resets failures and closes the breaker', () => {
    const open = run([failure(0), failure(1), failure(2)]);
    expect(open.breaker.state).toBe('OPEN');
    expect(run([{ type: 'authenticated', user: alice }], open)).toEqual({
      name: 'AUTHENTICATED',
      user: alice,
      ...healthy,
    });
  });

  it('counts one failure per FAILED and schedules a retry with backoff while tokens remain', () => {
    const once = run([failure(10)]);
    expect(once).toEqual({
      name: 'FAILED',
      reason: 'down',
      recoverable: true,
      retryInMs: failureBackoffMs(1),
      user: null,
      failures: 1,
      lastFailureAt: 10,
      breaker: { state: 'CLOSED' },
    });
    expect(run([failure(20)], once)).toMatchObject({ failures: 2, retryInMs: failureBackoffMs(2) });
    expect(run([failure(10, false)])).toMatchObject({ failures: 1, retryInMs: null });
  });

  it(`opens the breaker for ${sessionBreakerOpenMs} ms at ${sessionBreakerFailures} failures and schedules nothing`, () => {
    const events = Array.from({ length: sessionBreakerFailures }, (_, n) => failure(n * 100));
    const open = run(events);
    const at = (sessionBreakerFailures - 1) * 100;
    expect(open).toMatchObject({ retryInMs: null, failures: sessionBreakerFailures });
    expect(open.breaker).toEqual({ state: 'OPEN', openedAt: at, closesAt: at + sessionBreakerOpenMs });
    expect(run([failure(9_999)], open).breaker).toBe(open.breaker);
  });

  it('closing the breaker resets failures and retries a recoverable FAILED after 1 s', () => {
    const open = run([failure(0), failure(1), failure(2)]);
    expect(run([{ type: 'breaker-closed' }], open)).toMatchObject({
      name: 'FAILED',
      failures: 0,
      retryInMs: failureBackoffBaseMs,
      breaker: { state: 'CLOSED' },
    });
    const refreshing = run([{ type: 'refreshing', reason: 'x' }], open);
    expect(run([{ type: 'breaker-closed' }], refreshing)).toMatchObject({ name: 'REFRESHING', failures: 0 });
  });

  it('signing out is FAILED without counting a failure', () => {
    expect(run([{ type: 'signed-out', reason: 'bye' }])).toMatchObject({
      name: 'FAILED',
      reason: 'bye',
      failures: 0,
      recoverable: false,
      retryInMs: null,
    });
  });

  it('offline keeps the failure record; online is FAILED with recovery after 1 s', () => {
    const offline = run([{ type: 'authenticated', user: alice }, { type: 'offline' }]);
    expect(offline).toEqual({ name: 'OFFLINE', user: alice, ...healthy });
    expect(run([{ type: 'online', at: 5, recoverable: true }], offline)).toMatchObject({
      name: 'FAILED',
      failures: 1,
      retryInMs: onlineRecoveryDelayMs,
    });
  });

  it('keeps the user through refreshing, offline and recoverable failures; drops it once auth is cleared', () => {
    const signedIn = run([{ type: 'authenticated', user: alice }]);
    const kept: SessionEvent[][] = [
      [{ type: 'refreshing', reason: 'AUTHENTICATED' }],
      [{ type: 'offline' }],
      [{ type: 'offline' }, { type: 'online', at: 1, recoverable: true }],
      [failure(1)],
      [failure(1), failure(2), failure(3), { type: 'breaker-closed' }],
    ];
    for (const events of kept) expect(run(events, signedIn).user).toBe(alice);
    const dropped: SessionEvent[][] = [
      [failure(1, false)],
      [{ type: 'signed-out', reason: 'bye' }],
      [{ type: 'offline' }, { type: 'online', at: 1, recoverable: false }],
      [{ type: 'signed-out', reason: 'bye' }, { type: 'refreshing', reason: 'FAILED' }, failure(1)],
    ];
    for (const events of dropped) expect(run(events, signedIn).user).toBeNull();
  });
});
