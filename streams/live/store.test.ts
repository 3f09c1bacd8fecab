import { distinctUntilChanged, map, of, Subject, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { entityOf } from './entities';
import { normaliseMessage } from './normalise';
import type { LiveSnapshot } from './projection';
import { createLiveStore } from './store';
import { marbles, palletMessage, virtualScheduler } from './test-support';
import type { LiveEvent, SseMessage } from './types';

const connected = (lastEventId: number): SseMessage => ({
  event: 'connected',
  id: null,
  data: { lastEventId },
});
const snapshot: LiveSnapshot = { pallets: [{ id: 's', weight: 1 }], orders: [] };
const event = (id: string, weight: number) =>
  normaliseMessage(palletMessage(id, 'update', { weight }), 0) as LiveEvent;

describe('createLiveStore', () => {
  it('marks an optimistic change for 3 s and delivers only the last event of the batch', () => {
    // One frame is 500 ms: the 3 s mark is six frames.
    marbles(500, ({ scheduler, hot, expectObservable }) => {
      const messages = hot<SseMessage>('-c------------', { c: connected(0) });
      const store = createLiveStore({
        messages$: messages,
        locationId: 'L1',
        loadSnapshot: () => of(snapshot),
        random: () => 0,
        scheduler,
      });
      scheduler.schedule(() => store.applyOptimistic([event('s', 2), event('s', 3)]), 1_000);
      const marked = store.state$.pipe(
        map((s) => Object.keys(s.optimistic).join() || 'none'),
        distinctUntilChanged(),
      );
      const weights = store.state$.pipe(
        map((s) => entityOf(s.pallets, 's')?.weight ?? 0),
        distinctUntilChanged(),
      );
      //                                  [-----)    the 3 s optimistic mark
      expectObservable(marked).toBe('    n-m-----n', { n: 'none', m: 's' });
      expectObservable(weights).toBe('   zab', { z: 0, a: 1, b: 3 });
    });
  });

  it('loads the snapshot on connect and applies only events after its last id, holding them meanwhile', () => {
    const scheduler = virtualScheduler();
    const messages = new Subject<SseMessage>();
    const loaded = new Subject<LiveSnapshot>();
    const store = createLiveStore({
      messages$: messages,
      locationId: 'L1',
      loadSnapshot: () => loaded,
      random: () => 0,
      scheduler,
    });
    const states: string[] = [];
    store.state$.subscribe((s) => states.push(`${s.status}:${s.pallets.ids.join('')}`));
    const at = (ms: number, work: () => void) => scheduler.schedule(work, ms);
    at(0, () => messages.next(connected(10)));
    at(0, () => messages.next(palletMessage('a', 'add', {}, 10))); // already in the snapshot
    at(0, () => messages.next(palletMessage('b', 'add', {}, 11)));
    at(400, () => loaded.next({ pallets: [{ id: 'a' }], orders: [] }));
    at(500, () => messages.next(palletMessage('c', 'add', {}, 11))); // the same id again: not applied
    at(600, () => messages.next(palletMessage('d', 'add', {}, 12)));
    scheduler.flush();
    expect(states).toEqual([
      'waiting:',
      'loading:',
      'loading:',
      'loading:',
      'ready:ba',
      'ready:ba',
      'ready:dba',
    ]);
  });

  it('reloads the snapshot when the server answers event: reset, and retries a failed load after 1 s', () => {
    const scheduler = virtualScheduler();
    const messages = new Subject<SseMessage>();
    let loads = 0;
    const loadSnapshot = () => {
      loads++;
      return loads === 2
        ? throwError(() => new Error('503'))
        : of({ pallets: [{ id: `v${loads}` }], orders: [] });
    };
    const store = createLiveStore({
      messages$: messages,
      locationId: 'L1',
      loadSnapshot,
      random: () => 0,
      scheduler,
    });
    const timeline: string[] = [];
    store.state$.subscribe((s) => timeline.push(`${scheduler.now()} ${s.status}:${s.pallets.ids.join()}`));
    scheduler.schedule(() => messages.next(connected(0)), 1_000);
    scheduler.schedule(() => messages.next(connected(0)), 2_000); // a reconnect: no reload
    scheduler.schedule(() => messages.next({ event: 'reset', id: null, data: {} }), 4_000);
    scheduler.flush();
    expect(timeline).toEqual([
      '0 waiting:',
      '1000 loading:',
      '1000 ready:v1',
      '4000 loading:v1',
      '5000 ready:v3',
    ]);
  });
});
