import {
  maxRedirectsPerSession,
  redirectCounterIdleResetMs,
  redirectLoopLongCount,
  redirectLoopLongWindowMs,
  redirectLoopShortCount,
  redirectLoopShortWindowMs,
  redirectThrottleMs,
} from '../config';

/** Login redirects made so far (SPEC 3's redirect count and time) and recent attempts for loop detection. */
export interface RedirectHistory {
  count: number;
  lastRedirectAt: number | null;
  attempts: readonly number[];
}

/** allow: redirect now; throttled: one happened under 10 s ago; limit: 3 this session; loop: clear auth instead. */
export type RedirectDecision = 'allow' | 'throttled' | 'limit' | 'loop';

/** No redirects yet (the state on start: SPEC 4 clears the counter). */
export const noRedirects: RedirectHistory = { count: 0, lastRedirectAt: null, attempts: [] };

/**
 * Decides whether a login redirect may happen at `now` (SPEC 9): every attempt is remembered for
 * the loop check (3 within 30 s or 5 within 5 min); the count resets after 5 min without a redirect.
 */
export function decideRedirect(
  history: RedirectHistory,
  now: number,
): { decision: RedirectDecision; history: RedirectHistory } {
  const idle = history.lastRedirectAt !== null && now - history.lastRedirectAt >= redirectCounterIdleResetMs;
  const count = idle ? 0 : history.count;
  const attempts = [...history.attempts.filter((at) => now - at < redirectLoopLongWindowMs), now];
  const recent = attempts.filter((at) => now - at < redirectLoopShortWindowMs).length;
  const next = { count, lastRedirectAt: history.lastRedirectAt, attempts };
  if (recent >= redirectLoopShortCount || attempts.length >= redirectLoopLongCount) {
    return { decision: 'loop', history: next };
  }
  if (history.lastRedirectAt !== null && now - history.lastRedirectAt < redirectThrottleMs) {
    return { decision: 'throttled', history: next };
  }
  if (count >= maxRedirectsPerSession) return { decision: 'limit', history: next };
  return { decision: 'allow', history: { count: count + 1, lastRedirectAt: now, attempts } };
}
