import { describe, expect, it } from 'vitest';
import {
  type ActivityFilters,
  activityEventLimit,
  activityEventsQuery,
  activityRange,
  fillsEventPage,
  noActivityFilters,
} from './activity-query';

const pallet = '0193a1b2-0000-7000-8000-00000000abcd';
const order = '0193a1b2-0000-7000-8000-0000000000ef';
const user = '0f9c2a4e-1b7d-4c8e-9a3f-5d6e7f8a9b0c';
const only = (change: Partial<ActivityFilters>): ActivityFilters => ({ ...noActivityFilters, ...change });

describe('activity query (SPEC 7)', () => {
  it('without filters asks for the newest page of the location, the range left open', () => {
    expect(activityEventsQuery(noActivityFilters, 'L1')).toEqual({ locationId: 'L1', limit: 100 });
    expect(activityRange(noActivityFilters, 'L1')).toEqual({ locationId: 'L1' });
    expect(activityEventLimit).toBe(100);
  });

  it('sends every filter that is not blank, the event type as a list of one', () => {
    const filters: ActivityFilters = {
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      eventType: 'pallet_created',
      userId: user,
      palletId: pallet,
      orderId: order,
    };
    expect(activityEventsQuery(filters, 'L1')).toEqual({
      locationId: 'L1',
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      limit: 100,
      eventTypes: ['pallet_created'],
      userId: user,
      palletId: pallet,
      orderId: order,
    });
  });

  it('trims pasted ids and leaves out ids of only spaces', () => {
    expect(activityEventsQuery(only({ palletId: ` ${pallet}\n`, orderId: '   ' }), 'L1')).toEqual({
      locationId: 'L1',
      limit: 100,
      palletId: pallet,
    });
  });

  it('gives stats and user activity the dates alone, either end left open when blank', () => {
    const filters = only({ startDate: '2026-11-01', eventType: 'pallet_created', palletId: pallet });
    expect(activityRange(filters, 'L1')).toEqual({ locationId: 'L1', startDate: '2026-11-01' });
    expect(activityRange(only({ endDate: '2026-11-20' }), 'L2')).toEqual({
      locationId: 'L2',
      endDate: '2026-11-20',
    });
  });

  it('tells a full page, which may leave older events out, from a shorter one', () => {
    expect(fillsEventPage(Array.from({ length: activityEventLimit }))).toBe(true);
    expect(fillsEventPage(Array.from({ length: activityEventLimit - 1 }))).toBe(false);
    expect(fillsEventPage([])).toBe(false);
  });
});
