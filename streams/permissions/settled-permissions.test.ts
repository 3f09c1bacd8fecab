import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { noPermissions } from './permissions';
import type { PermissionState } from './rules';
import { settledPermissions } from './settled-permissions';

const state = (over: Partial<PermissionState>): PermissionState => ({ ...noPermissions, ...over });

describe('settledPermissions', () => {
  it('waits past the loading state', async () => {
    const permissions$ = new BehaviorSubject(state({ loading: true }));
    const settled = settledPermissions(permissions$);
    permissions$.next(state({ flags: { desktop_access: true } }));
    expect((await settled).flags).toEqual({ desktop_access: true });
  });
  it('answers at once with permissions already loaded', async () => {
    const permissions$ = new BehaviorSubject(state({ flags: { mobile_access: true } }));
    expect((await settledPermissions(permissions$)).flags).toEqual({ mobile_access: true });
  });
});
