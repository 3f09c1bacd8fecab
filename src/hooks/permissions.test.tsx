import { cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { type PermissionState, permissionProviderMessage } from '../../streams/permissions';
import { accessDenial, PermissionProvider, settledPermissions, usePermission } from './permissions';

afterEach(cleanup);

const state = (over: Partial<PermissionState>): PermissionState => ({
  loading: false,
  admin: false,
  grantAll: false,
  flags: {},
  error: null,
  ...over,
});

function Probe() {
  const p = usePermission();
  return <p>{p.loading ? 'loading' : JSON.stringify(p.flags)}</p>;
}

describe('PermissionProvider and usePermission', () => {
  it('throws SPEC 8 message outside the provider', () => {
    expect(() => render(<Probe />)).toThrow(permissionProviderMessage);
  });

  it('reads loading until the first state, then the flags', () => {
    const permissions$ = new BehaviorSubject(state({ loading: true }));
    const { rerender } = render(
      <PermissionProvider permissions$={permissions$}>
        <Probe />
      </PermissionProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    permissions$.next(state({ flags: { mobile_access: true } }));
    rerender(
      <PermissionProvider permissions$={permissions$}>
        <Probe />
      </PermissionProvider>,
    );
    expect(screen.getByText('{"mobile_access":true}')).toBeTruthy();
  });
});

describe('settledPermissions', () => {
  it('waits past the loading state', async () => {
    const permissions$ = new BehaviorSubject(state({ loading: true }));
    const settled = settledPermissions(permissions$);
    permissions$.next(state({ flags: { desktop_access: true } }));
    expect((await settled).flags).toEqual({ desktop_access: true });
  });
});

describe('accessDenial', () => {
  it('lets desktop users in on a desktop and refuses them on a phone', () => {
    const desk = state({ flags: { desktop_access: true } });
    expect(accessDenial(desk, 'desktop')).toBeNull();
    expect(accessDenial(desk, 'mobile')).toMatch(/^Mobile access denied/);
  });
  it('lets mobile users in on a phone and refuses them on a desktop', () => {
    const phone = state({ flags: { mobile_access: true } });
    expect(accessDenial(phone, 'mobile')).toBeNull();
    expect(accessDenial(phone, 'desktop')).toMatch(/^Desktop access denied/);
  });
  it('honours restrictions', () => {
    expect(
      accessDenial(state({ flags: { desktop_access: true, restrict_desktop_access: true } }), 'desktop'),
    ).toMatch(/^Desktop access denied/);
  });
  it('always lets administrators in', () => {
    expect(accessDenial(state({ admin: true }), 'desktop')).toBeNull();
    expect(accessDenial(state({ admin: true }), 'mobile')).toBeNull();
  });
  it('refuses when the permissions could not be loaded', () => {
    expect(accessDenial(state({ error: 'Failed to load permissions' }), 'desktop')).toBe(
      'Your access could not be checked: Failed to load permissions',
    );
  });
});
