import { describe, expect, it } from 'vitest';
import { missingCredentials } from './missing-credentials';

describe('missingCredentials (SPEC 5)', () => {
  it('wants a username other than spaces and a password', () => {
    expect(missingCredentials({ username: 'alice', password: 'secret' })).toBe(false);
    expect(missingCredentials({ username: '  ', password: 'secret' })).toBe(true);
    expect(missingCredentials({ username: 'alice', password: '' })).toBe(true);
    expect(missingCredentials({})).toBe(true);
  });
});
