import { connectionJitterRatio, connectionRetryBaseMs, connectionRetryMaxMs } from '../config';

/**
 * Delay before retry number `attempt` (1 for the first retry): 1 s doubling, capped at 60 s, plus up
 * to 30 % jitter drawn from `random` (0 ≤ random() < 1) so that clients do not return in step (SPEC 9).
 */
export function retryDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(connectionRetryBaseMs * 2 ** Math.max(0, attempt - 1), connectionRetryMaxMs);
  return Math.round(base * (1 + connectionJitterRatio * random()));
}
