import type { SseMessage } from '../live/types';

/**
 * The real-time connection's state (SPEC 4, reconciling its two descriptions) as a tagged union:
 * `attempt` counts the connect attempts since the last successful open (0 for the first),
 * `reason` says why, in SPEC 8's words.
 */
export type ConnectionState =
  | { name: 'DISCONNECTED'; attempt: number; reason: string | null }
  | { name: 'CONNECTING'; attempt: number; reason: null }
  | { name: 'CONNECTED'; attempt: 0; reason: null }
  | { name: 'ERROR'; attempt: number; reason: string }
  | { name: 'FAILED'; attempt: number; reason: string };

/** Connection qualities of SPEC 4, worst first. */
export const connectionQualities = ['unknown', 'poor', 'degraded', 'good', 'excellent'] as const;

/** Connection quality of SPEC 4. */
export type ConnectionQuality = (typeof connectionQualities)[number];

/** What the badge's hover detail tells of the connection (SPEC 2, 4). */
export interface ConnectionHealth {
  quality: ConnectionQuality;
  /** The latency the last timestamped message told, in ms; null until one did. */
  latencyMs: number | null;
  /** Stream errors since the last message: more than 5 make the quality poor. */
  errors: number;
}

/** The part of a MessageEvent the connection reads. */
export interface MessageEventLike {
  data?: unknown;
  lastEventId?: string;
}

/** The part of the browser's EventSource the connection uses (the `eventsource` package fits too). */
export interface EventSourceLike {
  /** 0 connecting, 1 open, 2 closed. */
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onerror: ((event: MessageEventLike) => void) | null;
  onmessage: ((event: MessageEventLike) => void) | null;
  addEventListener(type: string, listener: (event: MessageEventLike) => void): void;
  close(): void;
}

/** EventSource.CLOSED */
export const closedState = 2;

/** What one connect attempt reports, in order. */
export type Step =
  | { kind: 'state'; state: ConnectionState }
  | { kind: 'message'; message: SseMessage; locationId: string; at: number }
  | { kind: 'error' };

/** An attempt's last word: try again as attempt `attempt` after `delayMs`, or give up with `reason`. */
export type Retry = { kind: 'retry'; attempt: number; delayMs: number; reason: string };

/** SPEC 8's connection messages. */
export const connectionMessages = {
  noUser: 'Cannot connect: User authentication required',
  noLocation: 'Cannot connect: Please select a location',
  noLocationId: 'Cannot connect: Selected location is missing an ID',
  maintain: 'Failed to maintain connection',
  establish: 'Failed to establish connection',
  noToken: 'No authentication token available',
  scanning: 'Paused while scanning',
} as const;
