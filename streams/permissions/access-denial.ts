import type { MobileMode } from '../session/preferences';
import { canUseDesktop, canUseMobile, type PermissionState } from './rules';

/** Why a user who just signed in may not work in the chosen client (SPEC 6), for the login page to say. */
export type AccessDenial =
  /** The permissions did not load: without them no access can be granted, so the page says why. */
  { name: 'NOT_CHECKED'; reason: string } | { name: 'NO_DESKTOP_ACCESS' } | { name: 'NO_MOBILE_ACCESS' };

/** Why this user may not work in `mode` (desktop or mobile client access of SPEC 6), or null when they may. */
export function accessDenial(state: PermissionState, mode: MobileMode): AccessDenial | null {
  if (state.error) return { name: 'NOT_CHECKED', reason: state.error };
  if (mode === 'desktop' && !canUseDesktop(state)) return { name: 'NO_DESKTOP_ACCESS' };
  if (mode === 'mobile' && !canUseMobile(state)) return { name: 'NO_MOBILE_ACCESS' };
  return null;
}
