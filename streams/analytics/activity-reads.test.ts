import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../http/client';
import { createFakeFetch, type FakeAnswer, type FakeRequest } from '../http/fake-fetch';
import { readEventHistory, readEvents, readUserActivity } from './activity-reads';
import { createAnalytics } from './analytics';

const event = {
  id: 'e1',
  eventType: 'pallet_created',
  palletId: 'p1',
  orderId: null,
  username: 'bea',
  notes: null,
  createdAt: '2026-11-20T10:00:00Z',
};

function setup(answer: (request: FakeRequest) => FakeAnswer) {
  const fetch = createFakeFetch(answer);
  const analytics = createAnalytics({
    api: createApiClient({ fetch, token: () => 't' }),
    log: () => undefined,
  });
  return { fetch, analytics };
}

describe('the Activity section’s reads, parsed (SPEC 7)', () => {
  it('parses the events, leaving out the fields the section does not show', async () => {
    const { fetch, analytics } = setup(() => ({
      body: { data: [{ ...event, userId: 'u2', scanType: null }], total: 1, limit: 100, offset: 0 },
    }));
    const read = await firstValueFrom(readEvents(analytics, { locationId: 'L1', limit: 100 }));
    expect(read).toEqual({ data: [event], source: '/api/insights', advice: null });
    expect(fetch.calls[0].path).toBe('/api/insights/events');
    expect(Object.fromEntries(fetch.calls[0].query)).toEqual({ locationId: 'L1', limit: '100' });
  });

  it('reads a pallet’s or an order’s history from its own path', async () => {
    const { fetch, analytics } = setup(() => ({ body: { data: [event] } }));
    expect((await firstValueFrom(readEventHistory(analytics, { kind: 'pallet', id: 'p 1' }))).data).toEqual([
      event,
    ]);
    expect((await firstValueFrom(readEventHistory(analytics, { kind: 'order', id: 'o1' }))).data).toEqual([
      event,
    ]);
    expect(fetch.calls.map((call) => call.path)).toEqual([
      '/api/insights/events/pallet/p%201',
      '/api/insights/events/order/o1',
    ]);
  });

  it('parses each person’s count, someone no longer known included', async () => {
    const { analytics } = setup(() => ({
      body: {
        data: [
          { userId: 'u1', username: 'ann', eventCount: 3, lastEventAt: '2026-11-20T10:00:00Z' },
          { userId: 'u9', username: null, eventCount: 1, lastEventAt: '2026-11-19T10:00:00Z' },
        ],
      },
    }));
    expect((await firstValueFrom(readUserActivity(analytics, { locationId: 'L1' }))).data).toEqual([
      { userId: 'u1', username: 'ann', eventCount: 3 },
      { userId: 'u9', username: null, eventCount: 1 },
    ]);
  });

  it('passes the fallback through with its advice when no endpoint answers', async () => {
    const { analytics } = setup(() => 'no-response');
    const events = await firstValueFrom(readEvents(analytics, {}));
    expect(events).toMatchObject({ data: [], source: 'fallback' });
    expect(events.advice).not.toBeNull();
    expect((await firstValueFrom(readUserActivity(analytics, {}))).data).toEqual([]);
  });

  it('fails the read when an answer lacks what the section shows, rather than drawing it half', async () => {
    const { analytics } = setup(() => ({ body: { data: [{ id: 'e1' }] } }));
    await expect(firstValueFrom(readEventHistory(analytics, { kind: 'pallet', id: 'p1' }))).rejects.toThrow();
    const people = setup(() => ({ body: { data: [{ userId: 'u1', username: 'ann', eventCount: '3' }] } }));
    await expect(firstValueFrom(readUserActivity(people.analytics, {}))).rejects.toThrow();
  });
});
