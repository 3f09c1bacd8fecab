import { BehaviorSubject, map, NEVER, of, skip } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { SseMessage } from '../live/types';
import { marbles, virtualScheduler } from '../session/marbles';
import { createMemoryStorage } from '../session/storage';
import { type ConnectionDeps, createConnection } from './connection';
import { fakeEventSources } from './fake-event-source';
import type { ConnectionState } from './types';

const token = `h.${btoa(JSON.stringify({ exp: 4_000_000_000 }))}.s`;
const code = (s: ConnectionState) =>
  `${{ DISCONNECTED: 'd', CONNECTING: 'c', CONNECTED: 'o', ERROR: 'e', FAILED: 'f' }[s.name]}${s.attempt}`;

function setup(overrides: Partial<ConnectionDeps> = {}, storedToken: string | null = token) {
  const sources = fakeEventSources();
  const visible = new BehaviorSubject(true);
  const deps: ConnectionDeps = {
    eventSource: sources.eventSource,
    storage: {
      local: createMemoryStorage(storedToken ? { token: storedToken } : {}),
      session: createMemoryStorage(),
    },
    user$: of({ id: 'u1' }),
    location$: of({ id: 'L1', name: 'Naaldwijk' }),
    path$: of('/dashboard'),
    visibility$: visible,
    random: () => 0,
    ...overrides,
  };
  return { sources, visible, connection: createConnection(deps) };
}

/** Records `${ms} ${state}${attempt} ${reason}` lines while running `script` in virtual time. */
function timeline(
  overrides: Partial<ConnectionDeps>,
  script: (t: ReturnType<typeof setup>, at: (ms: number, work: () => void) => void) => void,
  storedToken: string | null = token,
) {
  const scheduler = virtualScheduler();
  const t = setup({ scheduler, ...overrides }, storedToken);
  const lines: string[] = [];
  script(t, (ms, work) => scheduler.schedule(work, ms));
  const subscription = t.connection.state$.subscribe((s) =>
    lines.push(`${scheduler.now()} ${code(s)}${s.reason ? ` ${s.reason}` : ''}`),
  );
  scheduler.schedule(() => subscription.unsubscribe(), 400_000);
  scheduler.flush();
  return { lines, ...t };
}

const states = { c: 'c0', o: 'o0', d: 'd0', e: 'e0', C: 'c1', O: 'o1' };

describe('connection timing (SPEC 4, 9)', () => {
  it(
    'waits 1.5 s after a stream error; closed → DISCONNECTED, then reconnects after 1 s',
    marbles((m) => {
      const { sources, connection } = setup({ scheduler: m.scheduler });
      m.scheduler.schedule(() => sources.latest().open(), 500);
      m.scheduler.schedule(() => sources.latest().fail(true), 1_000);
      //                                                            fails at 1 s: [- 1.5 s grace -)[- 1 s -)
      m.expect(connection.state$.pipe(skip(1), map(code))).toBeObservable(
        'c 499ms o 1999ms d 999ms C',
        states,
      );
    }),
  );

  it(
    'waits 1.5 s after a stream error; still open → ERROR, replaced by a new attempt after 5 s',
    marbles((m) => {
      const { sources, connection } = setup({ scheduler: m.scheduler });
      m.scheduler.schedule(() => sources.latest().open(), 500);
      m.scheduler.schedule(() => sources.latest().fail(false), 1_000);
      //                                                            fails at 1 s: [- 1.5 s grace -)[- 5 s reconnect -)
      m.expect(connection.state$.pipe(skip(1), map(code))).toBeObservable(
        'c 499ms o 1999ms e 4999ms C',
        states,
      );
      m.scheduler.schedule(() => expect(sources.made.map((s) => s.readyState)).toEqual([2, 0]), 8_000);
    }),
  );

  it(
    'goes back to CONNECTED when the browser reopens an erroring stream in time',
    marbles((m) => {
      const { sources, connection } = setup({ scheduler: m.scheduler });
      m.scheduler.schedule(() => sources.latest().open(), 500);
      m.scheduler.schedule(() => sources.latest().fail(false), 1_000);
      m.scheduler.schedule(() => sources.latest().open(), 3_500);
      const unsubscribe = '                                                      ^ 7999ms !';
      m.expect(connection.state$.pipe(skip(1), map(code)), unsubscribe).toBeObservable(
        'c 499ms o 1999ms e 999ms o',
        states,
      );
      m.scheduler.schedule(() => expect(sources.made).toHaveLength(1), 8_000);
    }),
  );
});

describe('connection transitions (SPEC 4, 8)', () => {
  it('retries 8 times with backoff (1 s doubling, capped at 60 s), then FAILED', () => {
    const fakes = fakeEventSources();
    let at: (ms: number, work: () => void) => void = () => undefined;
    const failing = (url: string) => {
      const source = fakes.eventSource(url);
      at(0, () => source.fail(true)); // every stream fails at once and for good
      return source;
    };
    const { lines } = timeline({ eventSource: failing }, (_t, schedule) => {
      at = schedule;
    });
    const connecting = lines.filter((l) => / c\d/.test(l)).map((l) => Number(l.split(' ')[0]));
    //                      +1 s    +2 s   +4 s    +8 s    +16 s   +32 s   +60 s    +60 s  (each after a 1.5 s grace)
    expect(connecting).toEqual([0, 2_500, 6_000, 11_500, 21_000, 38_500, 72_000, 133_500, 195_000]);
    expect(lines.at(-1)).toBe('196500 f8 Failed to establish connection');
    expect(fakes.made).toHaveLength(9);
  });

  it('starts the count again after a successful open', () => {
    const { lines } = timeline({}, (t, at) => {
      at(0, () => t.sources.latest().fail(true));
      at(3_000, () => t.sources.latest().open());
      at(4_000, () => t.sources.latest().fail(true));
    });
    expect(lines).toEqual([
      '0 d0',
      '0 c0',
      '1500 d0 Failed to establish connection',
      '2500 c1',
      '3000 o0',
      '5500 d0 Failed to maintain connection',
      '6500 c1',
    ]);
  });

  it('without a usable token: ERROR "No authentication token available", retried every 5 s, then FAILED', () => {
    const { lines, sources } = timeline({}, () => undefined, null);
    expect(lines.slice(0, 4)).toEqual([
      '0 d0',
      '0 e0 No authentication token available',
      '5000 e1 No authentication token available',
      '10000 e2 No authentication token available',
    ]);
    expect(lines.at(-1)).toBe('40000 f8 No authentication token available');
    expect(sources.made).toHaveLength(0);
  });

  it('connects once the token is back', () => {
    const storage = { local: createMemoryStorage(), session: createMemoryStorage() };
    const { lines, sources } = timeline({ storage }, (t, at) => {
      at(4_000, () => storage.session.setItem('authToken', token));
      at(6_000, () => t.sources.latest().open());
    });
    expect(lines.slice(0, 4)).toEqual([
      '0 d0',
      '0 e0 No authentication token available',
      '5000 c1',
      '6000 o0',
    ]);
    expect(sources.made[0].url).toBe(`/api/sse/location/L1?token=${encodeURIComponent(token)}`);
  });

  it('gives ERROR "Failed to establish connection" when the EventSource cannot be made, and retries after 5 s', () => {
    let calls = 0;
    const { lines } = timeline(
      {
        eventSource: () => {
          calls++;
          throw new Error('blocked');
        },
      },
      () => undefined,
    );
    expect(lines.slice(0, 5)).toEqual([
      '0 d0',
      '0 c0',
      '0 e0 Failed to establish connection',
      '5000 c1',
      '5000 e1 Failed to establish connection',
    ]);
    expect(calls).toBe(9);
  });

  it.each<[Partial<ConnectionDeps>, string]>([
    [{ user$: of(null) }, 'Cannot connect: User authentication required'],
    [{ location$: of(null) }, 'Cannot connect: Please select a location'],
    [{ location$: of({ name: 'No id' }) }, 'Cannot connect: Selected location is missing an ID'],
  ])('stays DISCONNECTED with the precondition message', (overrides, message) => {
    const { lines, sources } = timeline(overrides, () => undefined);
    expect(lines).toEqual(['0 d0', `0 d0 ${message}`]);
    expect(sources.made).toHaveLength(0);
  });

  it('is skipped on a path containing /login and starts when the path leaves it', () => {
    const path = new BehaviorSubject('/login?redirect=/dashboard');
    const { lines, sources } = timeline({ path$: path }, (_t, at) => {
      at(1_000, () => path.next('/dashboard'));
      at(2_000, () => path.next('/dashboard/inventory')); // another page: the stream stays
    });
    expect(lines).toEqual(['0 d0', '1000 c0']);
    expect(sources.made).toHaveLength(1);
  });

  it('suspends the stream in scanning mode and restores it afterwards', () => {
    const { lines, sources } = timeline({}, (t, at) => {
      at(100, () => t.sources.latest().open());
      at(1_000, () => t.connection.setScanningMode(true));
      at(1_500, () => expect(t.sources.made.map((s) => s.readyState)).toEqual([2]));
      at(2_000, () => t.connection.setScanningMode(false));
    });
    expect(lines).toEqual(['0 d0', '0 c0', '100 o0', '1000 d0 Paused while scanning', '2000 c0']);
    expect(sources.made).toHaveLength(2);
  });

  it('forces a reconnect when no heartbeat came for 45 s (checked every 15 s)', () => {
    const { lines, sources } = timeline({}, (t, at) => {
      at(0, () => t.sources.latest().open());
      at(10_000, () => t.sources.latest().emit('heartbeat', {}));
    });
    expect(lines.slice(0, 5)).toEqual([
      '0 d0',
      '0 c0',
      '0 o0',
      '60000 d0 Failed to maintain connection',
      '61000 c1',
    ]);
    expect(sources.made[0].readyState).toBe(2);
  });

  it('starts again from attempt 0 on reconnect(), e.g. after FAILED', () => {
    const { lines } = timeline({}, (t, at) => at(100_000, () => t.connection.reconnect()), null);
    expect(lines.filter((l) => l.startsWith('40000') || l.startsWith('100000'))).toEqual([
      '40000 e8 No authentication token available',
      '40000 f8 No authentication token available',
      '100000 e0 No authentication token available',
    ]);
  });
});

describe('the kind of client', () => {
  it('says which kind of client opens each stream, as it is at that moment', () => {
    const scheduler = virtualScheduler();
    let kind: 'desktop' | 'mobile' = 'mobile';
    const t = setup({ scheduler, client: () => kind });
    t.connection.messagesOf('L1').subscribe();
    scheduler.flush();
    expect(t.sources.latest().url).toBe(
      `/api/sse/location/L1?token=${encodeURIComponent(token)}&client=mobile`,
    );
    kind = 'desktop';
    t.sources.latest().fail(true);
    scheduler.flush();
    expect(t.sources.latest().url).toBe(
      `/api/sse/location/L1?token=${encodeURIComponent(token)}&client=desktop`,
    );
  });
});

describe('connection messages (SPEC 7, CONTRACT "Live events")', () => {
  it('passes every event on, JSON parsed or raw text, and sends the last seen id on reconnect', () => {
    const scheduler = virtualScheduler();
    const t = setup({ scheduler });
    const got: SseMessage[] = [];
    t.connection.messagesOf('L1').subscribe((m) => got.push(m));
    let source = t.sources.latest();
    source.open();
    source.emit('connected', { lastEventId: 41 });
    source.fail(true);
    scheduler.flush();
    // nothing seen yet but the id `connected` reported: the stream goes on from there
    expect(t.sources.latest().url).toBe(
      `/api/sse/location/L1?token=${encodeURIComponent(token)}&lastEventId=41`,
    );
    t.sources.latest().open();
    source = t.sources.latest();
    source.emit('update', { type: 'PALLET_UPDATE', action: 'add', pallets: [] }, '42');
    source.emit('heartbeat', {});
    source.emit('message', 'plain words');
    source.emit('error', { message: 'server says no' });
    source.emit('reset', {});
    expect(got).toEqual([
      { event: 'connected', id: null, data: { lastEventId: 41 } },
      { event: 'update', id: '42', data: { type: 'PALLET_UPDATE', action: 'add', pallets: [] } },
      { event: 'heartbeat', id: null, data: {} },
      { event: 'message', id: null, data: 'plain words' },
      { event: 'error', id: null, data: { message: 'server says no' } },
      { event: 'reset', id: null, data: {} },
    ]);
    source.fail(true);
    scheduler.flush();
    expect(t.sources.latest().url).toBe(
      `/api/sse/location/L1?token=${encodeURIComponent(token)}&lastEventId=42`,
    );
  });

  it('tells a badge that subscribes after the stream opened (a reload) that it is connected', () => {
    const t = setup({ scheduler: virtualScheduler() });
    const messages = t.connection.messagesOf('L1').subscribe();
    t.sources.latest().open();
    const seen: string[] = [];
    const badge = t.connection.state$.subscribe((s) => seen.push(code(s)));
    messages.unsubscribe();
    badge.unsubscribe();
    expect(seen).toEqual(['o0']);
    // once nothing runs the stream, a new subscriber starts from DISCONNECTED again
    const again: string[] = [];
    t.connection.state$.subscribe((s) => again.push(code(s))).unsubscribe();
    expect(again[0]).toBe('d0');
  });

  it('gives a late subscriber the connected message first, and only its own location', () => {
    const location = new BehaviorSubject<{ id: string }>({ id: 'L1' });
    const t = setup({ location$: location, scheduler: virtualScheduler() });
    const sub = t.connection.state$.subscribe();
    t.sources.latest().open();
    t.sources.latest().emit('connected', { lastEventId: 7 });
    const late: string[] = [];
    t.connection.messagesOf('L1').subscribe((m) => late.push(`L1 ${m.event}`));
    t.connection.messagesOf('L2').subscribe((m) => late.push(`L2 ${m.event}`));
    t.sources.latest().emit('heartbeat', {});
    location.next({ id: 'L2' });
    t.sources.latest().open();
    t.sources.latest().emit('connected', { lastEventId: 3 });
    sub.unsubscribe();
    expect(late).toEqual(['L1 connected', 'L1 heartbeat', 'L2 connected']);
    expect(t.sources.made.map((s) => s.url.split('?')[0])).toEqual([
      '/api/sse/location/L1',
      '/api/sse/location/L2',
    ]);
  });

  it('rates the quality from errors and the mean latency of the last 10 timestamped messages', () => {
    const scheduler = virtualScheduler();
    const t = setup({ scheduler });
    const qualities: string[] = [];
    const subscription = t.connection.quality$.subscribe((q) => qualities.push(`${scheduler.now()} ${q}`));
    scheduler.schedule(() => subscription.unsubscribe(), 31_000);
    const source = t.sources.latest();
    scheduler.schedule(() => source.open(), 10_000);
    scheduler.schedule(() => source.emit('heartbeat', { timestamp: -2_000 }), 10_000); // 12 s late
    // then ten messages 100 ms late, one every 100 ms: the 12 s one leaves the history with the tenth
    for (let i = 1; i <= 10; i++) {
      const at = 20_000 + i * 100;
      scheduler.schedule(() => source.emit('heartbeat', { timestamp: new Date(at - 100).toISOString() }), at);
    }
    scheduler.schedule(() => {
      for (let i = 0; i < 6; i++) source.fail(false);
    }, 30_000);
    scheduler.schedule(() => source.emit('heartbeat', {}), 30_500);
    scheduler.flush();
    expect(qualities).toEqual([
      '0 unknown',
      '10000 excellent', // open, no latency known yet
      '10000 degraded', // mean 12,000 ms
      '20600 good', // mean (12,000 + 6 × 100) / 7 = 1,800 ms
      '21000 excellent', // the last 10 are all 100 ms
      '30000 poor', // 6 errors in a row
      '30500 excellent',
    ]);
  });

  it('tells the badge the last latency and the errors in a row beside the quality, a late reader the current ones', () => {
    const scheduler = virtualScheduler();
    const t = setup({ scheduler });
    const line = (h: { quality: string; latencyMs: number | null; errors: number }) =>
      `${scheduler.now()} ${h.quality} ${h.latencyMs ?? '-'} ms ${h.errors} errors`;
    const store = t.connection.state$.subscribe();
    const source = t.sources.latest();
    scheduler.schedule(() => source.open(), 1_000);
    scheduler.schedule(() => source.emit('heartbeat', { timestamp: new Date(1_500).toISOString() }), 2_000);
    scheduler.schedule(() => source.emit('heartbeat', { timestamp: new Date(2_900).toISOString() }), 3_000);
    const seen: string[] = [];
    // the badge is drawn after the stream opened and told its latencies
    scheduler.schedule(() => {
      const badge = t.connection.health$.subscribe((h) => seen.push(line(h)));
      scheduler.schedule(() => badge.unsubscribe(), 10_000);
    }, 4_000);
    scheduler.schedule(() => {
      for (let i = 0; i < 3; i++) source.fail(false);
    }, 5_000);
    scheduler.schedule(() => source.emit('update', { type: 'PALLET_UPDATE' }), 5_200);
    scheduler.flush();
    store.unsubscribe();
    expect(seen).toEqual([
      '4000 excellent 100 ms 0 errors', // mean (500 + 100) / 2 = 300 ms; the last told 100 ms
      '5000 excellent 100 ms 1 errors',
      '5000 excellent 100 ms 2 errors',
      '5000 excellent 100 ms 3 errors',
      '5200 excellent 100 ms 0 errors', // a message: no errors in a row any more
      '11500 unknown 100 ms 0 errors', // the stream stayed in error: reconnecting, the last latency kept
    ]);
  });

  it('opens nothing until subscribed and closes the stream when the last subscriber leaves', () => {
    const t = setup({ visibility$: NEVER, scheduler: virtualScheduler() });
    expect(t.sources.made).toHaveLength(0);
    const sub = t.connection.state$.subscribe();
    expect(t.sources.made).toHaveLength(1);
    sub.unsubscribe();
    expect(t.sources.latest().readyState).toBe(2);
  });
});
