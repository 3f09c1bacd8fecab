import { asyncScheduler, fromEvent, map, merge, type Observable, of, shareReplay, startWith } from 'rxjs';
import { tabMessagesSettleMs } from '../streams/config';
import { type Connection, createConnection } from '../streams/connection/connection';
import type { EventSourceLike } from '../streams/connection/types';
import {
  createMemoryStorage,
  type Session,
  type SessionDeps,
  type StorageLike,
  type TabMessage,
  type Tabs,
  type User,
} from '../streams/session';
import { isMobileDevice, type Viewport, viewport$ } from './ui/layout/viewport';

/** The browser's storage, or memory when the browser refuses it (private modes, blocked cookies). */
function browserStorage(get: () => Storage): StorageLike {
  try {
    const storage = get();
    storage.getItem('token');
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

/**
 * The other tabs of this browser session: a BroadcastChannel for what they tell each other, and a
 * Web Lock so one refreshes at a time. Undefined where the browser has neither.
 */
export function browserTabs(win: Window): Tabs | undefined {
  const { locks } = win.navigator;
  const { BroadcastChannel } = win as Window & typeof globalThis;
  if (typeof BroadcastChannel !== 'function' || !locks) return undefined;
  const channel = new BroadcastChannel('tomato-session');
  return {
    messages$: fromEvent<MessageEvent<TabMessage>>(channel, 'message').pipe(map((event) => event.data)),
    post: (message) => channel.postMessage(message),
    exclusive: (name, work) =>
      locks.request(name, async () => {
        // what another tab posted before it let go of the lock is heard before this tab goes on
        await new Promise((resolve) => win.setTimeout(resolve, tabMessagesSettleMs));
        return work();
      }),
  };
}

/** The real browser objects the streams' deps objects are made of: the only place src/ touches them. */
export function browserSessionDeps(win: Window): SessionDeps {
  const online$: Observable<boolean> = merge(
    fromEvent(win, 'online').pipe(map(() => true)),
    fromEvent(win, 'offline').pipe(map(() => false)),
  ).pipe(startWith(win.navigator.onLine));
  return {
    fetch: win.fetch.bind(win),
    storage: {
      local: browserStorage(() => win.localStorage),
      session: browserStorage(() => win.sessionStorage),
    },
    online$,
    scheduler: asyncScheduler,
    random: Math.random,
    currentPath: () => win.location.pathname + win.location.search,
    tabs: browserTabs(win),
  };
}

/** The window's viewport, shared by every component that reads it. */
export function browserViewport$(win: Window): Observable<Viewport> {
  return viewport$(
    fromEvent(win, 'resize'),
    merge(
      fromEvent(win, 'orientationchange'),
      win.screen?.orientation ? fromEvent(win.screen.orientation, 'change') : of(),
    ),
    () => ({ width: win.innerWidth, height: win.innerHeight }),
  ).pipe(shareReplay({ bufferSize: 1, refCount: false }));
}

/** The real-time connection of the chosen location, over the browser's EventSource. */
export function browserConnection(
  win: Window,
  deps: SessionDeps,
  session: Session,
  user$: Observable<User | null>,
  path$: Observable<string>,
): Connection {
  const visible = () => win.document.visibilityState === 'visible';
  // as the screens tell a phone from a desktop: the forced mode chosen, else the device
  let forced: string | null = null;
  session.preferences.forcedMobileMode$.subscribe((mode) => {
    forced = mode;
  });
  const mobile = () => (forced ? forced === 'mobile' : isMobileDevice(win.navigator));
  return createConnection({
    client: () => (mobile() ? 'mobile' : 'desktop'),
    // the DOM's handler slots take Event where EventSourceLike names the fields it reads
    eventSource: (url) =>
      new (win as Window & typeof globalThis).EventSource(url, {
        withCredentials: true,
      }) as unknown as EventSourceLike,
    storage: deps.storage,
    user$,
    location$: session.preferences.locationId$.pipe(map((id) => (id ? { id } : null))),
    path$,
    visibility$: fromEvent(win.document, 'visibilitychange').pipe(map(visible), startWith(visible())),
    random: deps.random,
  });
}
