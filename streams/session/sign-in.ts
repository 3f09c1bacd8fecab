import type { Observable } from 'rxjs';
import { type AccessDenial, accessDenial } from '../permissions/access-denial';
import type { PermissionState } from '../permissions/rules';
import { isAdmin } from '../permissions/rules';
import { settledPermissions } from '../permissions/settled-permissions';
import { afterLoginTarget } from './after-login-target';
import type { MobileMode, Preferences } from './preferences';
import { loginMessages, type Session } from './session';

/** What signing in needs: the session's commands and the signed-in user's permissions as they load. */
export interface SignInDeps {
  session: Pick<Session, 'login' | 'logout'> & { preferences: Pick<Preferences, 'setForcedMobileMode'> };
  permissions$: Observable<PermissionState>;
}

/** The login form's input, with where the page is (a phone or not) and its query (the redirect flag). */
export interface SignInInput {
  username: string;
  password: string;
  rememberMe: boolean;
  mobileDevice: boolean;
  search: string;
}

/**
 * Where a sign-in ended: the mode to choose first (forced mobile mode), the path to go on to, or
 * why not, signed out again (no access to the client) or never signed in (`message` SPEC 8's or
 * the server's sentence, `refusal` the API's refusal whose code the page may word itself).
 */
export type SignInOutcome =
  | { name: 'CHOOSE_MODE' }
  | { name: 'ENTER'; path: string }
  | { name: 'DENIED'; denial: AccessDenial }
  | { name: 'FAILED'; message: string; refusal: unknown };

/**
 * The access check of SPEC 6 for `mode` once the permissions have loaded: on to the redirect
 * target, or signed out again, since a session the client may not use must not stay behind.
 */
async function enter(deps: SignInDeps, mode: MobileMode, search: string): Promise<SignInOutcome> {
  const denial = accessDenial(await settledPermissions(deps.permissions$), mode);
  if (denial) {
    await deps.session.logout();
    return { name: 'DENIED', denial };
  }
  return { name: 'ENTER', path: afterLoginTarget(search) };
}

/**
 * Signs in (SPEC 5): a user with forced mobile mode (administrators excepted) chooses the mode
 * first; anyone else goes on in the device's own mode, through the access check. Never rejects:
 * a refused or failed sign-in is an outcome the page shows.
 */
export async function signIn(deps: SignInDeps, input: SignInInput): Promise<SignInOutcome> {
  try {
    const { username, password, rememberMe } = input;
    const user = await deps.session.login({ username: username.trim(), password, rememberMe });
    if (user.force_mobile_mode_enabled && !isAdmin(user)) return { name: 'CHOOSE_MODE' };
    return await enter(deps, input.mobileDevice ? 'mobile' : 'desktop', input.search);
  } catch (error) {
    return error instanceof Error
      ? { name: 'FAILED', message: error.message, refusal: error.cause }
      : { name: 'FAILED', message: loginMessages.failed, refusal: undefined };
  }
}

/** The forced-mobile-mode choice (SPEC 2/6): kept for the browser session, then the access check for it. */
export function chooseMode(deps: SignInDeps, mode: MobileMode, search: string): Promise<SignInOutcome> {
  deps.session.preferences.setForcedMobileMode(mode);
  return enter(deps, mode, search);
}
