import { map, type Observable, type SchedulerLike } from 'rxjs';
import { describe, it } from 'vitest';
import { defaultLiveTiming, livePipeline } from './pipeline';
import { label, marbles, palletMessage, update } from './test-support';
import type { LiveEvent, SseMessage } from './types';

// One marble frame is 50 ms: SPEC 9's 150 ms pallet window is `---`, 300 ms is `------`,
// 500 ms is `----------` and the 1 s dedup window is 20 frames.
const ms = 50;
// a delivery reads as its batches' labels, batches separated by |
const labels = (delivery: LiveEvent[][]) => delivery.map((batch) => batch.map(label).join('')).join('|');
const run = (source: Observable<SseMessage>, scheduler: SchedulerLike) =>
  source.pipe(livePipeline('L1', defaultLiveTiming, scheduler), map(labels));

describe('livePipeline timing (SPEC 9)', () => {
  it('throttles pallet updates at 150 ms: the first at once, later ones at the window end', () => {
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a-b-c---------|', {
        a: palletMessage('a'),
        b: palletMessage('b'),
        c: palletMessage('c'),
      });
      //                    [--)[--)[--)         150 ms windows; a trailing delivery opens the next
      const expected = '    a--b--c-------|';
      expectObservable(run(source, scheduler)).toBe(expected);
    });
  });

  it('batches the pallet updates of one 150 ms window into one delivery', () => {
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a(bc)------|', {
        a: palletMessage('a'),
        b: palletMessage('b'),
        c: palletMessage('c'),
      });
      //                    [--)            b and c fall into a's window
      const expected = '    a--x-------|';
      expectObservable(run(source, scheduler)).toBe(expected, { a: 'a', x: 'bc' });
    });
  });

  it('throttles and batches order updates at 150 ms', () => {
    const order = (id: string) =>
      update({ type: 'order', action: 'update', orders: [{ id, palletIds: [] }] });
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a-(bc)----|', { a: order('a'), b: order('b'), c: order('c') });
      //                    [--)            b and c fall into a's window
      const expected = '    a--x------|';
      expectObservable(run(source, scheduler)).toBe(expected, { a: 'a', x: 'bc' });
    });
  });

  it('throttles and batches assignment updates at 300 ms', () => {
    const assign = (orderId: string) => update({ type: 'ASSIGNMENT_UPDATE', orderId, palletIds: ['p'] });
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a-b--c-------|', { a: assign('a'), b: assign('b'), c: assign('c') });
      //                    [-----)            one 300 ms window
      const expected = '    a-----x------|';
      expectObservable(run(source, scheduler)).toBe(expected, { a: 'a', x: 'bc' });
    });
  });

  it('throttles storage position updates at 500 ms without batching them', () => {
    const store = (palletId: string) =>
      update({
        type: 'STORAGE_POSITION_UPDATE',
        action: 'assign_to_zone',
        position: { palletId, zoneId: 'z' },
      });
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a-b-c-----------|', { a: store('a'), b: store('b'), c: store('c') });
      //                    [---------)         one 500 ms window; b and c leave one by one at its end
      const expected = '    a---------x-----|';
      expectObservable(run(source, scheduler)).toBe(expected, { a: 'a', x: 'b|c' });
    });
  });

  it('keeps arrival order across types: an item falling due takes everything queued before it', () => {
    const store = (palletId: string) =>
      update({ type: 'storage', action: 'assign_to_zone', palletId, zoneId: 'z' });
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  ab-c-----|', { a: store('a'), b: store('b'), c: palletMessage('c') });
      //                    [---------)   storage window; the pallet c is due at once and carries b
      const expected = '    a--x-----|';
      expectObservable(run(source, scheduler)).toBe(expected, { a: 'a', x: 'b|c' });
    });
  });

  it('drops an identical repeat within 1 s and lets it through from 1 s on', () => {
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a---a---------------a-|', { a: palletMessage('a') });
      //                    [-------------------)     1 s dedup window of the first a
      const expected = '    a-------------------a-|';
      expectObservable(run(source, scheduler)).toBe(expected);
    });
  });

  it('lets a same-key update with a changed body through: it is newer data, not a repeat', () => {
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a---b---|', {
        a: palletMessage('a'),
        b: palletMessage('a', 'update', { weight: 612 }),
      });
      const expected = '    a---a---|';
      expectObservable(run(source, scheduler)).toBe(expected);
    });
  });

  it('drops events of another location', () => {
    marbles(ms, ({ scheduler, hot, expectObservable }) => {
      const source = hot('  a---b---|', {
        a: update({ type: 'pallet', action: 'add', pallets: [{ id: 'a' }], locationId: 'L2' }),
        b: palletMessage('b'),
      });
      const expected = '    ----b---|';
      expectObservable(run(source, scheduler)).toBe(expected);
    });
  });
});
