import { useObservable, useObservableState } from 'observable-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { type Observable, switchMap } from 'rxjs';
import { type OperatorConsoleName, operatorConsoleNames } from '../../streams/consoles/console-rule';
import { openConsolesOf } from '../../streams/consoles/open-consoles';
import {
  type AccessDenial,
  type PermissionState,
  permissionProviderMessage,
} from '../../streams/permissions';
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

/** What the login page says of an access denial, in the app's language. */
export function accessDenialText(denial: AccessDenial): string {
  const t = i18n.getFixedT(null, 'login', 'denied');
  switch (denial.name) {
    case 'NOT_CHECKED':
      return t('notChecked', { reason: specText(denial.reason) });
    case 'NO_DESKTOP_ACCESS':
      return t('desktop');
    case 'NO_MOBILE_ACCESS':
      return t('mobile');
  }
}
