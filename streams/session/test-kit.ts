import { BehaviorSubject, Subject, VirtualTimeScheduler } from 'rxjs';
import { createFakeFetch, type FakeAnswer, type FakeRequest } from '../http/fake-fetch';
import { createSession, type SessionDeps } from './session';
import { createMemoryStorage, type User } from './storage';
import type { TabMessage, Tabs } from './tabs';

/** A virtual clock for tests that mix timers with fetch promises: `advance(ms)` runs what is due. */
export class VirtualClock extends VirtualTimeScheduler {
  advance(ms: number): void {
    this.maxFrames = this.frame + ms;
    this.flush();
    this.frame = this.maxFrames;
  }
}

/** Lets pending fetch promises settle. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A signed-in user as the server sends it. */
export const alice: User = {
  id: 'u-1',
  username: 'alice',
  admin: false,
  first_login: false,
  mobile_access: true,
};

/**
 * A fake auth server: `valid` tokens pass validation, refresh tokens in `refreshTokens` give
 * `fresh-N` tokens; `override` answers first when it returns something.
 */
export function createAuthServer(
  override: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  const valid = new Set<string>();
  const refreshTokens = new Set(['r-0']);
  let issued = 0;
  const bearer = (request: FakeRequest) => request.headers.Authorization?.replace('Bearer ', '') ?? '';
  const fetch = createFakeFetch((request) => {
    const answer = override(request);
    if (answer) return answer;
    const body = request.body as Record<string, string> | undefined;
    switch (`${request.method} ${request.path}`) {
      case 'POST /api/auth/login':
        if (body?.password !== 'secret')
          return { status: 401, body: { message: 'Invalid username or password' } };
        issued += 1;
        valid.add(`login-${issued}`);
        return { body: { data: { token: `login-${issued}`, refreshToken: 'r-0', user: alice } } };
      case 'POST /api/auth/refresh-token': {
        if (!refreshTokens.has(body?.refreshToken ?? '')) return { status: 401, body: { message: 'nope' } };
        issued += 1;
        valid.add(`fresh-${issued}`);
        return { body: { token: `fresh-${issued}`, refreshToken: `r-${issued}`, user: alice } };
      }
      case 'GET /api/auth/validate':
        return valid.has(bearer(request)) ? { body: { data: { user: alice } } } : { status: 401, body: {} };
      default:
        return valid.has(bearer(request)) ? { body: { success: true } } : { status: 401, body: {} };
    }
  });
  return { fetch, valid, refreshTokens };
}

/** Session deps over memory storages, a virtual clock and a fake server; `overrides` replace any. */
export function createDeps(overrides: Partial<SessionDeps> = {}) {
  const online$ = new BehaviorSubject(true);
  const clock = new VirtualClock();
  const deps: SessionDeps = {
    fetch: createAuthServer().fetch,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    online$,
    scheduler: clock,
    random: () => 0.5,
    currentPath: () => '/dashboard',
    ...overrides,
  };
  return { deps, clock, online$ };
}

/** A session over `createDeps(overrides)`, with its states recorded by name. */
export function startSession(overrides: Partial<SessionDeps> = {}) {
  const made = createDeps(overrides);
  const session = createSession(made.deps);
  const states: string[] = [];
  const navigations: string[] = [];
  session.state$.subscribe((state) => states.push(state.name));
  session.navigation$.subscribe((path) => navigations.push(path));
  return { ...made, session, states, navigations };
}

/**
 * Tabs of one test "browser": `tab()` gives a {@link Tabs} per tab, wired to the others, with an
 * exclusive section that runs one piece of work at a time across them and one set of marks of
 * replaced refresh tokens. `holdMessages()` keeps what the tabs post from arriving until the
 * function it returns is called, as a page process that is slow to hear its messages.
 */
export function createTabHub() {
  const tabs: Subject<TabMessage>[] = [];
  const marked = new Map<string, number>();
  let held: Array<() => void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    tab(): Tabs {
      const inbox = new Subject<TabMessage>();
      tabs.push(inbox);
      return {
        messages$: inbox.asObservable(),
        // delivered later, as a BroadcastChannel does
        post: (message) => {
          const copy = structuredClone(message);
          const deliver = () => {
            for (const other of tabs) if (other !== inbox) other.next(copy);
          };
          if (held) held.push(deliver);
          else queueMicrotask(deliver);
        },
        exclusive: <T>(_name: string, work: () => Promise<T>) => {
          const turn = queue.then(work);
          queue = turn.catch(() => undefined);
          return turn;
        },
        markReplaced: async (refreshToken, at) => {
          marked.set(refreshToken, at);
        },
        replacedAt: async (refreshToken) => marked.get(refreshToken),
      };
    },
    /** The refresh tokens marked replaced, and when. */
    marked,
    holdMessages() {
      const waiting: Array<() => void> = [];
      held = waiting;
      return () => {
        held = null;
        for (const deliver of waiting) deliver();
      };
    },
  };
}
