import { type ConsoleName, consoleNames } from '../../streams/consoles';
import type { Resources } from '../i18n/resources';
import { consolePaths } from '../routes/guards';

/** One entry of the shell's navigation: its path, its name (people read `shell:nav.<name>`), its initials. */
export type NavItem = { to: string; name: keyof Resources['shell']['nav']; short: string };

/**
 * Desktop and tablet navigation; the admin entry only for users with a section of the admin area
 * to open, and only the consoles the user may open.
 */
export function desktopNav(adminArea: boolean, consoles: ReadonlySet<ConsoleName> = new Set()): NavItem[] {
  return [
    { to: '/dashboard', name: 'dashboard', short: 'DB' },
    { to: '/dashboard/inventory', name: 'inventory', short: 'IN' },
    ...consoleNames
      .filter((name) => consoles.has(name))
      .map((name) => ({
        to: consolePaths[name],
        name,
        short: name.slice(0, 2).toUpperCase(),
      })),
    ...(adminArea ? [{ to: '/nimda', name: 'admin', short: 'AD' } as const] : []),
    { to: '/printer-config', name: 'printers', short: 'PR' },
  ];
}

/** Mobile bottom navigation. */
export const mobileNav: NavItem[] = [
  { to: '/mobile/operator', name: 'scan', short: 'SC' },
  { to: '/mobile/operator/storage', name: 'storage', short: 'ST' },
  { to: '/mobile/operator/orders', name: 'orders', short: 'OR' },
  { to: '/mobile/operator/account', name: 'account', short: 'AC' },
];
