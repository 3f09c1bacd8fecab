import { readItem, type SessionStorages } from '../session/storage';
import { connectionMessages } from './types';

/** The signed-in user and chosen location, as far as the connection needs them. */
export interface ConnectionTarget {
  user: { id?: unknown } | null;
  location: { id?: string | number | null; name?: string } | null;
}

/** Why the connection cannot start for this user and location (SPEC 5, 8), or null when it can. */
export function cannotConnect({ user, location }: ConnectionTarget): string | null {
  if (!user) return connectionMessages.noUser;
  if (!location) return connectionMessages.noLocation;
  if (location.id === undefined || location.id === null || location.id === '')
    return connectionMessages.noLocationId;
  return null;
}

/** The `exp` claim (seconds) of a JWT, null when it has none; throws when the token does not parse. */
function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const claims = JSON.parse(json) as { exp?: unknown };
  if (!claims || typeof claims !== 'object') throw new Error('no claims');
  return typeof claims.exp === 'number' ? claims.exp : null;
}

/**
 * The stored token under `token` or `authToken`, in local or session storage (SPEC 7), when it exists
 * and has not expired by its payload; an unparseable token counts as invalid (SPEC 5): null then.
 */
export function usableToken(storage: SessionStorages, now: number): string | null {
  const token = readItem(storage, 'token') ?? readItem(storage, 'authToken');
  if (!token) return null;
  try {
    const exp = expiryOf(token);
    return exp === null || exp * 1_000 > now ? token : null;
  } catch {
    return null;
  }
}
