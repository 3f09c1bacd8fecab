import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import { dedup, dedupKey } from './dedup';
import { normaliseMessage } from './normalise';
import { palletMessage, update, virtualScheduler } from './test-support';
import type { LiveEvent } from './types';

const event = (id: string) => normaliseMessage(palletMessage(id), 0) as LiveEvent;

describe('dedup memory (SPEC 9)', () => {
  it('remembers at most 1,000 keys and then keeps the newest 500', () => {
    const scheduler = virtualScheduler();
    const source = new Subject<LiveEvent>();
    const passed: string[] = [];
    source.pipe(dedup(1_000, processedUpdatesCap, processedUpdatesTrimTo, scheduler)).subscribe((e) => {
      passed.push(e.type === 'pallet' ? e.pallets[0].id : '');
    });
    for (let i = 0; i <= 1_000; i++) source.next(event(`p${i}`)); // the 1,001st key overflows the memory
    passed.length = 0;
    source.next(event('p0')); // forgotten by the trim: passes again
    source.next(event('p500')); // the newest of the trimmed: passes
    source.next(event('p1000')); // the newest: still remembered, dropped
    source.next(event('p501')); // the oldest kept: dropped
    expect(passed).toEqual(['p0', 'p500']);
  });

  it('keys by type, action and the ids named', () => {
    const key = (data: Record<string, unknown>) => dedupKey(normaliseMessage(update(data), 0) as LiveEvent);
    expect(key({ type: 'pallet', action: 'add', pallets: [{ id: 'a' }, { id: 'b' }] })).toBe(
      'pallet|add|a,b',
    );
    expect(key({ type: 'order', action: 'delete', orders: [{ id: 'o' }] })).toBe('order|delete|o');
    expect(key({ type: 'assignment', orderId: 'o', palletIds: ['a'], assignmentId: 's' })).toBe(
      'assignment|s|o|a',
    );
    expect(key({ type: 'storage', action: 'assign_to_zone', position: { id: 'x', palletId: 'a' } })).toBe(
      'storage|assign_to_zone|x|a',
    );
    expect(key({ type: 'PALLET_UPDATED', action: 'update_storage_zone', palletId: 'a' })).toBe(
      'palletZone|update_storage_zone|a',
    );
  });
});
