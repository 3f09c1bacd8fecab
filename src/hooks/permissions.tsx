import { useObservableState } from 'observable-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { filter, firstValueFrom, type Observable } from 'rxjs';
import {
  canUseDesktop,
  canUseMobile,
  type PermissionState,
  permissionProviderMessage,
} from '../../streams/permissions';
import type { MobileMode } from '../../streams/session';

const PermissionContext = createContext<PermissionState | null>(null);

/** Loading until the first answer: every check is false meanwhile (SPEC 6). */
const initial: PermissionState = { loading: true, admin: false, grantAll: false, flags: {}, error: null };

/** Holds the signed-in user's permissions for the tree below. */
export function PermissionProvider({
  permissions$,
  children,
}: {
  permissions$: Observable<PermissionState>;
  children: ReactNode;
}) {
  const state = useObservableState(permissions$, initial);
  return <PermissionContext.Provider value={state}>{children}</PermissionContext.Provider>;
}

/** The permissions of the signed-in user; outside a PermissionProvider it throws SPEC 8's message. */
export function usePermission(): PermissionState {
  const state = useContext(PermissionContext);
  if (!state) throw new Error(permissionProviderMessage);
  return state;
}

/** The permissions once they have loaded for the user who just signed in. */
export const settledPermissions = (permissions$: Observable<PermissionState>) =>
  firstValueFrom(permissions$.pipe(filter((state) => !state.loading)));

/** Why this user may not work in `mode` (desktop or mobile client access of SPEC 6), or null. */
export function accessDenial(state: PermissionState, mode: MobileMode): string | null {
  if (state.error) return `Your access could not be checked: ${state.error}`;
  if (mode === 'desktop' && !canUseDesktop(state)) {
    return 'Desktop access denied. This account may only be used on a mobile device.';
  }
  if (mode === 'mobile' && !canUseMobile(state)) {
    return 'Mobile access denied. This account may only be used on a desktop computer.';
  }
  return null;
}
