import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from './after-login-target';

describe('afterLoginTarget', () => {
  it('defaults to /dashboard', () => expect(afterLoginTarget('')).toBe('/dashboard'));
  it('returns to the redirect flag', () =>
    expect(afterLoginTarget('?redirect=%2Fnimda%3Ftab%3D1')).toBe('/nimda?tab=1'));
  it('refuses targets off the site or back to login', () => {
    expect(afterLoginTarget('?redirect=https://evil.example')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=//evil.example')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=/login')).toBe('/dashboard');
  });
});
