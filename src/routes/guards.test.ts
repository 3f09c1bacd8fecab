import { describe, expect, it } from 'vitest';
import { guard, type RouteContext, resolveRoute } from './guards';

const out: RouteContext = {
  signedIn: false,
  firstLogin: false,
  mobileDevice: false,
  mobileAccess: false,
  adminArea: true,
  consoles: new Set(['sorting', 'kleinpak', 'logistics']),
  lastPath: null,
};
const desk: RouteContext = { ...out, signedIn: true };
const first: RouteContext = { ...desk, firstLogin: true };
const phone: RouteContext = { ...desk, mobileDevice: true, mobileAccess: true };
const phoneNoAccess: RouteContext = { ...desk, mobileDevice: true, mobileAccess: false };
const firstPhone: RouteContext = { ...phone, firstLogin: true };
const login = (path: string) => ({ redirect: `/login?redirect=${encodeURIComponent(path)}` });

// SPEC 2's route table, one row per route, each visitor kind.
describe.each<[string, [string, RouteContext, ReturnType<typeof guard>][]]>([
  [
    '/login',
    [
      ['signed out', out, { screen: 'login' }],
      ['signed in', desk, { screen: 'login' }],
      ['on a phone', { ...phone, signedIn: false }, { screen: 'login' }],
    ],
  ],
  [
    '/change-password',
    [
      ['signed out', out, login('/change-password')],
      ['signed in', desk, { screen: 'change-password' }],
      ['first login', first, { screen: 'change-password' }],
    ],
  ],
  [
    '/dashboard',
    [
      ['signed out', out, login('/dashboard')],
      ['first login', first, { redirect: '/change-password' }],
      ['first login on a phone', firstPhone, { redirect: '/change-password' }],
      ['mobile device', phone, { redirect: '/mobile/operator' }],
      ['desktop', desk, { screen: 'dashboard' }],
    ],
  ],
  [
    '/dashboard/inventory',
    [
      ['signed out', out, login('/dashboard/inventory')],
      ['first login', first, { redirect: '/change-password' }],
      ['mobile device', phone, { redirect: '/mobile/operator' }],
      ['desktop', desk, { screen: 'inventory' }],
    ],
  ],
  [
    '/mobile/operator/standard-pallet/p1',
    [
      ['signed out', out, login('/mobile/operator/standard-pallet/p1')],
      ['first login', firstPhone, { redirect: '/change-password' }],
      ['phone with mobile_access', phone, { screen: 'mobile-operator' }],
      ['phone without mobile_access', phoneNoAccess, { redirect: '/dashboard' }],
      ['desktop with mobile_access', { ...desk, mobileAccess: true }, { redirect: '/dashboard' }],
    ],
  ],
  [
    '/printer-config',
    [
      ['signed out', out, login('/printer-config')],
      ['mobile device', phone, { redirect: '/dashboard' }],
      ['desktop', desk, { screen: 'printer-config' }],
      ['first login (no first-login row)', first, { screen: 'printer-config' }],
    ],
  ],
  [
    '/nimda',
    [
      ['signed out', out, login('/nimda')],
      ['first login', first, { redirect: '/change-password' }],
      ['mobile device', phone, { redirect: '/dashboard' }],
      ['desktop', desk, { screen: 'admin' }],
      ['desktop under restrict_admin_tab', { ...desk, adminArea: false }, { screen: 'admin-denied' }],
    ],
  ],
  ...(['sorting', 'kleinpak', 'logistics'] as const).map(
    (name): [string, [string, RouteContext, ReturnType<typeof guard>][]] => [
      `/${name}`,
      [
        ['signed out', out, login(`/${name}`)],
        ['first login', first, { redirect: '/change-password' }],
        ['mobile device', phone, { redirect: '/dashboard' }],
        ['desktop with access', desk, { screen: name }],
        ['desktop without access', { ...desk, consoles: new Set() }, { screen: 'console-denied' }],
      ],
    ],
  ),
  [
    '/admin-refresh',
    [
      ['signed out', out, login('/admin-refresh')],
      ['signed in', desk, { screen: 'admin-refresh' }],
      ['on a phone', phone, { screen: 'admin-refresh' }],
    ],
  ],
  [
    '/admin',
    [
      ['signed out', out, { redirect: '/admin-refresh' }],
      ['signed in', desk, { redirect: '/admin-refresh' }],
    ],
  ],
  [
    '/',
    [
      ['signed out', out, { redirect: '/login' }],
      ['signed in, nothing saved', desk, { redirect: '/dashboard' }],
      [
        'signed in, a saved path',
        { ...desk, lastPath: '/nimda?tab=users' },
        { redirect: '/nimda?tab=users' },
      ],
    ],
  ],
])('route %s', (path, rows) => {
  it.each(rows)('%s', (_, ctx, expected) => expect(guard(path, ctx)).toEqual(expected));
});

describe('guard', () => {
  it('covers /mobile/operator itself and every path under it', () => {
    expect(guard('/mobile/operator', phone)).toEqual({ screen: 'mobile-operator' });
    expect(guard('/mobile/operator/storage', phone)).toEqual({ screen: 'mobile-operator' });
    expect(guard('/mobile/operatorx', phone)).toEqual({ redirect: '/' });
  });
  it('keeps the query string in the redirect flag', () => {
    expect(guard('/dashboard?tab=orders', out)).toEqual(login('/dashboard?tab=orders'));
  });
  it('sends unknown paths to /', () => expect(guard('/nowhere', desk)).toEqual({ redirect: '/' }));
  it('ignores a trailing slash', () => expect(guard('/dashboard/', desk)).toEqual({ screen: 'dashboard' }));
});

describe('resolveRoute', () => {
  it('follows redirects to the final screen', () => {
    expect(resolveRoute('/', phone)).toEqual({ path: '/mobile/operator', screen: 'mobile-operator' });
    expect(resolveRoute('/admin', out)).toEqual({
      path: '/login?redirect=%2Fadmin-refresh',
      screen: 'login',
    });
    expect(resolveRoute('/', first)).toEqual({ path: '/change-password', screen: 'change-password' });
  });
  it('ends a redirect cycle on access-denied', () => {
    expect(resolveRoute('/dashboard', phoneNoAccess).screen).toBe('access-denied');
  });
});
