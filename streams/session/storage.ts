import { persistentSessionExpiryMs } from '../config';
import type { Locale } from '../i18n/locales';

/** The slice of the Web Storage API the session uses; `window.localStorage` fits. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Local storage (kept across browser sessions) and session storage (this tab only). */
export interface SessionStorages {
  local: StorageLike;
  session: StorageLike;
}

/** Stored keys of SPEC 3. */
export const storageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  userData: 'userData',
  rememberMe: 'rememberMe',
  persistentSession: 'persistentSession',
  sessionExpiry: 'sessionExpiry',
  skipTokenValidation: 'skipTokenValidation',
  autoRefreshTokens: 'autoRefreshTokens',
  sessionState: 'sessionState',
  locationId: 'locationId',
  lastLocation: 'lastLocation',
  forcedMobileMode: 'forcedMobileMode',
} as const;

/** Not SPEC 3's: the refresh token the stored one replaced, kept beside it for the other tabs (see `saveAuth`). */
export const replacedRefreshTokenKey = 'replacedRefreshToken';

/** session_only: this tab's session storage; remember_me: local storage; persistent: local storage for 1 year. */
export type PersistenceLevel = 'session_only' | 'remember_me' | 'persistent';

/** The user object of SPEC 3 and CONTRACT (snake_case flags as the server sends them). */
export interface User {
  id: string;
  username: string;
  admin?: boolean | number | string;
  first_login?: boolean;
  desktop_access?: boolean;
  mobile_access?: boolean;
  permissions?: Record<string, boolean> | null;
  force_mobile_mode_enabled?: boolean;
  /** The user's own language; null (or absent, from a server before it) when not chosen. */
  locale?: Locale | null;
  skipTokenValidation?: boolean;
  autoRefreshTokens?: boolean;
  [field: string]: unknown;
}

/** Tokens and user as stored after a login or refresh. */
export interface StoredAuth {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
}

/** A Map-backed `StorageLike`, for tests and for browsers that refuse storage. */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): StorageLike & { dump(): Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  };
}

const authKeys = [
  storageKeys.token,
  storageKeys.refreshToken,
  storageKeys.userData,
  storageKeys.rememberMe,
  storageKeys.persistentSession,
  storageKeys.sessionExpiry,
  storageKeys.skipTokenValidation,
  storageKeys.autoRefreshTokens,
  replacedRefreshTokenKey,
];

/** A value from local storage, else from session storage. */
export const readItem = (storage: SessionStorages, key: string): string | null =>
  storage.local.getItem(key) ?? storage.session.getItem(key);

/** Whether `value` is a user object with both id and username (SPEC 4 start rule). */
export function isCompleteUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const { id, username } = value as { id?: unknown; username?: unknown };
  return typeof id === 'string' && id !== '' && typeof username === 'string' && username !== '';
}

/** Removes every auth entry (tokens, user, persistence flags) from both storages; location choices stay. */
export function clearAuth(storage: SessionStorages): void {
  for (const key of authKeys) {
    storage.local.removeItem(key);
    storage.session.removeItem(key);
  }
}

/**
 * The stored auth, read as SPEC 4's start rule says: user data that is missing, malformed or lacks
 * id/username clears all stored auth.
 */
export function readAuth(storage: SessionStorages): StoredAuth {
  const token = readItem(storage, storageKeys.token);
  const refreshToken = readItem(storage, storageKeys.refreshToken);
  const raw = readItem(storage, storageKeys.userData);
  let user: unknown = null;
  try {
    user = raw === null ? null : JSON.parse(raw);
  } catch {
    user = null;
  }
  if (!isCompleteUser(user)) {
    if (token !== null || refreshToken !== null || raw !== null) clearAuth(storage);
    return { token: null, refreshToken: null, user: null };
  }
  return { token, refreshToken, user };
}

/** Where auth lives for a persistence level: session storage for session_only, local storage otherwise. */
const targetOf = (storage: SessionStorages, level: PersistenceLevel): StorageLike =>
  level === 'session_only' ? storage.session : storage.local;

/** The persistence level the stored auth was saved with. */
export function persistenceOf(storage: SessionStorages): PersistenceLevel {
  if (storage.local.getItem(storageKeys.persistentSession) === 'true') return 'persistent';
  return storage.local.getItem(storageKeys.token) !== null ? 'remember_me' : 'session_only';
}

/** The sessionExpiry of a login made now at `level`: a year for persistent sessions, none otherwise. */
export const expiryFor = (level: PersistenceLevel, now: number): number | null =>
  level === 'persistent' ? now + persistentSessionExpiryMs : null;

/**
 * Stores tokens and user at a persistence level, replacing what was stored. A null `refreshToken`
 * keeps the stored one. The user's skipTokenValidation / autoRefreshTokens settings go beside it.
 * `replaces` is the refresh token this one replaced, kept with it (while it is the stored one) so
 * that the tab, reloaded, can still tell the other tabs which session succeeds theirs.
 */
export function saveAuth(
  storage: SessionStorages,
  auth: StoredAuth,
  level: PersistenceLevel,
  expiresAt: number | null,
  replaces?: string,
): void {
  const previousRefresh = readItem(storage, storageKeys.refreshToken);
  const previousReplaces = readItem(storage, replacedRefreshTokenKey);
  clearAuth(storage);
  const target = targetOf(storage, level);
  const put = (key: string, value: string | null) => value !== null && target.setItem(key, value);
  const refreshToken = auth.refreshToken ?? previousRefresh;
  put(storageKeys.token, auth.token);
  put(storageKeys.refreshToken, refreshToken);
  put(replacedRefreshTokenKey, replaces ?? (refreshToken === previousRefresh ? previousReplaces : null));
  put(storageKeys.userData, auth.user && JSON.stringify(auth.user));
  put(storageKeys.rememberMe, String(level !== 'session_only'));
  if (level === 'persistent') put(storageKeys.persistentSession, 'true');
  put(storageKeys.sessionExpiry, expiresAt === null ? null : String(expiresAt));
  put(storageKeys.skipTokenValidation, String(auth.user?.skipTokenValidation === true));
  put(storageKeys.autoRefreshTokens, String(auth.user?.autoRefreshTokens !== false));
}

/**
 * Replaces tokens and user after a refresh (of the refresh token `replaces`, when it was one),
 * keeping the persistence level and expiry of the login.
 */
export function updateAuth(storage: SessionStorages, auth: StoredAuth, replaces?: string): void {
  const expiry = readItem(storage, storageKeys.sessionExpiry);
  saveAuth(storage, auth, persistenceOf(storage), expiry === null ? null : Number(expiry), replaces);
}

/** Clears stored auth whose sessionExpiry has passed; true when something was cleared. */
export function clearExpired(storage: SessionStorages, now: number): boolean {
  const expiry = Number(readItem(storage, storageKeys.sessionExpiry) ?? Number.NaN);
  if (!(expiry <= now)) return false;
  clearAuth(storage);
  return true;
}

/** Per-user settings of SPEC 6 as stored: validation skipped only when true, refresh on unless false. */
export const storedSettings = (storage: SessionStorages) => ({
  skipTokenValidation: readItem(storage, storageKeys.skipTokenValidation) === 'true',
  autoRefreshTokens: readItem(storage, storageKeys.autoRefreshTokens) !== 'false',
});
