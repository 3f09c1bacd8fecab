import { map, type Observable } from 'rxjs';
import type { Context } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { palletUpdateThrottleMs, storageUpdateThrottleMs } from '../config';
import { marbles } from './test-support';
import { type Pace, throttleBatch } from './throttle-batch';

// Items are letters: a to r are pallets (batched), s to z storage positions (not batched).
const p = palletUpdateThrottleMs;
const s = storageUpdateThrottleMs;
const paces: Record<'pallet' | 'storage', Pace> = {
  pallet: { windowMs: p, batched: true },
  storage: { windowMs: s, batched: false },
};
const kindOf = (item: string) => (item < 's' ? 'pallet' : 'storage');
// a delivery reads as its batches, separated by |
const paced = (source: Observable<string>, m: Context) =>
  source.pipe(
    throttleBatch(kindOf, paces, m.scheduler),
    map((delivery) => delivery.map((batch) => batch.join('')).join('|')),
  );

describe('throttleBatch', () => {
  it(
    'delivers the first item at once and the next ones at the window end, which opens the next window',
    marbles((m) => {
      const source = m.hot(`  a ${p - 2}ms b 1ms c         ${2 * p - 2}ms |`);
      //                      [------ p ------)[------ p ------)[------ p ------)
      const expected = `      a ${p - 1}ms b ${p - 1}ms c ${p - 1}ms |`;
      m.expect(paced(source, m)).toBeObservable(expected);
      m.expect(source).toHaveSubscriptions(`^ ${3 * p - 1}ms !`);
    }),
  );

  it(
    'batches the items of a batched kind that fall into one window',
    marbles((m) => {
      const source = m.hot(`  a 1ms b 1ms c ${p}ms |`, { a: 'a', b: 'b', c: 'c' });
      //                      [------ p ------)
      const expected = `      a ${p - 1}ms x 4ms |`;
      m.expect(paced(source, m)).toBeObservable(expected, { a: 'a', x: 'bc' });
    }),
  );

  it(
    'delivers the items of an unbatched kind one batch each',
    marbles((m) => {
      const source = m.hot(`  s 1ms t 1ms u ${s}ms |`);
      //                      [------------ s ------------)
      const expected = `      s ${s - 1}ms x 4ms |`;
      m.expect(paced(source, m)).toBeObservable(expected, { s: 's', x: 't|u' });
    }),
  );

  it(
    'keeps arrival order across kinds: an item falling due takes everything queued before it',
    marbles((m) => {
      const source = m.hot(`  s t 1ms a ${s}ms |`);
      //                      [------------ s ------------)   storage window; a is due at once and carries t
      const expected = `      s 2ms x ${s}ms |`;
      m.expect(paced(source, m)).toBeObservable(expected, { s: 's', x: 't|a' });
    }),
  );

  it(
    'delivers what is queued when the source completes, and passes an error on at once',
    marbles((m) => {
      const completing = m.hot('  a b |');
      const failing = m.hot('     a b #');
      m.expect(paced(completing, m)).toBeObservable('  a 1ms (b|)');
      m.expect(paced(failing, m)).toBeObservable('     a 1ms #');
      m.expect(failing).toHaveSubscriptions('         ^ 1ms !');
    }),
  );

  it(
    'cancels its timer when unsubscribed: nothing queued is delivered afterwards',
    marbles((m) => {
      const source = m.hot(`  a b ${p}ms |`);
      const unsubscribe = `   ^ ${p - 2}ms !`;
      m.expect(paced(source, m), unsubscribe).toBeObservable('a');
      m.expect(source).toHaveSubscriptions(unsubscribe);
    }),
  );
});
