import { describe, expect, it } from 'vitest';
import { loginNotice } from './login-notice';
import { loginMessages } from './session';

describe('loginNotice (SPEC 2)', () => {
  it('says nothing on a plain visit', () => {
    expect(loginNotice('', null)).toBeNull();
    expect(loginNotice('?redirect=%2Fnimda', 'No authentication')).toBeNull();
  });
  it('says the session expired for expired=1 only', () => {
    expect(loginNotice('?expired=1&redirect=%2Fdashboard', null)).toBe(loginMessages.expired);
    expect(loginNotice('?expired=0', null)).toBeNull();
  });
  it('reports a redirect loop by its flag or by the session’s verdict', () => {
    expect(loginNotice('?loop', null)).toBe(loginMessages.loop);
    expect(loginNotice('', loginMessages.loop)).toBe(loginMessages.loop);
  });
  it('puts the expired session before the loop', () => {
    expect(loginNotice('?expired=1&loop=1', loginMessages.loop)).toBe(loginMessages.expired);
  });
});
