import { type ConsoleName, consoleNames, consoleTitles } from '../../streams/consoles';
import { consolePaths } from '../routes/guards';

/** One entry of the shell's navigation. */
export type NavItem = { to: string; label: string; short: string };

/**
 * Desktop and tablet navigation; the admin entry only for users with a section of the admin area
 * to open, and only the consoles the user may open.
 */
export function desktopNav(adminArea: boolean, consoles: ReadonlySet<ConsoleName> = new Set()): NavItem[] {
  return [
    { to: '/dashboard', label: 'Dashboard', short: 'DB' },
    { to: '/dashboard/inventory', label: 'Inventory', short: 'IN' },
    ...consoleNames
      .filter((name) => consoles.has(name))
      .map((name) => ({
        to: consolePaths[name],
        label: consoleTitles[name],
        short: name.slice(0, 2).toUpperCase(),
      })),
    ...(adminArea ? [{ to: '/nimda', label: 'Admin', short: 'AD' }] : []),
    { to: '/printer-config', label: 'Printers', short: 'PR' },
  ];
}

/** Mobile bottom navigation. */
export const mobileNav: NavItem[] = [
  { to: '/mobile/operator', label: 'Scan', short: 'SC' },
  { to: '/mobile/operator/storage', label: 'Storage', short: 'ST' },
  { to: '/mobile/operator/orders', label: 'Orders', short: 'OR' },
  { to: '/mobile/operator/account', label: 'Account', short: 'AC' },
];
