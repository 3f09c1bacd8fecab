import { describe, expect, it } from 'vitest';
import { ListCache } from '../../server/plugins/list-cache';

describe('ListCache', () => {
  it('answers an entry only for the live event id it was read at', () => {
    const cache = new ListCache();
    cache.set('a', { json: '[1]', lastEventId: 7 });
    expect(cache.get('a', 7)).toBe('[1]');
    expect(cache.get('a', 8)).toBeUndefined();
    expect(cache.get('b', 7)).toBeUndefined();
    cache.set('a', { json: '[1,2]', lastEventId: 8 });
    expect(cache.get('a', 8)).toBe('[1,2]');
    expect(cache.get('a', 7)).toBeUndefined();
  });

  it('drops the least recently used entries beyond its size and never keeps one larger than it', () => {
    const cache = new ListCache(10);
    cache.set('a', { json: 'aaaa', lastEventId: 1 });
    cache.set('b', { json: 'bbbb', lastEventId: 1 });
    expect(cache.get('a', 1)).toBe('aaaa'); // a is now the most recently used
    cache.set('c', { json: 'cccc', lastEventId: 1 });
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('aaaa');
    expect(cache.get('c', 1)).toBe('cccc');
    cache.set('d', { json: 'd'.repeat(11), lastEventId: 1 });
    expect(cache.get('d', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('aaaa');
  });
});
