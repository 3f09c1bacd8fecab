import { BehaviorSubject, type Observable } from 'rxjs';
import { type SessionStorages, storageKeys } from './storage';

/** The forced-mobile-mode choice of SPEC 2/6, kept for this browser session. */
export type MobileMode = 'mobile' | 'desktop';

/** Location and navigation choices of SPEC 3 that outlive a sign-in. */
export interface Preferences {
  /** The chosen location id (local storage `locationId`), or null. */
  locationId$: Observable<string | null>;
  selectLocation(id: string | null): void;
  /** The last visited path (local storage `lastLocation`), or null. */
  lastLocation(): string | null;
  /** Saves the visited path, except /login and /change-password (SPEC 2). */
  saveLastLocation(path: string): void;
  /** The forced mobile mode chosen after login (session storage `forcedMobileMode`), or null. */
  forcedMobileMode$: Observable<MobileMode | null>;
  /** The forced mobile mode now, for a caller that reads it once. */
  forcedMobileMode(): MobileMode | null;
  setForcedMobileMode(mode: MobileMode | null): void;
}

const notSaved = ['/login', '/change-password'];

/** Preferences over the given storages. */
export function createPreferences(storage: SessionStorages): Preferences {
  const stored = storage.session.getItem(storageKeys.forcedMobileMode);
  const location = new BehaviorSubject(storage.local.getItem(storageKeys.locationId));
  const mode = new BehaviorSubject<MobileMode | null>(
    stored === 'mobile' || stored === 'desktop' ? stored : null,
  );
  const put = (target: typeof storage.local, key: string, value: string | null) =>
    value === null ? target.removeItem(key) : target.setItem(key, value);
  return {
    locationId$: location.asObservable(),
    selectLocation(id) {
      put(storage.local, storageKeys.locationId, id);
      location.next(id);
    },
    lastLocation: () => storage.local.getItem(storageKeys.lastLocation),
    saveLastLocation(path) {
      const bare = path.split(/[?#]/)[0];
      if (!notSaved.some((route) => bare === route || bare.startsWith(`${route}/`))) {
        storage.local.setItem(storageKeys.lastLocation, path);
      }
    },
    forcedMobileMode$: mode.asObservable(),
    forcedMobileMode: () => mode.value,
    setForcedMobileMode(value) {
      put(storage.session, storageKeys.forcedMobileMode, value);
      mode.next(value);
    },
  };
}
