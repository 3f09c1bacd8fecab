import { describe, expect, it } from 'vitest';
import type { PermissionState } from '../permissions/rules';
import {
  activityFilterErrors,
  allowedAdminSections,
  catalogueValueError,
  chosenSection,
  mayChangeFlag,
  mayChangeRestrictions,
  restrictionChoices,
  showsAdminEntry,
  userErrors,
  zoneErrors,
} from '.';

const state = (flags: PermissionState['flags'], admin = false): PermissionState => ({
  loading: false,
  admin,
  grantAll: false,
  flags,
  error: null,
});

describe('admin sections', () => {
  it('follow the flags the server asks: users, permissions, zones, activity; locations and catalogue for admins', () => {
    expect(allowedAdminSections(state({ manage_users: true, view_analytics: true }))).toEqual([
      'users',
      'activity',
    ]);
    expect(allowedAdminSections(state({}, true))).toEqual([
      'users',
      'permissions',
      'locations',
      'zones',
      'catalogue',
      'activity',
    ]);
    expect(allowedAdminSections(state({ desktop_access: true }))).toEqual([]);
  });

  it('are none under restrict_admin_tab (even for manage_users) and none while loading', () => {
    expect(allowedAdminSections(state({ manage_users: true, restrict_admin_tab: true }))).toEqual([]);
    expect(showsAdminEntry(state({ manage_users: true, restrict_admin_tab: true }))).toBe(false);
    expect(showsAdminEntry({ ...state({ manage_users: true }), loading: true })).toBe(false);
    expect(showsAdminEntry(state({ manage_users: true }))).toBe(true);
  });

  it('open the tab the address names only when allowed, else the first', () => {
    expect(chosenSection('activity', ['users', 'activity'])).toBe('activity');
    expect(chosenSection('catalogue', ['users', 'activity'])).toBe('users');
    expect(chosenSection(null, [])).toBeNull();
  });
});

describe('restriction choices', () => {
  it('map SPEC 3 keys to their flags and keep keys the screen does not know', () => {
    const choices = restrictionChoices(['custom_thing']);
    expect(choices.map((c) => c.flag)).toEqual([
      'restrict_admin_tab',
      'restrict_kleinpak_console',
      'restrict_logistics_console',
      'restrict_sorting_console',
      'restrict_storage_console',
      'restrict_custom_thing',
    ]);
  });
});

describe('user form rules', () => {
  const ok = { username: 'anna.b', password: 'temporary1', admin: false, locationIds: ['l1'] };
  it('takes a good new user', () => expect(userErrors(ok, true)).toEqual({}));
  it('asks a new user for an 8-character password, an edit only when one is typed', () => {
    expect(userErrors({ ...ok, password: 'short' }, true).password).toEqual({
      code: 'passwordShort',
      params: { minimum: 8 },
    });
    expect(userErrors({ ...ok, password: '' }, false)).toEqual({});
  });
  it('refuses odd usernames and a user without a location unless admin', () => {
    expect(userErrors({ ...ok, username: 'anna b' }, true).username).toEqual({ code: 'usernameCharacters' });
    expect(userErrors({ ...ok, username: ' ' }, true).username).toEqual({ code: 'usernameBlank' });
    expect(userErrors({ ...ok, locationIds: [] }, true).locationIds).toEqual({ code: 'locationNeeded' });
    expect(userErrors({ ...ok, admin: true, locationIds: [] }, true)).toEqual({});
  });
});

describe('zone, catalogue and activity rules', () => {
  it('take 1 to 200 rows and 1 to 500 pallets per row, whole numbers only', () => {
    const zone = { name: 'Cold store A', rows: '1', rowCapacity: '500' };
    expect(zoneErrors(zone)).toEqual({});
    expect(zoneErrors({ ...zone, rows: '200' })).toEqual({});
    expect(Object.keys(zoneErrors({ ...zone, rows: '201', rowCapacity: '501' }))).toEqual([
      'rows',
      'rowCapacity',
    ]);
    expect(Object.keys(zoneErrors({ ...zone, rows: '0', rowCapacity: '1.5' }))).toEqual([
      'rows',
      'rowCapacity',
    ]);
    expect(zoneErrors({ ...zone, name: ' ' }).name).toEqual({ code: 'zoneNameBlank' });
  });

  it('refuse a blank, over-long or repeated catalogue value, whatever its case', () => {
    expect(catalogueValueError('Plum', ['Round'])).toBeNull();
    expect(catalogueValueError('round ', ['Round'])).toEqual({
      code: 'valueListed',
      params: { value: 'round' },
    });
    expect(catalogueValueError('x'.repeat(65), [])).toEqual({ code: 'tooLong', params: { maximum: 64 } });
    expect(catalogueValueError('  ', [])).toEqual({ code: 'valueBlank' });
  });

  it('take whole ids and a range that does not end before it starts', () => {
    const blank = { startDate: '', endDate: '', palletId: '', orderId: '' };
    expect(activityFilterErrors(blank)).toEqual({});
    expect(activityFilterErrors({ ...blank, palletId: '0193a1b2-0000-7000-8000-00000000abcd' })).toEqual({});
    expect(Object.keys(activityFilterErrors({ ...blank, palletId: 'abcd1234', orderId: 'x' }))).toEqual([
      'palletId',
      'orderId',
    ]);
    expect(activityFilterErrors({ ...blank, startDate: '2026-11-02', endDate: '2026-11-02' })).toEqual({});
    expect(
      activityFilterErrors({ ...blank, startDate: '2026-11-02', endDate: '2026-11-01' }).endDate,
    ).toBeDefined();
  });
});

describe('what a manager may change of a user', () => {
  const manager = state({ manage_permissions: true, manage_orders: true });
  it('gives only flags they hold, takes any away, and never changes their own', () => {
    expect(mayChangeFlag(manager, 'me', 'ann', 'manage_orders', false)).toBe(true);
    expect(mayChangeFlag(manager, 'me', 'ann', 'manage_users', false)).toBe(false);
    expect(mayChangeFlag(manager, 'me', 'ann', 'manage_users', true)).toBe(true);
    expect(mayChangeFlag(manager, 'me', 'me', 'manage_orders', false)).toBe(false);
    expect(mayChangeFlag(manager, 'me', null, 'manage_orders', false)).toBe(true);
    expect(mayChangeRestrictions(manager, 'me', 'me')).toBe(false);
    expect(mayChangeRestrictions(manager, 'me', 'ann')).toBe(true);
  });
  it('lets an administrator change anything, their own included', () => {
    const admin = state({}, true);
    expect(mayChangeFlag(admin, 'me', 'me', 'manage_users', false)).toBe(true);
    expect(mayChangeRestrictions(admin, 'me', 'me')).toBe(true);
  });
});
