/**
 * Permissions of SPEC 3/6: `createPermissions({ user$, api })` emits a `PermissionState`; the access
 * rules (`hasPermission`, `canUseDesktop`, …) are pure functions of it and are false while loading.
 * What each operation of the API needs is `./policy` (`apiPolicy`, `mayCall`), apart: only the
 * screens that act load it, not the sign-in screen.
 */
export { type AccessDenial, accessDenial } from './access-denial';
export {
  createPermissions,
  noPermissions,
  type PermissionDeps,
  permissionLoadFailedMessage,
  permissionProviderMessage,
} from './permissions';
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
