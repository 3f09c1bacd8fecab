/**
 * Where to go after signing in: the login page's redirect flag (SPEC 2) if it is a path of this
 * site, else /dashboard; a flag pointing off the site or back to /login is ignored, so a crafted
 * link can neither send a fresh session elsewhere nor loop on the login page.
 */
export function afterLoginTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : '/dashboard';
}
