import {
  failureBackoffBaseMs,
  failureBackoffMaxMs,
  recoveryBaseDelayMs,
  recoveryJitterRatio,
  recoveryMaxDelayMs,
} from '../config';

/** Delay before the session's automatic retry after `failures` consecutive failures: 1 s doubling, at most 30 s. */
export const failureBackoffMs = (failures: number): number =>
  Math.min(failureBackoffBaseMs * 2 ** Math.max(failures - 1, 0), failureBackoffMaxMs);

/**
 * Delay before recovery retry `attempt` (1-based): 1 s doubling, at most 30 s, then ±10 % jitter
 * drawn from `random` (a value in [0, 1)).
 */
export function recoveryDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(recoveryBaseDelayMs * 2 ** (attempt - 1), recoveryMaxDelayMs);
  return Math.round(base * (1 + recoveryJitterRatio * (2 * random() - 1)));
}
