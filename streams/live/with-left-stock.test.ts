import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { tableOf } from './entities';
import type { PalletsState } from './filters';
import { normaliseMessage } from './normalise';
import type { PalletsLoad } from './snapshot';
import { marbles, palletMessage } from './test-support';
import type { LiveEvent, Pallet } from './types';
import { type LeftStock, noLeftStock, withLeftStock } from './with-left-stock';

type State = PalletsState & { leftStock: LeftStock };

const state = (...pallets: Pallet[]): State => ({
  pallets: tableOf(pallets),
  changedPallets: null,
  leftStock: noLeftStock,
});
const event = (id: string, action: string, weight: number, eventId: number) =>
  normaliseMessage(palletMessage(id, action, { weight, status: 'shipped' }, eventId), 0) as LiveEvent;
const page = (done: boolean, lastEventId: number, ...ids: string[]): PalletsLoad => ({
  pallets: ids.map((id) => ({ id, weight: 1, status: 'shipped' })),
  lastEventId,
  done,
});

// the live store's states: p1 loaded, then changed
const x = state({ id: 'p1', weight: 1 });
const y = { ...x, changedPallets: ['p1'] };

/** A shown state as text: the pallets with their weights, the loading, the pallets it changed. */
function shown({ pallets, leftStock, changedPallets }: State): string {
  const list = pallets.ids.map((id) => `${id}=${pallets.get(id)?.weight}`).join(' ');
  const loading =
    leftStock.name === 'LOADING'
      ? `loading ${leftStock.loaded}`
      : leftStock.name === 'READY'
        ? 'ready'
        : 'none';
  return `${list} | ${loading} | changed ${changedPallets?.join(' ') ?? 'all'}`;
}

describe('withLeftStock', () => {
  it(
    'in the active view passes the states themselves through and loads nothing',
    marbles((m) => {
      const states = m.hot('  x 9ms y', { x, y });
      const statuses = m.hot('a 4ms u', { a: 'active', u: 'unknown' });
      const events = m.hot(' ------');
      let loads = 0;
      const load = () => {
        loads++;
        return m.cold<PalletsLoad>('|');
      };
      const out = states.pipe(
        withLeftStock(statuses, load, events, m.scheduler),
        map((s) => (s === x ? 'x' : s === y ? 'y' : shown(s))),
      );
      m.expect(out).toBeObservable('x 9ms y');
      m.expect(events).toHaveSubscriptions([]);
      m.scheduler.schedule(() => expect(loads).toBe(0), 20);
    }),
  );

  it(
    'loads the pallets of a status page by page, applies the events held meanwhile, keeps them live, and drops them back on active',
    marbles((m) => {
      const states = m.hot('   x 69ms y', { x, y });
      const statuses = m.hot(' a 9ms s 49ms a', { a: 'active', s: 'shipped' });
      // s1 changes while the pages load (after the pages' event 5), s2 once they have; n is added
      const events = m.hot('   25ms h 14ms (gn) 4ms o', {
        h: [event('s1', 'update', 7, 6)],
        g: [event('s2', 'update', 9, 7)],
        n: [event('n1', 'add', 3, 8)],
        o: [event('s2', 'update', 4, 7)], // a repeat of event 7: not applied again
      });
      const pages = m.cold('             10ms f 9ms (l|)', {
        f: page(false, 5, 's1'),
        l: page(true, 5, 's1', 's2'),
      });
      const asked: string[] = [];
      const load = (status: string) => {
        asked.push(status);
        return pages;
      };
      const out = states.pipe(withLeftStock(statuses, load, events, m.scheduler), map(shown));
      //                          s               page 1     page 2 (s1 held)   g          active   y
      m.expect(out).toBeObservable('x 9ms a 9ms b 9ms c 9ms d 19ms e 9ms f', {
        x: 'p1=1 | none | changed all',
        a: 'p1=1 | loading 0 | changed ',
        b: 'p1=1 | loading 1 | changed ',
        c: 'p1=1 s1=7 s2=1 | ready | changed all',
        d: 'p1=1 s1=7 s2=9 | ready | changed s2',
        e: 'p1=1 | none | changed all',
        f: 'p1=1 | none | changed p1',
      });
      m.expect(events).toHaveSubscriptions('10ms ^ 49ms !');
      m.expect(pages).toHaveSubscriptions('10ms ^ 19ms !');
      m.scheduler.schedule(() => expect(asked).toEqual(['shipped']), 100);
    }),
  );

  it(
    'shows the live store copy of a pallet it holds, and a loaded pallet only once',
    marbles((m) => {
      const x = state({ id: 's1', weight: 5, status: 'shipped' }, { id: 'p1', weight: 1 });
      const out = m.hot('x', { x }).pipe(
        withLeftStock(
          m.hot('s', { s: 'all' }),
          () => m.cold('(l|)', { l: page(true, 0, 's1', 's2') }),
          m.hot('-'),
          m.scheduler,
        ),
        map(shown),
      );
      m.expect(out).toBeObservable('(ab)', {
        a: 's1=5 p1=1 | loading 0 | changed all',
        b: 's1=5 p1=1 s2=1 | ready | changed all',
      });
    }),
  );
});
