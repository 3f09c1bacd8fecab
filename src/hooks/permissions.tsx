import { useObservable, useObservableState } from 'observable-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { filter, firstValueFrom, type Observable, switchMap } from 'rxjs';
import { type OperatorConsoleName, operatorConsoleNames } from '../../streams/consoles/console-rule';
import { openConsolesOf } from '../../streams/consoles/open-consoles';
import {
  canUseDesktop,
  canUseMobile,
  type PermissionState,
  permissionProviderMessage,
} from '../../streams/permissions';
import type { MobileMode } from '../../streams/session';
import { i18n } from '../i18n/i18n';
import { specText } from '../shell/api-error';

const PermissionContext = createContext<PermissionState | null>(null);
const noConsoles: ReadonlySet<OperatorConsoleName> = new Set();
const ConsolesContext = createContext(noConsoles);

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
  const consoles$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([source$]) => source$.pipe(openConsolesOf(operatorConsoleNames)))),
    [permissions$],
  );
  const consoles = useObservableState(consoles$, noConsoles);
  return (
    <PermissionContext.Provider value={state}>
      <ConsolesContext.Provider value={consoles}>{children}</ConsolesContext.Provider>
    </PermissionContext.Provider>
  );
}

/** The consoles (desktop and the phone's operator area) the signed-in user may open, by SPEC 6's rules. */
export const useOpenConsoles = (): ReadonlySet<OperatorConsoleName> => useContext(ConsolesContext);

/** The permissions of the signed-in user; outside a PermissionProvider it throws SPEC 8's message. */
export function usePermission(): PermissionState {
  const state = useContext(PermissionContext);
  if (!state) throw new Error(permissionProviderMessage);
  return state;
}

/** The permissions once they have loaded for the user who just signed in. */
export const settledPermissions = (permissions$: Observable<PermissionState>) =>
  firstValueFrom(permissions$.pipe(filter((state) => !state.loading)));

/** Why this user may not work in `mode` (desktop or mobile client access of SPEC 6), in the app's language, or null. */
export function accessDenial(state: PermissionState, mode: MobileMode): string | null {
  const t = i18n.getFixedT(null, 'login', 'denied');
  if (state.error) return t('notChecked', { reason: specText(state.error) });
  if (mode === 'desktop' && !canUseDesktop(state)) return t('desktop');
  if (mode === 'mobile' && !canUseMobile(state)) return t('mobile');
  return null;
}
