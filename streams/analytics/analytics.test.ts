import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../http/client';
import { createFakeFetch, type FakeAnswer, type FakeRequest } from '../http/fake-fetch';
import { createAnalytics, fallbackEventTypes } from './analytics';
import { adBlockerAdvice } from './reads';
import { createUserNames } from './user-names';

const user = '0f9c2a4e-1b7d-4c8e-9a3f-5d6e7f8a9b0c';
const pallet = '01936b2e-7c4a-7d3e-8f1a-2b3c4d5e6f70';

function setup(answer: (request: FakeRequest) => FakeAnswer) {
  const fetch = createFakeFetch(answer);
  const logged: string[] = [];
  const api = createApiClient({ fetch, token: () => 't' });
  const analytics = createAnalytics({ api, log: (message) => logged.push(message) });
  return { fetch, logged, analytics, api };
}

describe('track', () => {
  it('posts a valid event, prepared, to /api/analytics/events', async () => {
    const { fetch, analytics } = setup(() => ({ status: 201, body: { success: true } }));
    const result = await analytics.track({
      event_type: 'qr_scanned',
      user_id: user,
      location_id: 3,
      pallet_id: pallet,
    });
    expect(result).toBe('sent');
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/analytics/events',
      body: {
        event_type: 'pallet_scanned',
        user_id: user,
        location_id: '3',
        pallet_id: pallet,
        notes: 'Pallet scanned by operator',
        scan_type: 'qr',
      },
    });
  });

  it('drops an invalid event without calling the server', async () => {
    const { fetch, analytics, logged } = setup(() => ({ body: {} }));
    expect(await analytics.track({ event_type: 'pallet_created', user_id: 'bob', location_id: 1 })).toBe(
      'invalid',
    );
    expect(await analytics.track({ event_type: 'nope', user_id: user, location_id: null })).toBe('invalid');
    expect(fetch.calls).toHaveLength(0);
    expect(logged).toEqual(['Invalid analytics event dropped', 'Invalid analytics event dropped']);
  });

  it('ignores failures and stops calling once the breaker is open', async () => {
    const { fetch, analytics, logged } = setup(() => ({ status: 503, body: {} }));
    const event = { event_type: 'pallet_created', user_id: user, location_id: 'L1' };
    const results = [];
    for (let n = 0; n < 4; n += 1) results.push(await analytics.track(event));
    expect(results).toEqual(['failed', 'failed', 'failed', 'blocked']);
    expect(fetch.calls).toHaveLength(3);
    expect(logged).toHaveLength(4);
    analytics.breaker.dispose();
  });
});

describe('reads with endpoint fallback (SPEC 7)', () => {
  it('reads from /api/insights and unwraps data', async () => {
    const { fetch, analytics } = setup(() => ({ body: { data: ['pallet_created'] } }));
    expect(await firstValueFrom(analytics.eventTypes())).toEqual({
      data: ['pallet_created'],
      source: '/api/insights',
      advice: null,
    });
    expect(fetch.calls[0].path).toBe('/api/insights/event-types');
  });

  it('falls through to /api/metrics, then /api/analytics, and remembers the one that works', async () => {
    const { fetch, analytics } = setup((request) =>
      request.path.startsWith('/api/analytics')
        ? { body: { data: [{ id: 'e1' }] } }
        : { status: 404, body: {} },
    );
    const first = await firstValueFrom(analytics.palletEvents('p 1'));
    expect(first).toEqual({ data: [{ id: 'e1' }], source: '/api/analytics', advice: null });
    expect(fetch.calls.map((call) => call.path)).toEqual([
      '/api/insights/events/pallet/p%201',
      '/api/metrics/events/pallet/p%201',
      '/api/analytics/events/pallet/p%201',
    ]);
    await firstValueFrom(analytics.orderEvents('o1'));
    expect(fetch.calls.at(-1)?.path).toBe('/api/analytics/events/order/o1');
    expect(fetch.calls).toHaveLength(4);
  });

  it('sends the events filters, eventTypes as a JSON list', async () => {
    const { fetch, analytics } = setup(() => ({ body: { data: [] } }));
    await firstValueFrom(
      analytics.events({
        startDate: '2026-11-01',
        eventTypes: ['pallet_created', 'order_created'],
        limit: 50,
        offset: 0,
      }),
    );
    expect(Object.fromEntries(fetch.calls[0].query)).toEqual({
      startDate: '2026-11-01',
      eventTypes: '["pallet_created","order_created"]',
      limit: '50',
      offset: '0',
    });
  });

  it('returns fallback data when every endpoint fails', async () => {
    const { analytics } = setup(() => ({ status: 500, body: {} }));
    const reads = await lastValueFrom(analytics.eventTypes().pipe(toArray()));
    expect(reads).toEqual([{ data: fallbackEventTypes, source: 'fallback', advice: null }]);
    expect(fallbackEventTypes).toEqual([
      'pallet_created',
      'pallet_updated',
      'pallet_deleted',
      'pallet_scanned',
      'order_created',
      'order_updated',
      'order_complete',
    ]);
    expect((await firstValueFrom(analytics.stats({ startDate: 'a', endDate: 'b' }))).data).toEqual({
      totalEvents: 0,
      uniqueUsers: 0,
      eventsByType: {},
      timeRange: { start: 'a', end: 'b' },
    });
    expect((await firstValueFrom(analytics.stats())).data.timeRange).toEqual({ start: null, end: null });
    expect((await firstValueFrom(analytics.events())).data).toEqual([]);
    expect((await firstValueFrom(analytics.userActivity({ locationId: 'L1' }))).data).toEqual([]);
  });

  it('advises whitelisting the site when no endpoint answered at all', async () => {
    const { analytics } = setup(() => 'no-response');
    expect(await firstValueFrom(analytics.stats())).toMatchObject({
      source: 'fallback',
      advice: adBlockerAdvice,
    });
    expect(adBlockerAdvice).toContain('whitelist this site');
  });

  it('posts an intervention through the prefixes and errors when none answers', async () => {
    const ok = setup((request) =>
      request.path.startsWith('/api/insights')
        ? { status: 201, body: { data: { id: 'i1' } } }
        : { status: 404 },
    );
    const answer = await firstValueFrom(ok.analytics.addIntervention('e1', { action: 'moved' }));
    expect(answer).toEqual({ data: { id: 'i1' }, source: '/api/insights', advice: null });
    expect(ok.fetch.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/insights/events/e1/intervention',
      body: { action: 'moved' },
    });
    const down = setup(() => ({ status: 404, body: {} }));
    await expect(firstValueFrom(down.analytics.addIntervention('e1', {}))).rejects.toThrow(
      'The requested resource was not found',
    );
  });
});

describe('user names (SPEC 7)', () => {
  it('reads the username once per id, and says which cannot be read', async () => {
    const { fetch, api } = setup((request) =>
      request.path === '/api/users/u1'
        ? { body: { success: true, data: { username: 'alice' } } }
        : { status: 404, body: {} },
    );
    const names = createUserNames(api);
    expect(await firstValueFrom(names('u1'))).toBe('alice');
    expect(await firstValueFrom(names('u1'))).toBe('alice');
    expect(await firstValueFrom(names('u2'))).toBeNull();
    expect(fetch.calls.map((call) => call.path)).toEqual(['/api/users/u1', '/api/users/u2']);
  });

  it('reads no name from a refusal', async () => {
    const { api } = setup(() => ({ body: { success: false, data: { username: 'x' } } }));
    expect(await firstValueFrom(createUserNames(api)('u3'))).toBeNull();
  });
});
