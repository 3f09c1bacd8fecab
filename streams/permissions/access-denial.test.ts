import { describe, expect, it } from 'vitest';
import { accessDenial } from './access-denial';
import { noPermissions } from './permissions';
import type { PermissionState } from './rules';

const state = (over: Partial<PermissionState>): PermissionState => ({ ...noPermissions, ...over });

describe('accessDenial (SPEC 6 client access)', () => {
  it('lets desktop users in on a desktop and refuses them on a phone', () => {
    const desk = state({ flags: { desktop_access: true } });
    expect(accessDenial(desk, 'desktop')).toBeNull();
    expect(accessDenial(desk, 'mobile')).toEqual({ name: 'NO_MOBILE_ACCESS' });
  });
  it('lets mobile users in on a phone and refuses them on a desktop', () => {
    const phone = state({ flags: { mobile_access: true } });
    expect(accessDenial(phone, 'mobile')).toBeNull();
    expect(accessDenial(phone, 'desktop')).toEqual({ name: 'NO_DESKTOP_ACCESS' });
  });
  it('honours restrictions', () => {
    expect(
      accessDenial(state({ flags: { desktop_access: true, restrict_desktop_access: true } }), 'desktop'),
    ).toEqual({ name: 'NO_DESKTOP_ACCESS' });
    expect(
      accessDenial(state({ flags: { mobile_access: true, restrict_mobile_access: true } }), 'mobile'),
    ).toEqual({ name: 'NO_MOBILE_ACCESS' });
  });
  it('always lets administrators in', () => {
    expect(accessDenial(state({ admin: true }), 'desktop')).toBeNull();
    expect(accessDenial(state({ admin: true }), 'mobile')).toBeNull();
  });
  it('refuses with the reason when the permissions could not be loaded, an administrator too', () => {
    expect(accessDenial(state({ error: 'Failed to load permissions' }), 'desktop')).toEqual({
      name: 'NOT_CHECKED',
      reason: 'Failed to load permissions',
    });
    expect(accessDenial(state({ admin: true, error: 'Failed to load permissions' }), 'mobile')).toMatchObject(
      {
        name: 'NOT_CHECKED',
      },
    );
  });
});
