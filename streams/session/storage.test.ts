import { describe, expect, it } from 'vitest';
import { createPreferences } from './preferences';
import {
  clearExpired,
  createMemoryStorage,
  expiryFor,
  persistenceOf,
  readAuth,
  saveAuth,
  storageKeys,
  storedSettings,
  updateAuth,
} from './storage';
import { alice } from './test-kit';

const storages = () => ({ local: createMemoryStorage(), session: createMemoryStorage() });

describe('stored auth (SPEC 3)', () => {
  it('names the stored keys of SPEC 3', () => {
    expect(Object.values(storageKeys)).toEqual([
      'token',
      'refreshToken',
      'userData',
      'rememberMe',
      'persistentSession',
      'sessionExpiry',
      'skipTokenValidation',
      'autoRefreshTokens',
      'sessionState',
      'locationId',
      'lastLocation',
      'forcedMobileMode',
    ]);
  });

  it('reads back what was saved at each persistence level', () => {
    for (const level of ['session_only', 'remember_me', 'persistent'] as const) {
      const storage = storages();
      saveAuth(storage, { token: 't', refreshToken: 'r', user: alice }, level, expiryFor(level, 100));
      expect(readAuth(storage)).toEqual({ token: 't', refreshToken: 'r', user: alice });
      expect(persistenceOf(storage)).toBe(level);
    }
    expect(expiryFor('persistent', 100)).toBe(100 + 31_536_000_000);
    expect(expiryFor('remember_me', 100)).toBeNull();
  });

  it('keeps the level, expiry and refresh token across a refresh', () => {
    const storage = storages();
    saveAuth(storage, { token: 't', refreshToken: 'r', user: alice }, 'persistent', 500);
    updateAuth(storage, { token: 't2', refreshToken: null, user: alice });
    expect(storage.local.dump()).toMatchObject({
      token: 't2',
      refreshToken: 'r',
      sessionExpiry: '500',
      persistentSession: 'true',
    });
  });

  it('clears only entries whose expiry has passed', () => {
    const storage = storages();
    saveAuth(storage, { token: 't', refreshToken: null, user: alice }, 'persistent', 1_000);
    expect(clearExpired(storage, 999)).toBe(false);
    expect(clearExpired(storage, 1_000)).toBe(true);
    expect(storage.local.dump()).toEqual({});
    expect(clearExpired(storage, 2_000)).toBe(false);
  });

  it('reads per-user settings: validation skipped only when true, refresh on unless false', () => {
    const storage = storages();
    expect(storedSettings(storage)).toEqual({ skipTokenValidation: false, autoRefreshTokens: true });
    storage.local.setItem('skipTokenValidation', 'true');
    storage.local.setItem('autoRefreshTokens', 'false');
    expect(storedSettings(storage)).toEqual({ skipTokenValidation: true, autoRefreshTokens: false });
  });
});

describe('preferences', () => {
  it('remembers the location in local storage and emits it', () => {
    const storage = storages();
    storage.local.setItem('locationId', 'L0');
    const preferences = createPreferences(storage);
    const seen: Array<string | null> = [];
    preferences.locationId$.subscribe((id) => seen.push(id));
    preferences.selectLocation('L1');
    preferences.selectLocation(null);
    expect(seen).toEqual(['L0', 'L1', null]);
    expect(storage.local.getItem('locationId')).toBeNull();
  });

  it('saves the last path except /login and /change-password', () => {
    const storage = storages();
    const preferences = createPreferences(storage);
    preferences.saveLastLocation('/dashboard/inventory?x=1');
    preferences.saveLastLocation('/login?expired=1');
    preferences.saveLastLocation('/change-password');
    expect(preferences.lastLocation()).toBe('/dashboard/inventory?x=1');
    preferences.saveLastLocation('/login-help');
    expect(preferences.lastLocation()).toBe('/login-help');
  });

  it('keeps the forced mobile mode for the browser session', () => {
    const storage = storages();
    storage.session.setItem('forcedMobileMode', 'desktop');
    const preferences = createPreferences(storage);
    const seen: unknown[] = [];
    preferences.forcedMobileMode$.subscribe((mode) => seen.push(mode));
    preferences.setForcedMobileMode('mobile');
    expect(storage.session.getItem('forcedMobileMode')).toBe('mobile');
    expect(seen).toEqual(['desktop', 'mobile']);
    expect(preferences.forcedMobileMode()).toBe('mobile');
    storage.session.setItem('forcedMobileMode', 'bogus');
    let read: unknown;
    createPreferences(storage).forcedMobileMode$.subscribe((mode) => {
      read = mode;
    });
    expect(read).toBeNull();
  });
});
