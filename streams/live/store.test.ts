import { distinctUntilChanged, map, type Observable, switchMap } from 'rxjs';
import type { Context } from 'rxjs-marbles';
import { describe, expect, it } from 'vitest';
import { keptSnapshotSaveMs, optimisticMarkMs } from '../config';
import { defaultPalletQuery, type PalletQuery } from './filters';
import type { LiveSnapshot } from './projection';
import { createLiveStore, type LiveStoreState } from './store';
import { marbles, palletMessage } from './test-support';
import type { Pallet, SseMessage } from './types';

const connected = (lastEventId: number): SseMessage => ({
  event: 'connected',
  id: null,
  data: { lastEventId },
});
const reset: SseMessage = { event: 'reset', id: null, data: {} };
const snapshot = (...ids: string[]): LiveSnapshot => ({
  pallets: ids.map((id) => ({ id, weight: 1 })),
  orders: [],
  zones: [],
});
const pallets = (state$: Observable<LiveStoreState>) =>
  state$.pipe(
    map((s) => `${s.status}:${s.pallets.ids.join('')}`),
    distinctUntilChanged(),
  );

describe('createLiveStore', () => {
  it(
    'marks an optimistic change for 3 s, applying only the last event of the batch, and tears down when nobody listens',
    marbles((m) => {
      const t = optimisticMarkMs;
      const messages = m.hot('  c', { c: connected(0) });
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => m.cold('(s|)', { s: snapshot('s') }),
        random: () => 0,
        scheduler: m.scheduler,
      });
      const body = (weight: number) => ({
        type: 'PALLET_UPDATE',
        action: 'update',
        pallets: [{ id: 's', weight }],
      });
      m.scheduler.schedule(() => store.applyOptimistic([body(2), body(3), { type: 'unknown' }]), 1_000);
      m.scheduler.schedule(() => store.applyOptimistic([body(3)]), 1_000);
      const marked = store.state$.pipe(
        map((s) => [...s.optimistic.keys()].join() || 'none'),
        distinctUntilChanged(),
      );
      const weights = store.state$.pipe(
        map((s) => s.pallets.get('s')?.weight ?? 0),
        distinctUntilChanged(),
      );
      const listening = `          ^ ${t + 1_999}ms !`;
      //                                   [-------- t --------)   the optimistic mark
      m.expect(marked, listening).toBeObservable(`n 999ms m ${t - 1}ms n`, { n: 'none', m: 's' });
      m.expect(weights, listening).toBeObservable('(za) 996ms b', { z: 0, a: 1, b: 3 });
      m.expect(messages).toHaveSubscriptions(listening);
    }),
  );

  it(
    'loads the snapshot on connect and applies only the events after its last id, holding them meanwhile',
    marbles((m) => {
      const messages = m.hot('  (cab) 495ms x 99ms y', {
        c: connected(10),
        a: palletMessage('a', 'add', {}, 10), // already in the snapshot
        b: palletMessage('b', 'add', {}, 11),
        x: palletMessage('x', 'add', {}, 11), // the same id again: not applied
        y: palletMessage('y', 'add', {}, 12),
      });
      const loaded = m.cold('   399ms (s|)', { s: { ...snapshot('a'), lastEventId: 10 } });
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => loaded,
        random: () => 0,
        scheduler: m.scheduler,
      });
      //                                           y falls due at the end of x's 150 ms pallet window
      m.expect(pallets(store.state$)).toBeObservable('l 398ms r 250ms d', {
        l: 'loading:',
        r: 'ready:ba',
        d: 'ready:yba',
      });
      m.expect(loaded).toHaveSubscriptions('^ 398ms !');
    }),
  );

  it(
    'shows the first pallets of a snapshot while the rest load, holding the events for the whole of it; a reload keeps the old data instead',
    marbles((m) => {
      const messages = m.hot('  c 199ms b 999ms r', {
        c: connected(10),
        b: palletMessage('b', 'add', {}, 11),
        r: reset,
      });
      const load = () =>
        m.cold('              99ms f 299ms (w|)', {
          f: { ...snapshot('a'), lastEventId: 10, partial: true },
          w: { ...snapshot('a', 'z'), lastEventId: 10 },
        });
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: load,
        random: () => 0,
        scheduler: m.scheduler,
      });
      // the first page at 99 (b, at 200, held), all at 399 with b on top; the reset's load
      // (from 1200) shows the old data until it is whole, at 1599
      m.expect(pallets(store.state$)).toBeObservable('l 98ms p 299ms w 800ms r 398ms o', {
        l: 'loading:',
        p: 'partial:a',
        w: 'ready:baz',
        r: 'reloading:baz',
        o: 'ready:az',
      });
    }),
  );

  it(
    'loads again on event: reset and on reload(), showing the old data meanwhile, and retries a failed load after 1 s',
    marbles((m) => {
      const messages = m.hot('  1000ms c 999ms c 1999ms r', { c: connected(0), r: reset });
      const loads = [
        m.cold('(s|)', { s: snapshot('1') }),
        m.cold('#'),
        m.cold('(s|)', { s: snapshot('3') }),
        m.cold('(s|)', { s: snapshot('4') }),
      ];
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => loads.shift() as Observable<LiveSnapshot>,
        random: () => 0,
        scheduler: m.scheduler,
      });
      m.scheduler.schedule(() => store.reload(), 6_000);
      //                                         a reconnect (2 s) loads nothing; the reset's load fails, retried 1 s on
      m.expect(pallets(store.state$)).toBeObservable('l 999ms a 2999ms b 999ms c 999ms (de)', {
        l: 'loading:',
        a: 'ready:1',
        b: 'reloading:1',
        c: 'ready:3',
        d: 'reloading:3',
        e: 'ready:4',
      });
    }),
  );

  it(
    'reads changed pallets per batch: none after a snapshot (everything may have changed)',
    marbles((m) => {
      const messages = m.hot('  c 199ms a', {
        c: connected(0),
        a: palletMessage('s', 'update', { weight: 5 }),
      });
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => m.cold('(s|)', { s: snapshot('s', 't') }),
        random: () => 0,
        scheduler: m.scheduler,
      });
      const changed = store.state$.pipe(
        map((s) => (s.changedPallets === null ? 'all' : s.changedPallets.join())),
      );
      m.expect(changed).toBeObservable('(ll) 196ms s', { l: 'all', s: 's' });
    }),
  );

  it(
    'shows the changes waiting to be sent on top of the data, marked, and rolls one back when it leaves the queue unsent',
    marbles((m) => {
      const zone = { id: 'z', locationId: 'L1', name: 'Cold A', rows: 1, rowCapacity: 4 };
      const store = (palletId: string) => ({
        type: 'STORAGE_POSITION_UPDATE',
        action: 'assign_to_zone',
        position: { palletId, zoneId: 'z', rowIndex: 0 },
      });
      // p1 and p2 queued offline; p2 refused when replayed (it leaves the list); p1 taken by the server,
      // whose live event then arrives (an id past the snapshot's)
      const waiting = m.hot('  a 99ms b 99ms c 99ms d', {
        a: [],
        b: [store('p1')],
        c: [store('p1'), store('p2')],
        d: [store('p1')],
      });
      const messages = m.hot(' c', { c: connected(0) });
      const live = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => m.cold('(s|)', { s: { ...snapshot('p1', 'p2'), zones: [zone] } }),
        random: () => 0,
        waiting$: waiting,
        scheduler: m.scheduler,
      });
      const row = live.state$.pipe(
        map((s) => {
          const inRow = s.pallets.ids.filter((id) => s.pallets.get(id)?.rowIndex === 0);
          return `${inRow.sort().join('')}|${[...s.waiting].sort().join('')}|${s.changedPallets === null ? 'all' : s.changedPallets.length}`;
        }),
        distinctUntilChanged(),
      );
      m.expect(row).toBeObservable('a 99ms b 99ms c 99ms b', {
        a: '||all',
        b: 'p1|p1|all',
        c: 'p1p2|p1p2|all',
      });
    }),
  );

  it(
    "shows the location's last known data as stale until the server's arrives, and keeps the server's at once, then at most every 2 s",
    marbles((m) => {
      const t = keptSnapshotSaveMs;
      const messages = m.hot(`  1000ms c ${t}ms a 99ms b`, {
        c: connected(0),
        a: palletMessage('n', 'add', {}, 1),
        b: palletMessage('o', 'add', {}, 2),
      });
      const written: string[] = [];
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => m.cold('(s|)', { s: snapshot('s') }),
        random: () => 0,
        kept: {
          read: (locationId) => m.cold('  10ms (k|)', { k: snapshot(`kept-${locationId}`) }),
          write: async (locationId, kept) => {
            written.push(`${m.scheduler.now()}:${locationId}:${kept.pallets.map((p) => p.id).join('')}`);
          },
        },
        scheduler: m.scheduler,
      });
      //                                             the server's (1 s), then its events in one 150 ms window
      m.expect(pallets(store.state$)).toBeObservable(`l 9ms k 989ms (xr) ${t - 3}ms n 149ms o`, {
        l: 'loading:',
        k: 'stale:kept-L1',
        x: 'reloading:kept-L1',
        r: 'ready:s',
        n: 'ready:ns',
        o: 'ready:ons',
      });
      //   the first ready state, kept at once; the next window's first event at once, its second
      //   at the window's end: never two writes within t
      m.scheduler.schedule(
        () => {
          const writes = written.map((w) => w.split(':'));
          expect(writes.map(([, location, ids]) => `${location}:${ids}`)).toEqual([
            'L1:s',
            'L1:ns',
            'L1:ons',
          ]);
          const at = writes.map(([time]) => Number(time));
          expect(at).toEqual([1000, 1001 + t, 1001 + 2 * t]);
        },
        1000 + 3 * t,
      );
    }),
  );

  it(
    'shows the pallets of a status beyond the stock when asked, loaded for its location and kept live, until active again',
    marbles((m) => {
      const messages = m.hot('  c 599ms u 99ms r', {
        c: connected(0),
        u: palletMessage('s', 'update', { weight: 7, status: 'shipped' }, 3),
        r: reset,
      });
      const asked: string[] = [];
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => m.cold('(s|)', { s: snapshot('a') }),
        loadPallets: (locationId, status) => {
          asked.push(`${locationId} ${status}`);
          return m.cold('100ms (l|)', {
            l: { pallets: [{ id: 's', weight: 1, status: 'shipped' }], lastEventId: 2, done: true },
          });
        },
        random: () => 0,
        scheduler: m.scheduler,
      });
      m.scheduler.schedule(() => store.showPalletStatus('shipped'), 200);
      m.scheduler.schedule(() => store.showPalletStatus('active'), 1_000);
      const shown = store.state$.pipe(
        map(
          (s) =>
            `${s.leftStock.name} ${s.pallets.ids.map((id) => `${id}${s.pallets.get(id)?.weight}`).join(' ')}`,
        ),
        distinctUntilChanged(),
      );
      // asked at 200, loaded at 300, s changed live at 600 (u leads its window), loaded again after
      // the reset at 700, dropped at 1000
      m.expect(shown, '^ 1100ms !').toBeObservable('(xa) 196ms l 99ms r 299ms w 99ms l 99ms r 199ms a', {
        x: 'NONE ',
        a: 'NONE a1',
        l: 'LOADING a1',
        r: 'READY a1 s1',
        w: 'READY a1 s7',
      });
      m.scheduler.schedule(() => expect(asked).toEqual(['L1 shipped', 'L1 shipped']), 1_100);
    }),
  );
});

describe('what the store works out once for every screen', () => {
  /** A store on `messages` whose snapshot holds `pallets`. */
  const storeOf = (m: Context, messages: Observable<SseMessage>, pallets: Pallet[]) =>
    createLiveStore({
      messages$: messages,
      locationId: 'L1',
      loadSnapshot: () => m.cold('(s|)', { s: { pallets, orders: [], zones: [] } }),
      random: () => 0,
      scheduler: m.scheduler,
    });

  it(
    'works the occupancy out once for every reader, and follows the batches that move a pallet',
    marbles((m) => {
      const zone = { id: 'z', locationId: 'L1', name: 'Zone A', rows: 2, rowCapacity: 4 };
      const messages = m.hot('  c 199ms m', {
        c: connected(0),
        m: {
          event: 'update',
          id: '1',
          data: {
            type: 'storage',
            action: 'assign_to_zone',
            position: { palletId: 'b', zoneId: 'z', rowIndex: 1 },
          },
        },
      });
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () =>
          m.cold('(s|)', {
            s: { pallets: [{ id: 'a', zoneId: 'z', rowIndex: 0 }, { id: 'b' }], orders: [], zones: [zone] },
          }),
        random: () => 0,
        scheduler: m.scheduler,
      });
      const seenBy = [[], []] as unknown[][];
      const reader = (seen: unknown[]) =>
        store.zones$.pipe(
          map((zones) => {
            seen.push(zones);
            return zones.map((z) => z.rows.map((row) => row.join('') || '-').join('|')).join() || 'none';
          }),
        );
      const values = { n: 'none', a: 'a|-', b: 'a|b' };
      // b's position opens its 500 ms storage window: delivered at once (leading edge)
      m.expect(reader(seenBy[0])).toBeObservable('(na) 196ms b', values);
      m.expect(reader(seenBy[1])).toBeObservable('(na) 196ms b', values);
      // the second reader got the very objects the first did: worked out once
      m.scheduler.schedule(
        () => expect(seenBy[1].every((zones, i) => zones === seenBy[0][i])).toBe(true),
        800,
      );
    }),
  );

  it(
    'keeps who added the pallets for a screen that opens after a batch: it reads the whole list',
    marbles((m) => {
      const messages = m.hot('  c 199ms p', {
        c: connected(0),
        p: palletMessage('c', 'add', { addedBy: 'u3' }, 1),
      });
      const store = storeOf(m, messages, [
        { id: 'a', addedBy: 'u1' },
        { id: 'b', addedBy: 'u2' },
      ]);
      const people = store.addedBy$.pipe(map((ids) => ids.join() || 'none'));
      const values = { n: 'none', x: 'u1,u2', y: 'u1,u2,u3' };
      // the pallet's 150 ms window opens with it: delivered at once (leading edge)
      m.expect(people).toBeObservable('(nx) 196ms y', values);
      // a screen opened at 400 ms, when the last batch named only pallet c
      const late = m.cold('400ms a').pipe(switchMap(() => people));
      m.expect(late).toBeObservable('400ms y', values);
    }),
  );

  it(
    "keeps the board's visible pallets for a board opened again with the same query: the list it had, not filtered again",
    marbles((m) => {
      const messages = m.hot('  c', { c: connected(0) });
      const store = storeOf(m, messages, [
        { id: 'a', tomatoType: 'cherry' },
        { id: 'b', tomatoType: 'plum' },
      ]);
      const cherry = (): PalletQuery => ({
        filters: { ...defaultPalletQuery.filters, tomatoType: 'cherry' },
        created: null,
      });
      const lists: (readonly string[])[] = [];
      const board = (query: PalletQuery) => {
        store.showPalletQuery(query);
        return store.visiblePalletIds$.pipe(
          map((ids) => {
            lists.push(ids);
            return ids.join() || 'none';
          }),
        );
      };
      const values = { n: 'none', x: 'a,b', y: 'a' };
      // the store's own reader keeps the list while the boards come and go; the first board, at
      // 5 ms, asks for cherry
      const kept = store.visiblePalletIds$.pipe(map((ids) => ids.join() || 'none'));
      m.expect(kept).toBeObservable('(nx) 1ms y', values);
      m.expect(m.cold('5ms a|').pipe(switchMap(() => board(cherry())))).toBeObservable('5ms y', values);
      // opened again with an equal query (a new object): the very list it had
      m.expect(m.cold('9ms a|').pipe(switchMap(() => board(cherry())))).toBeObservable('9ms y', values);
      m.scheduler.schedule(() => expect(lists[1]).toBe(lists[0]), 10);
    }),
  );
});
