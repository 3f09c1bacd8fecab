import { map, type Observable } from 'rxjs';
import type { Context } from 'rxjs-marbles';
import { describe, expect, it } from 'vitest';
import {
  assignmentUpdateThrottleMs,
  liveDedupWindowMs,
  orderUpdateThrottleMs,
  palletUpdateThrottleMs,
  storageUpdateThrottleMs,
} from '../config';
import { defaultLiveTiming, livePaces, livePipeline } from './pipeline';
import { label, marbles, palletMessage, update } from './test-support';
import type { LiveEvent, SseMessage } from './types';

// a delivery reads as its batches' labels, batches separated by |
const labels = (delivery: LiveEvent[][]) => delivery.map((batch) => batch.map(label).join('')).join('|');
const run = (source: Observable<SseMessage>, m: Context) =>
  source.pipe(livePipeline('L1', defaultLiveTiming, m.scheduler), map(labels));

const order = (id: string) => update({ type: 'order', action: 'update', orders: [{ id, palletIds: [] }] });
const assign = (orderId: string) => update({ type: 'ASSIGNMENT_UPDATE', orderId, palletIds: ['p'] });
const store = (palletId: string) =>
  update({ type: 'STORAGE_POSITION_UPDATE', action: 'assign_to_zone', position: { palletId, zoneId: 'z' } });
const zone = (id: string) =>
  update({
    type: 'STORAGE_ZONE_UPDATE',
    action: 'update',
    zones: [{ id, name: id, rows: 2, rowCapacity: 4 }],
  });

describe('livePipeline timing (SPEC 9)', () => {
  it("paces by SPEC 9's figures: 150 ms pallets and orders, 300 ms assignments batched, 500 ms storage not", () => {
    expect(livePaces(defaultLiveTiming)).toEqual({
      pallet: { windowMs: 150, batched: true },
      palletZone: { windowMs: 150, batched: true },
      order: { windowMs: 150, batched: true },
      assignment: { windowMs: 300, batched: true },
      storage: { windowMs: 500, batched: false },
      zone: { windowMs: 500, batched: false },
      settings: { windowMs: 500, batched: false },
      printers: { windowMs: 500, batched: false },
      scales: { windowMs: 500, batched: false },
    });
    expect(defaultLiveTiming.dedupMs).toBe(1_000);
  });

  it(
    'throttles pallet updates: the first at once, one inside the window at its end, the next window after',
    marbles((m) => {
      const w = palletUpdateThrottleMs;
      const source = m.hot(`  a ${w - 2}ms b 1ms c         ${2 * w - 2}ms |`, {
        a: palletMessage('a'),
        b: palletMessage('b'),
        c: palletMessage('c'),
      });
      //                      [------ w ------)[------ w ------)[------ w ------)
      const expected = `      a ${w - 1}ms b ${w - 1}ms c ${w - 1}ms |`;
      m.expect(run(source, m)).toBeObservable(expected);
      m.expect(source).toHaveSubscriptions(`^ ${3 * w - 1}ms !`);
    }),
  );

  it(
    'throttles and batches order updates',
    marbles((m) => {
      const w = orderUpdateThrottleMs;
      const source = m.hot(`  a ${w - 2}ms (bc) ${w}ms |`, { a: order('a'), b: order('b'), c: order('c') });
      //                      [------ w ------)   b and c fall into a's window
      const expected = `      a ${w - 1}ms x ${w + 2}ms |`;
      m.expect(run(source, m)).toBeObservable(expected, { a: 'a', x: 'bc' });
    }),
  );

  it(
    'throttles and batches assignment updates',
    marbles((m) => {
      const w = assignmentUpdateThrottleMs;
      const source = m.hot(`  a ${w - 2}ms (bc) ${w}ms |`, {
        a: assign('a'),
        b: assign('b'),
        c: assign('c'),
      });
      //                      [------ w ------)   b and c fall into a's window
      const expected = `      a ${w - 1}ms x ${w + 2}ms |`;
      m.expect(run(source, m)).toBeObservable(expected, { a: 'a', x: 'bc' });
    }),
  );

  it(
    'throttles storage position updates without batching them, and zone changes alike',
    marbles((m) => {
      const w = storageUpdateThrottleMs;
      const source = m.hot(`  a ${w - 2}ms (bc) ${w}ms d e ${w}ms |`, {
        a: store('a'),
        b: store('b'),
        c: store('c'),
        d: zone('d'),
        e: zone('e'),
      });
      //                      [------ w ------)                 [------ w ------)
      const expected = `      a ${w - 1}ms x ${w + 2}ms d ${w - 1}ms e 1ms |`;
      m.expect(run(source, m)).toBeObservable(expected, { a: 'a', x: 'b|c', d: 'd', e: 'e' });
    }),
  );

  it(
    'keeps arrival order across types: an item falling due takes everything queued before it',
    marbles((m) => {
      const source = m.hot('  a b 1ms c |', { a: store('a'), b: store('b'), c: palletMessage('c') });
      //                      [----- storage window -----)   the pallet c is due at once and carries b
      const expected = '      a 2ms x |';
      m.expect(run(source, m)).toBeObservable(expected, { a: 'a', x: 'b|c' });
    }),
  );

  it(
    'drops an identical repeat within the dedup window and lets it through from the window on',
    marbles((m) => {
      const d = liveDedupWindowMs;
      const source = m.hot(`  a ${d - 2}ms a a |`, { a: palletMessage('a') });
      //                      [---------- d ----------)
      const expected = `      a ${d - 2}ms - a |`;
      m.expect(run(source, m)).toBeObservable(expected);
    }),
  );

  it(
    'lets a same-key update with a changed body through: it is newer data, not a repeat',
    marbles((m) => {
      const source = m.hot(`  a ${palletUpdateThrottleMs}ms b |`, {
        a: palletMessage('a'),
        b: palletMessage('a', 'update', { weight: 612 }),
      });
      const expected = `      a ${palletUpdateThrottleMs}ms a |`;
      m.expect(run(source, m)).toBeObservable(expected);
    }),
  );

  it(
    'drops events of another location and messages that are no live update',
    marbles((m) => {
      const source = m.hot('  a b c |', {
        a: update({ type: 'pallet', action: 'add', pallets: [{ id: 'a' }], locationId: 'L2' }),
        b: { event: 'heartbeat', id: null, data: {} },
        c: palletMessage('c'),
      });
      m.expect(run(source, m)).toBeObservable('- - c |');
    }),
  );

  it(
    'passes an error on and tears down',
    marbles((m) => {
      const source = m.hot('  a #', { a: palletMessage('a') });
      m.expect(run(source, m)).toBeObservable('a #');
      m.expect(source).toHaveSubscriptions('^ !');
    }),
  );
});
