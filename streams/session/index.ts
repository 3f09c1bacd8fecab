/**
 * The session of SPEC 4: `createSession(deps)` gives `state$`, `user$`, `navigation$`, `api`,
 * `preferences` (location, last path, forced mobile mode of SPEC 3) and the commands `login`,
 * `logout`, `changePassword`. Tests build storages with `createMemoryStorage()`.
 */
export { failureBackoffMs, recoveryDelayMs } from './backoff';
export { createPreferences, type MobileMode, type Preferences } from './preferences';
export { type Recovered, RecoveryError, recoveryMessages } from './recovery';
export { decideRedirect, noRedirects, type RedirectDecision, type RedirectHistory } from './redirect-guard';
export {
  type Credentials,
  createSession,
  type LoginInput,
  loginMessages,
  type Session,
  type SessionDeps,
} from './session';
export type { Breaker, Health, SessionState } from './state';
export {
  createMemoryStorage,
  type PersistenceLevel,
  readAuth,
  type SessionStorages,
  type StorageLike,
  storageKeys,
  type User,
} from './storage';
export { refreshLockName, type TabMessage, type Tabs } from './tabs';
