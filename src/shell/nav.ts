import { consoleNames, type OperatorConsoleName, operatorConsoleNames } from '../../streams/consoles';
import type { Resources } from '../i18n/resources';
import { consolePaths } from '../routes/guards';

/**
 * One entry of the shell's navigation: its path and its name (people read `shell:nav.<name>`
 * beside the icon of that name, the icon alone in a collapsed sidebar).
 */
export type NavItem = { to: string; name: keyof Resources['shell']['nav'] };

/**
 * Desktop and tablet navigation; the admin entry only for users with a section of the admin area
 * to open, and only the consoles the user may open.
 */
export function desktopNav(
  adminArea: boolean,
  consoles: ReadonlySet<OperatorConsoleName> = new Set(),
): NavItem[] {
  return [
    { to: '/dashboard', name: 'dashboard' },
    { to: '/dashboard/inventory', name: 'inventory' },
    ...consoleNames
      .filter((name) => consoles.has(name))
      .map((name) => ({
        to: consolePaths[name],
        name,
      })),
    ...(adminArea ? [{ to: '/nimda', name: 'admin' } as const] : []),
    { to: '/printer-config', name: 'printers' },
  ];
}

/**
 * Mobile bottom navigation: Scan, the operator area's consoles the user may open, Orders (unless
 * Logistics, the orders' console, is among them: a phone's bar has room for six) and Account.
 */
export function mobileNav(consoles: ReadonlySet<OperatorConsoleName> = new Set()): NavItem[] {
  return [
    { to: '/mobile/operator', name: 'scan' },
    ...operatorConsoleNames
      .filter((name) => consoles.has(name))
      .map((name) => ({ to: `/mobile/operator/${name}`, name })),
    ...(consoles.has('logistics') ? [] : [{ to: '/mobile/operator/orders', name: 'orders' } as const]),
    { to: '/mobile/operator/account', name: 'account' },
  ];
}
