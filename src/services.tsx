import { createContext, type ReactNode, useContext } from 'react';
import type { Observable } from 'rxjs';
import { createPermissions, type PermissionState } from '../streams/permissions';
import type { Session, User } from '../streams/session';
import { createLocations, type Locations } from './hooks/locations';
import type { BadgeConnection } from './ui/connection-badge';
import type { Viewport } from './ui/layout/viewport';
import { createToastStore, type ToastStore } from './ui/toast-store';

/** The app's long-lived streams, made once in main.tsx (or by a test) and shared through context. */
export type Services = {
  session: Session;
  /** The signed-in user's permissions (SPEC 6). */
  permissions$: Observable<PermissionState>;
  /** The signed-in user (session.user$: kept through refreshing and offline). */
  user$: Observable<User | null>;
  locations: Locations;
  toasts: ToastStore;
  viewport$: Observable<Viewport>;
  userAgent: string;
  /** The real-time connection of the chosen location, as the badge reads it. */
  connection$: Observable<BadgeConnection>;
  /** Tells the streams which path the router shows (the connection stays off on /login). */
  showPath: (path: string) => void;
  /** Pull-to-refresh: fetch the screen's data again. */
  refresh: () => Promise<unknown>;
};

type Environment = Pick<Services, 'viewport$' | 'userAgent' | 'showPath' | 'refresh'> & {
  /** The real-time connection's state for the signed-in user. */
  connection: (user$: Observable<User | null>) => Observable<BadgeConnection>;
};

/** The app's services over a session and the environment it runs in (a browser, or a test's fakes). */
export function createServices(session: Session, { connection, ...environment }: Environment): Services {
  const { user$ } = session;
  return {
    ...environment,
    session,
    user$,
    permissions$: createPermissions({ user$, api: session.api }),
    locations: createLocations(user$, session.api),
    toasts: createToastStore(),
    connection$: connection(user$),
  };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services of the nearest provider. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used within a ServicesProvider');
  return services;
}
