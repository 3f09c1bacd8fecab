import { useSubscription } from 'observable-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import {
  BehaviorSubject,
  distinctUntilChanged,
  map,
  type Observable,
  of,
  type SchedulerLike,
  shareReplay,
  switchMap,
} from 'rxjs';
import { type Analytics, createAnalytics, createUserNames } from '../streams/analytics';
import type { ConnectionHealth } from '../streams/connection/types';
import { createSortingChoices, type SortingChoices } from '../streams/consoles';
import { createDateSettings, type DateSettingsStore } from '../streams/dates';
import { createLocale, type LocaleStore } from '../streams/i18n';
import type { KeptSnapshots, LiveStore } from '../streams/live';
import type { SseMessage } from '../streams/live/types';
import type { QueueStorage } from '../streams/offline';
import { createPermissions, type PermissionState } from '../streams/permissions';
import type { ScaleFeedDeps } from '../streams/scales';
import type { Session, StorageLike, User } from '../streams/session';
import { createLocations, type Locations } from './hooks/locations';
import { offlineNoise } from './shell/api-error';
import type { BadgeConnection } from './ui/connection-badge';
import type { Viewport } from './ui/layout/viewport';
import { createProcessingStore, type ProcessingStore } from './ui/processing-store';
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
  /** Work under way: behind the full-screen overlay, or shown in the corner (SPEC 2). */
  processing: ProcessingStore;
  viewport$: Observable<Viewport>;
  userAgent: string;
  /** `navigator.maxTouchPoints` (with the user agent, tells a phone or tablet; absent: none). */
  maxTouchPoints?: number;
  /** The real-time connection of the chosen location, as the badge reads it. */
  connection$: Observable<BadgeConnection>;
  /** Its quality, last latency and errors in a row, for the badge's detail; null while unknown. */
  connectionHealth$: Observable<ConnectionHealth | null>;
  /** The live store of the chosen location (SPEC 4 "Live updates"), null before one is chosen. */
  live$: Observable<LiveStore | null>;
  /** Analytics events and reads (SPEC 5, 7), behind their breaker and endpoint fallback. */
  analytics: Analytics;
  /** The day and week the dashboards look at (SPEC 3 date settings), checked every 15 min for a new day. */
  dates: DateSettingsStore;
  /** A user's name by id, each fetched once (SPEC 7); null for one whose record cannot be read. */
  userName: (id: string) => Observable<string | null>;
  /** Tells the streams which path the router shows (the connection stays off on /login). */
  showPath: (path: string) => void;
  /** Pull-to-refresh: loads the chosen location's data again. */
  refresh: () => Promise<unknown>;
  /** SPEC 4 scanning mode: live streams suspended while the camera scans, restored after. */
  setScanningMode: (on: boolean) => void;
  /** The sorting console's last choice of pallet attributes per location. */
  sortingChoices: SortingChoices;
  /** The language the app speaks, and the command that chooses it. */
  locale: LocaleStore;
  /** The page around the app (its `<html lang>`), absent in tests that render without one. */
  page?: Page;
  /** Whether the browser is online: now, then at each change (src/deps.ts reads the browser's). */
  online$: Observable<boolean>;
  /** How a console hears a network scale (src/deps.ts opens the browser's EventSource). */
  scaleFeed: ScaleFeedDeps;
  /** The browser's dialogs, buzzer, camera and downloads (src/deps.ts makes it of the browser's). */
  device: Device;
  /** The clock and timers of the screens (the browser's; a test's virtual time). */
  scheduler: SchedulerLike;
  /** Where the screens' choices outlive a reload (the browser's local storage). */
  storage: StorageLike;
  /** Where the phone keeps its offline queue (IndexedDB, surviving a reload). */
  queueStorage: QueueStorage;
};

/** The browser's effects a screen calls, behind one object so that tests stand in for them. */
export interface Device {
  /** Opens the print dialog for the page. */
  print(): void;
  /** Calls `done` once a print dialog closes; answers the function that stops waiting. */
  afterPrint(done: () => void): () => void;
  /** Asks a yes-or-no question in the browser's own dialog. */
  confirm(question: string): boolean;
  /** Buzzes the phone, where it can. */
  vibrate(pattern: number | number[]): void;
  /** The camera's picture (`getUserMedia`). */
  openCamera(constraints: MediaStreamConstraints): Promise<MediaStream>;
  /** Saves `file` as `name` (the browser's download). */
  download(file: Blob, name: string): void;
  /** Resolves once the browser has painted what is on the page now. */
  painted(): Promise<void>;
}

/** The page around the app, as the language binding uses it (src/deps.ts makes it of the browser's). */
export interface Page {
  /** Shows the test-only pseudo-language instead of the chosen one. */
  pseudo: boolean;
  /** Sets `<html lang>`. */
  setLanguage(tag: string): void;
}

/** The real-time connection as the services read it: its state for the badge, its messages for the store. */
export interface ServicesConnection {
  state$: Observable<BadgeConnection>;
  messagesOf: (locationId: string) => Observable<SseMessage>;
  /** Absent in tests without a real connection. */
  health$?: Observable<ConnectionHealth>;
  /** Absent in tests without a real connection. */
  setScanningMode?: (on: boolean) => void;
}

type Environment = Pick<
  Services,
  | 'viewport$'
  | 'userAgent'
  | 'maxTouchPoints'
  | 'showPath'
  | 'page'
  | 'scaleFeed'
  | 'device'
  | 'scheduler'
  | 'storage'
  | 'queueStorage'
> & {
  /** The browser's languages, best first (`navigator.languages`; absent: English). */
  languages?: readonly string[];
  /** Where a phone keeps each location's last known data (absent: not kept). */
  kept?: KeptSnapshots;
  /** The real-time connection for the signed-in user. */
  connection: (user$: Observable<User | null>) => ServicesConnection;
  /** Randomness for the snapshot's retry jitter. */
  random: () => number;
  /** Whether the browser is online, now and at each change (absent: always). */
  online?: { online$: Observable<boolean>; isOnline: () => boolean };
};

type LiveCode = typeof import('./hooks/live-store') & typeof import('./offline/queue');
const liveCode$ = new BehaviorSubject<LiveCode | null>(null);

/**
 * Loads the live data's code (the store and its pipeline, the offline queue), its own chunk, which
 * the sign-in screen has no use for: the frame of the signed-in screens loads it with its own, so
 * the store is there, read at once, before any screen reads it. Until then there is no store (null).
 */
export function loadLiveCode(): Promise<LiveCode> {
  return Promise.all([import('./hooks/live-store'), import('./offline/queue')]).then(([store, queue]) => {
    if (!liveCode$.value) liveCode$.next({ ...store, ...queue });
    return liveCode$.value as LiveCode;
  });
}

/** The app's services over a session and the environment it runs in (a browser, or a test's fakes). */
export function createServices(
  session: Session,
  {
    connection: connect,
    random,
    kept,
    languages = [],
    online = { online$: of(true), isOnline: () => true },
    ...environment
  }: Environment,
): Services {
  const { user$ } = session;
  const { storage } = environment;
  // Until a first-login user has chosen their password the server answers only the session's
  // own calls, so what the user works with (locations, live data) waits for it.
  const working$ = user$.pipe(
    map((user) => (user?.first_login ? null : user)),
    distinctUntilChanged(),
  );
  const connection = connect(working$);
  const live$ = working$.pipe(
    map((user) => user !== null),
    distinctUntilChanged(),
    switchMap((works) => (works ? liveCode$ : of(null))),
    switchMap((code) =>
      code
        ? code.chosenLiveStore({
            user$: working$,
            locationId$: session.preferences.locationId$,
            messagesOf: connection.messagesOf,
            api: session.api,
            random,
            kept,
            ...code.queueMessages(session, online.online$, environment.queueStorage),
          })
        : of(null),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return {
    ...environment,
    session,
    user$,
    permissions$: createPermissions({ user$, api: session.api }),
    locations: createLocations(working$, session.api),
    toasts: createToastStore(environment.scheduler, (message) => offlineNoise(message, online.isOnline())),
    online$: online.online$,
    processing: createProcessingStore(),
    connection$: connection.state$,
    connectionHealth$: connection.health$ ?? of(null),
    live$,
    analytics: createAnalytics({ api: session.api }),
    dates: createDateSettings(),
    userName: createUserNames(session.api),
    refresh: () => loadLiveCode().then(({ reloadLive }) => reloadLive(live$)),
    setScanningMode: (on) => connection.setScanningMode?.(on),
    sortingChoices: createSortingChoices(storage),
    locale: createLocale({
      user$,
      browserLanguages: languages,
      storage,
      api: session.api,
      keepUser: (change) => session.keepUser(change),
    }),
  };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  // The chosen location's live store is read for as long as the app runs: between one screen
  // leaving and the next arriving nothing else reads it, and it would be torn down and load its
  // snapshot again, with no pallets meanwhile (a scan right after a tab switch found none).
  useSubscription(services.live$);
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services of the nearest provider. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used within a ServicesProvider');
  return services;
}
