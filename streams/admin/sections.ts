import { canAccessAdminTab, hasPermission, type PermissionState } from '../permissions/rules';

/** The sections of the admin area, in the order of its tabs. */
export const adminSections = ['users', 'permissions', 'locations', 'zones', 'catalogue', 'activity'] as const;

/** One section of the admin area. */
export type AdminSection = (typeof adminSections)[number];

const administrator = (state: PermissionState) => !state.loading && (state.admin || state.grantAll);

/**
 * Who sees each section: the flag the server asks of its calls (locations and the catalogue are
 * the administrator's, as POST /api/locations and PUT /api/catalog are).
 */
const sectionRules: Record<AdminSection, (state: PermissionState) => boolean> = {
  users: (state) => hasPermission(state, 'manage_users'),
  permissions: (state) => hasPermission(state, 'manage_permissions'),
  locations: administrator,
  zones: (state) => hasPermission(state, 'manage_storage_assignments'),
  catalogue: administrator,
  activity: (state) => hasPermission(state, 'view_analytics'),
};

/** The sections this user may open (none while permissions load, none under restrict_admin_tab). */
export function allowedAdminSections(state: PermissionState): AdminSection[] {
  if (!canAccessAdminTab(state)) return [];
  return adminSections.filter((section) => sectionRules[section](state));
}

/** Whether the navigation offers the admin area: not restricted, and at least one section to open. */
export const showsAdminEntry = (state: PermissionState): boolean => allowedAdminSections(state).length > 0;

/** The section a `?tab=` names, if this user may open it; else their first one (null: none). */
export function chosenSection(tab: string | null, allowed: readonly AdminSection[]): AdminSection | null {
  return allowed.find((section) => section === tab) ?? allowed[0] ?? null;
}
