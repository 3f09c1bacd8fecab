import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../session/storage';
import { cannotConnect, usableToken } from './preconditions';

const jwt = (claims: object) =>
  `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
const storages = (local: Record<string, string> = {}, session: Record<string, string> = {}) => ({
  local: createMemoryStorage(local),
  session: createMemoryStorage(session),
});

describe('connection preconditions (SPEC 5, 8)', () => {
  it('needs a signed-in user, a selected location and its id, with SPEC 8 messages', () => {
    expect(cannotConnect({ user: null, location: { id: 'L' } })).toBe(
      'Cannot connect: User authentication required',
    );
    expect(cannotConnect({ user: { id: 'u' }, location: null })).toBe(
      'Cannot connect: Please select a location',
    );
    expect(cannotConnect({ user: { id: 'u' }, location: { id: '' } })).toBe(
      'Cannot connect: Selected location is missing an ID',
    );
    expect(cannotConnect({ user: { id: 'u' }, location: {} })).toBe(
      'Cannot connect: Selected location is missing an ID',
    );
    expect(cannotConnect({ user: { id: 'u' }, location: { id: 0 } })).toBeNull();
  });

  it('reads the token under token or authToken, from local or session storage', () => {
    const token = jwt({ exp: 2_000 });
    expect(usableToken(storages({ token }), 1_000)).toBe(token);
    expect(usableToken(storages({ authToken: token }), 1_000)).toBe(token);
    expect(usableToken(storages({}, { token }), 1_000)).toBe(token);
    expect(usableToken(storages({}, { authToken: token }), 1_000)).toBe(token);
    expect(usableToken(storages(), 1_000)).toBeNull();
  });

  it('refuses a token expired by its payload, and an unparseable one', () => {
    const token = jwt({ exp: 2_000 });
    expect(usableToken(storages({ token }), 1_999_999)).toBe(token);
    expect(usableToken(storages({ token }), 2_000_000)).toBeNull();
    expect(usableToken(storages({ token: jwt({ sub: 'u' }) }), 0)).not.toBeNull();
    expect(usableToken(storages({ token: 'garbage' }), 0)).toBeNull();
    expect(usableToken(storages({ token: 'a.%%%.c' }), 0)).toBeNull();
    expect(usableToken(storages({ token: `a.${btoa('null')}.c` }), 0)).toBeNull();
  });
});
