/**
 * Permissions of SPEC 3/6: `createPermissions({ user$, api })` emits a `PermissionState`; the access
 * rules (`hasPermission`, `canUseDesktop`, …) are pure functions of it and are false while loading;
 * `apiPolicy` says what each operation of the API needs, and `mayCall` whether the user may call it.
 */
export { type AccessDenial, accessDenial } from './access-denial';
export {
  createPermissions,
  noPermissions,
  type PermissionDeps,
  permissionLoadFailedMessage,
  permissionProviderMessage,
} from './permissions';
export { type ApiOperation, apiPolicy, mayCall, meets, type Need } from './policy';
export {
  adminDefaultFlags,
  canAccessAdminTab,
  canAccessConsole,
  canAccessModule,
  canUseDesktop,
  canUseMobile,
  hasPermission,
  isAdmin,
  type Module,
  type PermissionFlag,
  type PermissionFlags,
  type PermissionState,
  permissionFlags,
  restrictionFlag,
} from './rules';
export { settledPermissions } from './settled-permissions';
