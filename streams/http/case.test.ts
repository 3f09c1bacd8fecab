import { describe, expect, it } from 'vitest';
import { camelName, snakeToCamel } from './case';

describe('snakeToCamel', () => {
  it('turns every key of nested objects and arrays, leaving the values and other objects as they are', () => {
    const when = new Date(0);
    expect(
      snakeToCamel({ next_cursor: null, data: [{ pallet_id: 'p', row_index: 2, at: when, ids: ['a_b'] }] }),
    ).toEqual({ nextCursor: null, data: [{ palletId: 'p', rowIndex: 2, at: when, ids: ['a_b'] }] });
  });

  it('turns names beyond those it keeps, such as keys made of ids', () => {
    const many = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`zone_${i}_row`, i]));
    const turned = snakeToCamel(many) as Record<string, number>;
    expect(turned.zone1499Row).toBe(1_499);
    expect(camelName('zone_1499_row')).toBe('zone1499Row');
    expect(camelName('lastEventId')).toBe('lastEventId');
  });
});
