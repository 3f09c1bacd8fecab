/**
 * The real-time connection of SPEC 4: one SSE stream per selected location, with its state
 * (DISCONNECTED, CONNECTING, CONNECTED, ERROR, FAILED), quality and messages.
 */
export { type Connection, type ConnectionDeps, createConnection } from './connection';
export { connectionQuality } from './quality';
export {
  type ConnectionHealth,
  type ConnectionQuality,
  type ConnectionState,
  connectionMessages,
  connectionQualities,
  type EventSourceLike,
  type MessageEventLike,
} from './types';
