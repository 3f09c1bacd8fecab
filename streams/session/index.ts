/**
 * The session of SPEC 4: `createSession(deps)` gives `state$`, `user$`, `navigation$`, `api`,
 * `preferences` (location, last path, forced mobile mode of SPEC 3) and the commands `login`,
 * `logout`, `changePassword`. The login page's flow is `signIn` then, for forced mobile mode,
 * `chooseMode`. Tests build storages with `createMemoryStorage()`.
 */
export { afterLoginTarget } from './after-login-target';
export { failureBackoffMs, recoveryDelayMs } from './backoff';
export { loginNotice } from './login-notice';
export { missingCredentials } from './missing-credentials';
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
export {
  chooseMode,
  type SignInDeps,
  type SignInInput,
  type SignInOutcome,
  signIn,
} from './sign-in';
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
