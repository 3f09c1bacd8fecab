import { describe, expect, it } from 'vitest';
import { noPermissions } from './permissions';
import { apiPolicy, mayCall, meets } from './policy';
import type { PermissionFlags, PermissionState } from './rules';

const state = (flags: PermissionFlags, extra: Partial<PermissionState> = {}): PermissionState => ({
  ...noPermissions,
  flags,
  ...extra,
});

describe('meets', () => {
  const holds = (flag: string) => flag === 'manage_orders';
  it('lets any signed-in user call what anyone, a token in the query or a sign-in may', () => {
    expect(meets('anyone', () => false)).toBe(true);
    expect(meets('token-in-query', () => false)).toBe(true);
    expect(meets('signed-in', () => false)).toBe(true);
  });
  it('keeps what an administrator may call from everyone else', () => {
    expect(meets('admin', () => true)).toBe(false);
  });
  it('needs one of the flags, held', () => {
    expect(meets({ anyOf: ['manage_orders'] }, holds)).toBe(true);
    expect(meets({ anyOf: ['manage_pallets', 'manage_orders'] }, holds)).toBe(true);
    expect(meets({ anyOf: ['manage_pallets'] }, holds)).toBe(false);
  });
});

describe('mayCall', () => {
  it('follows the policy of the operation for a user with flags', () => {
    const orders = state({ manage_orders: true });
    expect(mayCall(orders, 'POST /api/orders/:id/ship')).toBe(true);
    expect(mayCall(orders, 'POST /api/storage/moves')).toBe(false);
    expect(mayCall(orders, 'PUT /api/catalog')).toBe(false);
    expect(mayCall(orders, 'GET /api/pallets')).toBe(true);
  });
  it('lets kleinpak process a pallet without manage_pallets (SPEC 6)', () => {
    expect(mayCall(state({ kleinpak_access: true }), 'POST /api/pallets/:id/process')).toBe(true);
    expect(mayCall(state({ kleinpak_access: true }), 'DELETE /api/pallets/:id')).toBe(false);
  });
  it('lets an administrator call every operation, and nobody while the permissions load', () => {
    for (const operation of Object.keys(apiPolicy) as (keyof typeof apiPolicy)[]) {
      expect(mayCall(state({}, { admin: true }), operation)).toBe(true);
      expect(mayCall(state({}, { admin: true, loading: true }), operation)).toBe(false);
    }
  });
  it('takes a restriction for no grant', () => {
    expect(mayCall(state({ restrict_storage_console: true }), 'POST /api/storage/positions')).toBe(false);
  });
});
