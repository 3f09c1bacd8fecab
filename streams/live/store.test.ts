import { distinctUntilChanged, map, type Observable } from 'rxjs';
import { describe, it } from 'vitest';
import { optimisticMarkMs } from '../config';
import type { LiveSnapshot } from './projection';
import { createLiveStore, type LiveStoreState } from './store';
import { marbles, palletMessage } from './test-support';
import type { SseMessage } from './types';

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
});
