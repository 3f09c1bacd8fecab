import { describe, expect, it } from 'vitest';
import { processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import { DedupMemory, dedupKey } from './dedup';
import { normaliseMessage } from './normalise';
import { palletMessage, update } from './test-support';
import type { LiveEvent } from './types';

const event = (id: string) => normaliseMessage(palletMessage(id), 0) as LiveEvent;

describe('dedup memory (SPEC 9)', () => {
  it('remembers at most 1,000 keys and then keeps the newest 500', () => {
    const memory = new DedupMemory(1_000, processedUpdatesCap, processedUpdatesTrimTo);
    const admits = (id: string) => memory.admits(event(id), 0);
    for (let i = 0; i <= 1_000; i++) admits(`p${i}`); // the 1,001st key overflows the memory
    expect(admits('p0')).toBe(true); // forgotten by the trim: passes again
    expect(admits('p500')).toBe(true); // the newest of the trimmed: passes
    expect(admits('p1000')).toBe(false); // the newest: still remembered, dropped
    expect(admits('p501')).toBe(false); // the oldest kept: dropped
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
