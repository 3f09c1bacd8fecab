import { qualityDegradedLatencyMs, qualityGoodLatencyMs, qualityPoorConsecutiveErrors } from '../config';
import type { ConnectionQuality, ConnectionState } from './types';

/**
 * SPEC 4's connection quality: unknown when not connected (nor erroring on an open stream), poor
 * after more than 5 consecutive errors, degraded above 2,000 ms latency, good above 1,000 ms, else excellent. `latencyMs` is null
 * while no message has told the latency.
 */
export function connectionQuality(
  state: ConnectionState,
  consecutiveErrors: number,
  latencyMs: number | null,
): ConnectionQuality {
  if (state.name !== 'CONNECTED' && state.name !== 'ERROR') return 'unknown';
  if (consecutiveErrors > qualityPoorConsecutiveErrors) return 'poor';
  if (latencyMs !== null && latencyMs > qualityDegradedLatencyMs) return 'degraded';
  if (latencyMs !== null && latencyMs > qualityGoodLatencyMs) return 'good';
  return 'excellent';
}
