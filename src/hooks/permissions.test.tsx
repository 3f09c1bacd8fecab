import { cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { noPermissions, type PermissionState, permissionProviderMessage } from '../../streams/permissions';
import { accessDenialText, PermissionProvider, usePermission } from './permissions';

afterEach(cleanup);

const state = (over: Partial<PermissionState>): PermissionState => ({ ...noPermissions, ...over });

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

describe('accessDenialText', () => {
  it('words each denial of the login page', () => {
    expect(accessDenialText({ name: 'NO_MOBILE_ACCESS' })).toMatch(/^Mobile access denied/);
    expect(accessDenialText({ name: 'NO_DESKTOP_ACCESS' })).toMatch(/^Desktop access denied/);
    expect(accessDenialText({ name: 'NOT_CHECKED', reason: 'Failed to load permissions' })).toBe(
      'Your access could not be checked: Failed to load permissions',
    );
  });
});
