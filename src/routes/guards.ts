/**
 * The route table of SPEC 2 as pure functions: which screen a path shows, or where it sends the
 * user instead. The React side only renders the answer.
 */

import type { ConsoleName, OperatorConsoleName } from '../../streams/consoles';

export type ScreenName =
  | 'login'
  | 'change-password'
  | 'dashboard'
  | 'inventory'
  | 'mobile-operator'
  | 'printer-config'
  | 'admin'
  | 'admin-refresh'
  | 'admin-denied'
  | 'sorting'
  | 'kleinpak'
  | 'logistics'
  | 'console-denied'
  | 'access-denied';

/** What the guards need to know about the visitor. */
export type RouteContext = {
  signedIn: boolean;
  firstLogin: boolean;
  /** Mobile by user agent or 768 px, or as chosen in forced mobile mode. */
  mobileDevice: boolean;
  /** Mobile client access by SPEC 6 (mobile_access without restriction, or admin). */
  mobileAccess: boolean;
  /** The admin area of SPEC 6: allowed unless restrict_admin_tab applies. */
  adminArea: boolean;
  /** The consoles this user may open (SPEC 6 module and console access). */
  consoles: ReadonlySet<OperatorConsoleName>;
  /** The last saved path, if any. */
  lastPath: string | null;
};

/** Each console's desktop route. */
export const consolePaths: Record<ConsoleName, string> = {
  sorting: '/sorting',
  kleinpak: '/kleinpak',
  logistics: '/logistics',
};

export type Resolution = { screen: ScreenName } | { redirect: string };

const toLogin = (path: string): Resolution => ({ redirect: `/login?redirect=${encodeURIComponent(path)}` });

/** One row of the table: the screen for `path` (pathname plus search), or one redirect. */
export function guard(path: string, ctx: RouteContext): Resolution {
  const pathname = path.split('?')[0].replace(/\/+$/, '') || '/';
  const signIn = !ctx.signedIn ? toLogin(path) : null;
  const firstLogin = ctx.firstLogin ? { redirect: '/change-password' } : null;
  const desktopOnly = ctx.mobileDevice ? { redirect: '/dashboard' } : null;

  switch (pathname) {
    case '/login':
      return { screen: 'login' };
    case '/change-password':
      return signIn ?? { screen: 'change-password' };
    case '/dashboard':
    case '/dashboard/inventory':
      return (
        signIn ??
        firstLogin ??
        (ctx.mobileDevice ? { redirect: '/mobile/operator' } : null) ?? {
          screen: pathname === '/dashboard' ? 'dashboard' : 'inventory',
        }
      );
    case '/printer-config':
      return signIn ?? desktopOnly ?? { screen: 'printer-config' };
    case '/nimda':
      return signIn ?? firstLogin ?? desktopOnly ?? { screen: ctx.adminArea ? 'admin' : 'admin-denied' };
    case consolePaths.sorting:
    case consolePaths.kleinpak:
    case consolePaths.logistics: {
      const name = pathname.slice(1) as ConsoleName;
      return (
        signIn ?? firstLogin ?? desktopOnly ?? { screen: ctx.consoles.has(name) ? name : 'console-denied' }
      );
    }
    case '/admin-refresh':
      return signIn ?? { screen: 'admin-refresh' };
    case '/admin':
      return { redirect: '/admin-refresh' };
    case '/':
      return ctx.signedIn ? { redirect: ctx.lastPath ?? '/dashboard' } : { redirect: '/login' };
  }
  if (pathname === '/mobile/operator' || pathname.startsWith('/mobile/operator/')) {
    return (
      signIn ??
      firstLogin ??
      (ctx.mobileDevice && ctx.mobileAccess ? { screen: 'mobile-operator' } : { redirect: '/dashboard' })
    );
  }
  return { redirect: '/' };
}

const maxHops = 8;

/**
 * Follows the table's redirects to the final path and screen. A redirect cycle (a phone whose
 * user lacks mobile access bounces between /dashboard and /mobile/operator) ends on
 * access-denied instead of looping.
 */
export function resolveRoute(path: string, ctx: RouteContext): { path: string; screen: ScreenName } {
  const seen = new Set<string>();
  let current = path;
  for (let hop = 0; hop < maxHops; hop++) {
    const step = guard(current, ctx);
    if ('screen' in step) return { path: current, screen: step.screen };
    if (seen.has(step.redirect)) break;
    seen.add(current);
    current = step.redirect;
  }
  return { path: current, screen: 'access-denied' };
}
