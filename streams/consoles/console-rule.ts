import { canAccessConsole, canAccessModule, hasPermission, type PermissionState } from '../permissions/rules';

/** The three consoles of SPEC 1, each a module (SPEC 6 module access) and a console (console access). */
export const consoleNames = ['sorting', 'kleinpak', 'logistics'] as const;
export type ConsoleName = (typeof consoleNames)[number];

/** The consoles of the phone's operator area: the three and the storage map (`mobile.storage_map`). */
export const operatorConsoleNames = [...consoleNames, 'storage'] as const;
export type OperatorConsoleName = (typeof operatorConsoleNames)[number];

/** Why a console is closed to a user: no module access, or a console restriction. */
export type ConsoleRefusal = 'module' | 'restricted';

/**
 * Why this user may not open `name` (SPEC 6), on the desktop and on the phone alike: `module`
 * without module access (admin or `X_access`; for storage `view_storage_map`), `restricted`
 * without console access (admin_tab or no restrict_X_console, for storage
 * restrict_storage_console), or null when they may. While permissions load every check is false,
 * so the answer waits for them (the caller shows Loading).
 */
export function consoleRefusal(state: PermissionState, name: OperatorConsoleName): ConsoleRefusal | null {
  const module = name === 'storage' ? hasPermission(state, 'view_storage_map') : canAccessModule(state, name);
  if (!module) return 'module';
  if (!canAccessConsole(state, name)) return 'restricted';
  return null;
}

/** The consoles among `names` this user may open. */
export const openConsoles = <N extends OperatorConsoleName>(
  state: PermissionState,
  names: readonly N[],
): ReadonlySet<N> => new Set(names.filter((name) => consoleRefusal(state, name) === null));
