import type { IDBPDatabase } from 'idb';
import {
  asyncScheduler,
  defer,
  first,
  fromEvent,
  map,
  merge,
  type Observable,
  of,
  shareReplay,
  startWith,
  switchMap,
} from 'rxjs';
import { replacedTokenMarkTtlMs, tabMessagesSettleMs } from '../streams/config';
import type { EventSourceLike } from '../streams/connection/types';
import { memoryQueueStorage } from '../streams/offline/memory-storage';
import type { QueueStorage } from '../streams/offline/types';
import type { ScaleFeedDeps } from '../streams/scales';
import {
  createMemoryStorage,
  type Session,
  type SessionDeps,
  type StorageLike,
  type TabMessage,
  type Tabs,
  type User,
} from '../streams/session';
import { idbQueueStorage } from './offline/idb-storage';
import type { Device, Page, ServicesConnection } from './services';
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

/** The hex SHA-256 of a token: what is kept of it, so storage never holds a usable token. */
async function tokenHash(win: Window, token: string): Promise<string> {
  const digest = await win.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const replacedTokens = 'replaced-refresh-tokens';

/**
 * The marks of replaced refresh tokens (hash → when), in IndexedDB: its transactions go through
 * the browser process, so a mark committed before a tab lets go of the lock is read by the next
 * (local storage is not kept consistent across page processes). Null where the browser has no
 * IndexedDB, refuses it, or has no crypto.subtle (plain HTTP off localhost).
 */
function openReplacedMarks(win: Window): Promise<IDBPDatabase | null> {
  if (!win.indexedDB || !win.crypto?.subtle) return Promise.resolve(null);
  // IndexedDB's wrapper loads with the first refresh, not with the sign-in screen
  return import('idb')
    .then(({ openDB }) =>
      openDB('tomato-session', 1, {
        upgrade: (created) => created.createObjectStore(replacedTokens),
      }),
    )
    .catch(() => null);
}

/**
 * The other tabs of this browser session: a BroadcastChannel for what they tell each other, a Web
 * Lock so one refreshes at a time, and IndexedDB for the refresh tokens they replaced. Undefined
 * where the browser has no channel or no locks.
 */
export function browserTabs(win: Window): Tabs | undefined {
  const { locks } = win.navigator;
  const { BroadcastChannel } = win as Window & typeof globalThis;
  if (typeof BroadcastChannel !== 'function' || !locks) return undefined;
  const channel = new BroadcastChannel('tomato-session');
  let opened: Promise<IDBPDatabase | null> | undefined;
  const marks = () => {
    opened ??= openReplacedMarks(win);
    return opened;
  };
  return {
    messages$: fromEvent<MessageEvent<TabMessage>>(channel, 'message').pipe(map((event) => event.data)),
    post: (message) => channel.postMessage(message),
    exclusive: (name, work) =>
      locks.request(name, async () => {
        // without marks, what another tab posted before it let go of the lock is given time to arrive
        if (!(await marks())) await new Promise((resolve) => win.setTimeout(resolve, tabMessagesSettleMs));
        return work();
      }),
    markReplaced: async (refreshToken, at) => {
      const db = await marks();
      if (!db) return;
      try {
        // hashed first: a transaction awaiting anything but its own requests commits early
        const hash = await tokenHash(win, refreshToken);
        const marking = db.transaction(replacedTokens, 'readwrite');
        let cursor = await marking.store.openCursor();
        while (cursor) {
          if (cursor.value < at - replacedTokenMarkTtlMs) await cursor.delete();
          cursor = await cursor.continue();
        }
        await marking.store.put(at, hash);
        await marking.done;
      } catch {
        // a mark the browser could not keep leaves the next tab as it was without marks
      }
    },
    replacedAt: async (refreshToken) => {
      const db = await marks();
      if (!db) return undefined;
      try {
        return await db.get(replacedTokens, await tokenHash(win, refreshToken));
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Whether the browser is online: `online$` says it now, as each subscriber starts, then at each of
 * the browser's online and offline events; `isOnline()` reads it once.
 */
export function browserOnline(win: Window) {
  return {
    online$: defer(() =>
      merge(
        fromEvent(win, 'online').pipe(map(() => true)),
        fromEvent(win, 'offline').pipe(map(() => false)),
      ).pipe(startWith(win.navigator.onLine)),
    ),
    isOnline: () => win.navigator.onLine,
  };
}

/** The real browser objects the streams' deps objects are made of: the only place src/ touches them. */
export function browserSessionDeps(win: Window): SessionDeps {
  const { online$ } = browserOnline(win);
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

/** The browser's EventSource, with the page's cookies. */
function browserEventSource(win: Window): (url: string) => EventSourceLike {
  // the DOM's handler slots take Event where EventSourceLike names the fields it reads
  return (url) =>
    new (win as Window & typeof globalThis).EventSource(url, {
      withCredentials: true,
    }) as unknown as EventSourceLike;
}

/** How the consoles hear a scale: its readings stream, opened with the stored access token. */
export function browserScaleFeed(win: Window, deps: SessionDeps): ScaleFeedDeps {
  return { eventSource: browserEventSource(win), storage: deps.storage, now: () => deps.scheduler.now() };
}

/** The real-time connection of the chosen location, over the browser's EventSource. */
export function browserConnection(
  win: Window,
  deps: SessionDeps,
  session: Session,
  user$: Observable<User | null>,
  path$: Observable<string>,
): ServicesConnection {
  const visible = () => win.document.visibilityState === 'visible';
  // as the screens tell a phone from a desktop: the forced mode chosen, else the device
  const mobile = () => {
    const forced = session.preferences.forcedMobileMode();
    return forced ? forced === 'mobile' : isMobileDevice(win.navigator);
  };
  // the connection's code loads with its first reader (the badge, the live data), made once: the
  // sign-in screen, which never connects (SPEC 2), has no use for it
  const connection = defer(() => import('../streams/connection/connection')).pipe(
    map(({ createConnection }) =>
      createConnection({
        client: () => (mobile() ? 'mobile' : 'desktop'),
        eventSource: browserEventSource(win),
        storage: deps.storage,
        user$,
        location$: session.preferences.locationId$.pipe(map((id) => (id ? { id } : null))),
        path$,
        visibility$: fromEvent(win.document, 'visibilitychange').pipe(map(visible), startWith(visible())),
        random: deps.random,
      }),
    ),
    shareReplay(1),
  );
  return {
    state$: connection.pipe(switchMap((c) => c.state$)),
    health$: connection.pipe(switchMap((c) => c.health$)),
    messagesOf: (locationId) => connection.pipe(switchMap((c) => c.messagesOf(locationId))),
    setScanningMode: (on) => {
      connection.pipe(first()).subscribe((c) => c.setScanningMode(on));
    },
  };
}

/** Local storage key that the browser tests set to see every text in the pseudo-language. */
export const pseudoLocaleKey = 'pseudo-locale';

/** The page's `<html>`, and whether a browser test asked for the pseudo-language. */
export function browserPage(win: Window): Page {
  return {
    pseudo: browserStorage(() => win.localStorage).getItem(pseudoLocaleKey) === '1',
    setLanguage: (tag) => {
      win.document.documentElement.lang = tag;
    },
  };
}

/** The browser's dialogs, buzzer, camera and downloads. */
export function browserDevice(win: Window): Device {
  return {
    print: () => win.print(),
    afterPrint: (done) => {
      win.addEventListener('afterprint', done, { once: true });
      return () => win.removeEventListener('afterprint', done);
    },
    confirm: (question) => win.confirm(question),
    vibrate: (pattern) => {
      if ('vibrate' in win.navigator) win.navigator.vibrate(pattern);
    },
    openCamera: (constraints) => win.navigator.mediaDevices.getUserMedia(constraints),
    download: (file, name) => {
      // through a temporary link: the browser saves what it points at
      const { URL } = win as Window & typeof globalThis;
      const url = URL.createObjectURL(file);
      const link = win.document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
    },
    // after the next frame, and after the task that paints it
    painted: () => new Promise((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve, 0))),
  };
}

/** Where the phone keeps its offline queue: IndexedDB, or memory in a browser without it. */
export function browserQueueStorage(win: Window): QueueStorage {
  return win.indexedDB ? idbQueueStorage() : memoryQueueStorage();
}
