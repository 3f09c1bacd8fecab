import { describe, expect, it } from 'vitest';
import { noPermissions } from './permissions';
import {
  adminDefaultFlags,
  canAccessAdminTab,
  canAccessConsole,
  canAccessModule,
  canUseDesktop,
  canUseMobile,
  flagsFromList,
  hasPermission,
  isAdmin,
  type PermissionFlags,
  type PermissionState,
  permissionFlags,
  restrictionFlag,
  restrictionFlags,
  userHolds,
} from './rules';

const state = (flags: PermissionFlags, extra: Partial<PermissionState> = {}): PermissionState => ({
  ...noPermissions,
  flags,
  ...extra,
});
const admin = state({}, { admin: true });
const loading = (extra: Partial<PermissionState>) => state(adminDefaultFlags, { loading: true, ...extra });

describe('admin detection', () => {
  it('treats true, 1 and "1" as administrator, nothing else', () => {
    expect([true, 1, '1'].map((value) => isAdmin({ admin: value }))).toEqual([true, true, true]);
    expect([false, 0, '0', 'true', undefined].map((value) => isAdmin({ admin: value }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isAdmin(null)).toBe(false);
  });

  it('gives administrators every grant and no restriction by default', () => {
    expect(Object.keys(adminDefaultFlags)).toEqual(
      permissionFlags.filter((flag) => !flag.startsWith('restrict_')),
    );
    expect(Object.values(adminDefaultFlags).every((value) => value === true)).toBe(true);
  });
});

describe('restriction keys (SPEC 3)', () => {
  it.each([
    ['mobile.sorting_console', 'restrict_sorting_console'],
    ['mobile.kleinpak_console', 'restrict_kleinpak_console'],
    ['mobile.storage_map', 'restrict_storage_console'],
    ['restrict_admin_tab', 'restrict_admin_tab'],
    ['admin_tab', 'restrict_admin_tab'],
    ['mobile.other', 'restrict_mobile.other'],
  ])('%s becomes %s', (key, flag) => {
    expect(restrictionFlag(key)).toBe(flag);
  });

  it('reads a list, or an object with a data list, of restriction items', () => {
    const items = [
      { restriction_key: 'mobile.logistics_console' },
      { restriction_key: 'desktop_access' },
      { bogus: 1 },
    ];
    const expected = { restrict_logistics_console: true, restrict_desktop_access: true };
    expect(restrictionFlags(items)).toEqual(expected);
    expect(restrictionFlags({ data: items })).toEqual(expected);
    expect(restrictionFlags({ data: 'x' })).toEqual({});
    expect(restrictionFlags(null)).toEqual({});
  });

  it('turns each permission name into a true flag', () => {
    expect(flagsFromList([{ name: 'manage_orders' }, { name: 'view_analytics' }])).toEqual({
      manage_orders: true,
      view_analytics: true,
    });
  });
});

describe('access rules (SPEC 6)', () => {
  it('desktop needs desktop_access without restrict_desktop_access; defaults false', () => {
    expect(canUseDesktop(state({ desktop_access: true }))).toBe(true);
    expect(canUseDesktop(state({ desktop_access: true, restrict_desktop_access: true }))).toBe(false);
    expect(canUseDesktop(state({}))).toBe(false);
    expect(canUseDesktop(state({ restrict_desktop_access: true }, { admin: true }))).toBe(true);
  });

  it('mobile needs mobile_access without restrict_mobile_access; defaults false', () => {
    expect(canUseMobile(state({ mobile_access: true }))).toBe(true);
    expect(canUseMobile(state({ mobile_access: true, restrict_mobile_access: true }))).toBe(false);
    expect(canUseMobile(state({}))).toBe(false);
    expect(canUseMobile(admin)).toBe(true);
  });

  it('modules need their *_access flag; other modules only without any module access', () => {
    expect(canAccessModule(state({ sorting_access: true }), 'sorting')).toBe(true);
    expect(canAccessModule(state({ sorting_access: true }), 'logistics')).toBe(false);
    expect(canAccessModule(state({}), 'kleinpak')).toBe(false);
    expect(canAccessModule(state({}), 'reports')).toBe(true);
    expect(canAccessModule(state({ kleinpak_access: true }), 'reports')).toBe(false);
    expect(canAccessModule(admin, 'reports')).toBe(true);
    expect(canAccessModule(admin, 'logistics')).toBe(true);
  });

  it('consoles are open unless restricted, and always with admin_tab', () => {
    expect(canAccessConsole(state({}), 'sorting')).toBe(true);
    expect(canAccessConsole(state({ restrict_sorting_console: true }), 'sorting')).toBe(false);
    expect(canAccessConsole(state({ restrict_sorting_console: true }), 'logistics')).toBe(true);
    expect(canAccessConsole(state({ restrict_sorting_console: true, admin_tab: true }), 'sorting')).toBe(
      true,
    );
    expect(canAccessConsole(state({ restrict_storage_console: true }), 'storage')).toBe(false);
  });

  it('the admin area is open unless restrict_admin_tab applies', () => {
    expect(canAccessAdminTab(state({}))).toBe(true);
    expect(canAccessAdminTab(state({ restrict_admin_tab: true }))).toBe(false);
  });

  it('a permission check is its flag; administrators and development mode pass everything', () => {
    expect(hasPermission(state({ manage_orders: true }), 'manage_orders')).toBe(true);
    expect(hasPermission(state({ manage_orders: false }), 'manage_orders')).toBe(false);
    expect(hasPermission(admin, 'manage_users')).toBe(true);
    expect(hasPermission(state({}, { grantAll: true }), 'manage_users')).toBe(true);
  });

  it('every check is false while loading, even for administrators', () => {
    for (const pending of [loading({}), loading({ admin: true }), loading({ grantAll: true })]) {
      expect([
        hasPermission(pending, 'manage_orders'),
        canUseDesktop(pending),
        canUseMobile(pending),
        canAccessModule(pending, 'sorting'),
        canAccessConsole(pending, 'sorting'),
        canAccessAdminTab(pending),
      ]).toEqual([false, false, false, false, false, false]);
    }
  });
});

describe('userHolds (a user record, as the server decides)', () => {
  it('holds a flag in the list, and every flag for an administrator', () => {
    expect(userHolds({ admin: false, permissions: ['manage_orders'] }, 'manage_orders')).toBe(true);
    expect(userHolds({ admin: false, permissions: ['manage_orders'] }, 'manage_pallets')).toBe(false);
    expect(userHolds({ admin: true, permissions: [] }, 'manage_pallets')).toBe(true);
  });
});
