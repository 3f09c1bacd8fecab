import type { User } from '../session/storage';

/** The permission flags of SPEC 3. */
export const permissionFlags = [
  'desktop_access',
  'mobile_access',
  'restrict_desktop_access',
  'restrict_mobile_access',
  'admin_tab',
  'kleinpak_console',
  'logistics_console',
  'sorting_console',
  'kleinpak_access',
  'logistics_access',
  'sorting_access',
  'manage_users',
  'manage_permissions',
  'view_analytics',
  'manage_orders',
  'manage_pallets',
  'view_storage_map',
  'manage_storage_assignments',
] as const;

/** A flag of SPEC 3, or a restriction flag such as restrict_sorting_console. */
export type PermissionFlag = (typeof permissionFlags)[number] | `restrict_${string}`;

/** Flags by name; a missing flag is false. */
export type PermissionFlags = Partial<Record<PermissionFlag, boolean>>;

/** The permissions of the signed-in user as the app sees them. */
export interface PermissionState {
  /** On while permissions or restrictions are fetched; every check is false meanwhile. */
  loading: boolean;
  admin: boolean;
  /** Development mode: every check passes (off in production builds). */
  grantAll: boolean;
  flags: PermissionFlags;
  /** The load failure message, or null. */
  error: string | null;
}

/** The three modules with their own *_access flag. */
export type Module = 'sorting' | 'logistics' | 'kleinpak';

const modules: readonly string[] = ['sorting', 'logistics', 'kleinpak'];

/** Administrator: admin is true, 1 or "1" (SPEC 6). */
export const isAdmin = (user: Pick<User, 'admin'> | null | undefined): boolean =>
  user?.admin === true || user?.admin === 1 || user?.admin === '1';

/** The full set an administrator without a permissions object receives: every grant, no restriction. */
export const adminDefaultFlags: PermissionFlags = Object.fromEntries(
  permissionFlags.filter((flag) => !flag.startsWith('restrict_')).map((flag) => [flag, true]),
);

/** SPEC 3's restriction-key mapping: mobile.X_console → restrict_X_console, mobile.storage_map → restrict_storage_console. */
export function restrictionFlag(key: string): PermissionFlag {
  if (key === 'mobile.storage_map') return 'restrict_storage_console';
  const consoleKey = /^mobile\.(.+_console)$/.exec(key);
  if (consoleKey) return `restrict_${consoleKey[1]}`;
  return key.startsWith('restrict_') ? (key as PermissionFlag) : `restrict_${key}`;
}

/** Each `{name}` of the permissions endpoint becomes a true flag. */
export const flagsFromList = (items: ReadonlyArray<{ name: string }>): PermissionFlags =>
  Object.fromEntries(items.map((item) => [item.name, true]));

/** Restriction items (a list, or an object with a data list) as true restrict_* flags. */
export function restrictionFlags(answer: unknown): PermissionFlags {
  const list = Array.isArray(answer) ? answer : ((answer as { data?: unknown } | null)?.data ?? []);
  if (!Array.isArray(list)) return {};
  return Object.fromEntries(
    list
      .filter((item): item is { restriction_key: string } => typeof item?.restriction_key === 'string')
      .map((item) => [restrictionFlag(item.restriction_key), true]),
  );
}

/** Whether `rule` allows the user: administrators and development mode always, nobody while loading. */
export const allowed = (state: PermissionState, rule: (flags: PermissionFlags) => boolean): boolean =>
  !state.loading && (state.admin || state.grantAll || rule(state.flags));

/**
 * Whether a user record (as the server keeps it: a list of flags) holds `flag`: an administrator
 * always. The server decides by it; the screens by {@link hasPermission} on their loaded state.
 */
export const userHolds = (
  user: { admin: boolean; permissions: readonly string[] },
  flag: PermissionFlag,
): boolean => user.admin || user.permissions.includes(flag);

/** Whether the user holds `flag` (admin: always; loading: never). */
export const hasPermission = (state: PermissionState, flag: PermissionFlag): boolean =>
  allowed(state, (flags) => flags[flag] === true);

/** Desktop client: desktop_access and no restrict_desktop_access; administrators always. */
export const canUseDesktop = (state: PermissionState): boolean =>
  allowed(state, (flags) => flags.desktop_access === true && flags.restrict_desktop_access !== true);

/** Mobile client: mobile_access and no restrict_mobile_access; administrators always. */
export const canUseMobile = (state: PermissionState): boolean =>
  allowed(state, (flags) => flags.mobile_access === true && flags.restrict_mobile_access !== true);

/** Module access: the matching *_access flag for sorting/logistics/kleinpak; other modules only without any module access. */
export const canAccessModule = (state: PermissionState, module: string): boolean =>
  allowed(state, (flags) =>
    modules.includes(module)
      ? flags[`${module as Module}_access`] === true
      : !modules.some((name) => flags[`${name as Module}_access`] === true),
  );

/** Console access: admin_tab, or no restrict_X_console flag. */
export const canAccessConsole = (state: PermissionState, consoleName: string): boolean =>
  allowed(state, (flags) => flags.admin_tab === true || flags[`restrict_${consoleName}_console`] !== true);

/** Admin area: allowed unless restrict_admin_tab applies. */
export const canAccessAdminTab = (state: PermissionState): boolean =>
  allowed(state, (flags) => flags.restrict_admin_tab !== true);
