import { describe, expect, it } from 'vitest';
import { processedUpdatesCap, processedUpdatesTrimTo } from '../config';
import { DedupMemory, keyHash, sameKey } from './dedup';
import { normaliseMessage } from './normalise';
import { palletMessage, update } from './test-support';
import type { LiveEvent } from './types';

const event = (id: string) => normaliseMessage(palletMessage(id), 0) as LiveEvent;
const read = (data: Record<string, unknown>) => normaliseMessage(update(data), 0) as LiveEvent;

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

  it('counts a key remembered again once, as the newest', () => {
    const memory = new DedupMemory(1_000, 3, 2);
    const admits = (id: string, weight = 1) =>
      memory.admits(read({ type: 'pallet', action: 'update', pallets: [{ id, weight }] }), 0);
    admits('a');
    admits('b');
    // a newer change of a: remembered again, as the newest, many times over (the memory's places fill and are reused)
    for (let weight = 2; weight < 50; weight++) expect(admits('a', weight)).toBe(true);
    admits('c');
    admits('d'); // the 4th key: trimmed to the newest 2, c and d (b is the oldest, then a)
    expect(admits('c')).toBe(false);
    expect(admits('d')).toBe(false);
    expect(admits('a', 49)).toBe(true);
    expect(admits('b')).toBe(true);
  });

  it('keys by type, action and the ids named', () => {
    const same = (a: Record<string, unknown>, b: Record<string, unknown>) => sameKey(read(a), read(b));
    const pallets = { type: 'pallet', action: 'add', pallets: [{ id: 'a' }, { id: 'b' }] };
    expect(same(pallets, { ...pallets, pallets: [{ id: 'a', weight: 3 }, { id: 'b' }] })).toBe(true);
    expect(same(pallets, { ...pallets, action: 'update' })).toBe(false);
    expect(same(pallets, { ...pallets, pallets: [{ id: 'b' }, { id: 'a' }] })).toBe(false);
    expect(same(pallets, { ...pallets, pallets: [{ id: 'a' }] })).toBe(false);
    expect(same(pallets, { ...pallets, type: 'order', orders: pallets.pallets })).toBe(false);
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

  it('tells apart two keys whose hashes are the same', () => {
    // two ids with one hash, found by the birthday bound (about 2^16 tries for 32 bits)
    const byHash = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const id = `p${i}`;
      const hash = keyHash(event(id));
      const other = byHash.get(hash);
      if (other) pair = [other, id];
      byHash.set(hash, id);
    }
    const [x, y] = pair;
    const memory = new DedupMemory();
    expect(memory.admits(event(x), 0)).toBe(true);
    expect(memory.admits(event(y), 0)).toBe(true); // not taken for x's repeat
    expect(memory.admits(event(x), 0)).toBe(false);
    expect(memory.admits(event(y), 0)).toBe(false);
  });
});
