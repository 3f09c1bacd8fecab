import { from, map, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { liveDedupWindowMs, processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import { dedupKey, dedupRepeats } from './dedup-repeats';
import { normaliseMessage } from './normalise';
import { label, marbles, palletMessage, update } from './test-support';
import type { LiveEvent } from './types';

const read = (data: Record<string, unknown>) => normaliseMessage(update(data), 0) as LiveEvent;
const pallet = (id: string, weight = 500) =>
  normaliseMessage(palletMessage(id, 'update', { weight }), 0) as LiveEvent;
const d = liveDedupWindowMs;

describe('dedupRepeats (SPEC 5, 9)', () => {
  it('holds SPEC 9 figures: a 1 s window, a memory of 1,000 keys trimmed to 500', () => {
    expect([liveDedupWindowMs, processedUpdatesCap, processedUpdatesTrimTo]).toEqual([1_000, 1_000, 500]);
  });

  it(
    'drops an identical repeat within the window and lets it through from the window on',
    marbles((m) => {
      const source = m.hot(`  a ${d - 2}ms a 1ms a 1ms a |`, { a: pallet('a') });
      //                      [---------- d ----------)[---------- d ...   windows of the last a passed
      const expected = `      a ${d - 1}ms - a 1ms - |`;
      m.expect(source.pipe(dedupRepeats(d, m.scheduler), map(label))).toBeObservable(expected);
      m.expect(source).toHaveSubscriptions(`^ ${d + 3}ms !`);
    }),
  );

  it(
    "lets a same-key event with another body through: it is a newer change (the product's reading of SPEC 5)",
    marbles((m) => {
      const source = m.hot('  a b a |', { a: pallet('a', 500), b: pallet('a', 612) });
      m.expect(
        source.pipe(
          dedupRepeats(d, m.scheduler),
          map((e) => e.type === 'pallet' && e.pallets[0].weight),
        ),
      ).toBeObservable('                     a b a |', { a: 500, b: 612 });
    }),
  );

  it(
    'reads a key per type, action and ids: events of other keys pass',
    marbles((m) => {
      const source = m.hot('  a b c |', {
        a: pallet('a'),
        b: read({ type: 'pallet', action: 'delete', pallets: [{ id: 'a', weight: 500 }] }),
        c: read({ type: 'order', action: 'update', orders: [{ id: 'a' }] }),
      });
      m.expect(source.pipe(dedupRepeats(d, m.scheduler), map(label))).toBeObservable('a a a |');
    }),
  );

  it(
    'remembers at most 1,000 keys and then keeps the newest 500',
    marbles((m) => {
      // keys k0 … k1000: the 1,001st overflows the memory, which keeps k501 … k1000
      const keys = Array.from({ length: processedUpdatesCap + 1 }, (_, i) => pallet(`k${i}`));
      const oldestKept = processedUpdatesCap + 1 - processedUpdatesTrimTo;
      const again = [keys[0], keys[oldestKept - 1], keys[oldestKept], keys[processedUpdatesCap]];
      const passed = from([...keys, ...again]).pipe(dedupRepeats(d, m.scheduler), map(label), toArray());
      const forgotten = ['k0', `k${oldestKept - 1}`];
      m.expect(passed).toBeObservable('(x|)', { x: [...keys.map(label), ...forgotten] });
    }),
  );

  it(
    'passes an error on and tears down when unsubscribed',
    marbles((m) => {
      const failing = m.cold('  a #', { a: pallet('a') });
      m.expect(failing.pipe(dedupRepeats(d, m.scheduler), map(label))).toBeObservable('a #');
      const endless = m.hot('   a 5ms a', { a: pallet('a') });
      m.expect(endless.pipe(dedupRepeats(d, m.scheduler), map(label)), '^ 3ms !').toBeObservable('a');
      m.expect(endless).toHaveSubscriptions('^ 3ms !');
    }),
  );
});

describe('dedupKey', () => {
  it('is the type and action plus the ids named, in order', () => {
    const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      dedupKey(read(a)) === dedupKey(read(b));
    const pallets = { type: 'pallet', action: 'add', pallets: [{ id: 'a' }, { id: 'b' }] };
    expect(same(pallets, { ...pallets, pallets: [{ id: 'a', weight: 3 }, { id: 'b' }] })).toBe(true);
    expect(same(pallets, { ...pallets, action: 'update' })).toBe(false);
    expect(same(pallets, { ...pallets, pallets: [{ id: 'b' }, { id: 'a' }] })).toBe(false);
    expect(same(pallets, { ...pallets, pallets: [{ id: 'a' }] })).toBe(false);
    expect(same(pallets, { ...pallets, type: 'order', orders: pallets.pallets })).toBe(false);
    const zones = { type: 'STORAGE_ZONE_UPDATE', action: 'add', zones: [{ id: 'z' }] };
    expect(same(zones, { ...zones, zones: [{ id: 'z', name: 'Cold store' }] })).toBe(true);
    expect(same(zones, { ...zones, action: 'delete' })).toBe(false);
    const assignment = { type: 'assignment', orderId: 'o', palletIds: ['a'], assignmentId: 's' };
    expect(same(assignment, { ...assignment })).toBe(true);
    expect(same(assignment, { ...assignment, assignmentId: 't' })).toBe(false);
    expect(same(assignment, { ...assignment, orderId: 'p' })).toBe(false);
    expect(same(assignment, { ...assignment, palletIds: ['a', 'b'] })).toBe(false);
    const storage = {
      type: 'storage',
      action: 'assign_to_zone',
      position: { id: 'x', palletId: 'a', zoneId: 'Z' },
    };
    expect(same(storage, { ...storage, position: { id: 'x', palletId: 'a', zoneId: 'Y' } })).toBe(true);
    expect(same(storage, { ...storage, position: { id: 'y', palletId: 'a' } })).toBe(false);
    expect(same(storage, { ...storage, position: { id: 'x', palletId: 'b' } })).toBe(false);
    expect(same(storage, { ...storage, action: 'remove' })).toBe(false);
    const zone = { type: 'PALLET_UPDATED', action: 'update_storage_zone', palletId: 'a', storageZone: 'Z' };
    expect(same(zone, { ...zone, storageZone: 'Y' })).toBe(true);
    expect(same(zone, { ...zone, palletId: 'b' })).toBe(false);
    expect(same(zone, { ...zone, action: 'clear' })).toBe(false);
  });
});
