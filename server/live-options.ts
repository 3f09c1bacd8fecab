import {
  livePruneIntervalMs,
  liveRetentionEvents,
  liveRetentionMs,
  sseDrainMs,
  sseHeartbeatIntervalMs,
  sseMaxBufferedBytes,
  sseMaxConnections,
} from '../streams/config';

/** The knobs of live events (`config.live`); tests shorten the timings. */
export interface LiveOptions {
  /** `event: heartbeat` every this many ms (`SSE_HEARTBEAT_MS`, default 15 s). */
  heartbeatMs: number;
  /** Shutdown closes the streams spread over this many ms (`SSE_DRAIN_MS`, default 3 s). */
  drainMs: number;
  /** A client with more unsent bytes than this is disconnected (`SSE_MAX_BUFFERED_BYTES`, 1 MiB). */
  maxBufferedBytes: number;
  /** Streams per process; beyond, 503 (`SSE_MAX_CONNECTIONS`, default 20,000). */
  maxConnections: number;
  /** The log keeps events this long (`LIVE_RETENTION_DAYS`, default 7 days)… */
  retentionMs: number;
  /** …and at most this many per location (`LIVE_RETENTION_EVENTS`, default 100,000). */
  retentionEvents: number;
  /** How often the log is pruned (every 10 min). */
  pruneIntervalMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value * unit;
}

/** Reads {@link LiveOptions} from `env`, with CONTRACT's defaults. */
export function liveOptionsFromEnv(env: NodeJS.ProcessEnv): LiveOptions {
  return {
    heartbeatMs: positive(env, 'SSE_HEARTBEAT_MS', sseHeartbeatIntervalMs),
    drainMs: positive(env, 'SSE_DRAIN_MS', sseDrainMs),
    maxBufferedBytes: positive(env, 'SSE_MAX_BUFFERED_BYTES', sseMaxBufferedBytes),
    maxConnections: positive(env, 'SSE_MAX_CONNECTIONS', sseMaxConnections),
    retentionMs: positive(env, 'LIVE_RETENTION_DAYS', liveRetentionMs, 24 * 60 * 60_000),
    retentionEvents: positive(env, 'LIVE_RETENTION_EVENTS', liveRetentionEvents),
    pruneIntervalMs: livePruneIntervalMs,
  };
}
