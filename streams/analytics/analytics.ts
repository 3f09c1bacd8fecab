import {
  asyncScheduler,
  catchError,
  firstValueFrom,
  map,
  type Observable,
  of,
  type SchedulerLike,
} from 'rxjs';
import type { ApiClient } from '../http/client';
import type { Query } from '../http/send';
import { type Breaker, BreakerOpenError, createBreaker } from './breaker';
import { type AnalyticsEvent, prepareEvent, validateEvent } from './event';
import { type AnalyticsRead, createPrefixReader } from './reads';

/** SPEC 7's fallback event types, shown when no analytics endpoint answers. */
export const fallbackEventTypes = [
  'pallet_created',
  'pallet_updated',
  'pallet_deleted',
  'pallet_scanned',
  'order_created',
  'order_updated',
  'order_complete',
];

/** Filters of GET {prefix}/events (SPEC 7); eventTypes is sent as a JSON list. */
export interface EventsQuery {
  startDate?: string;
  endDate?: string;
  eventTypes?: readonly string[];
  userId?: string;
  locationId?: string;
  palletId?: string;
  orderId?: string;
  limit?: number;
  offset?: number;
}

/** Range filters of stats and user activity. */
export interface RangeQuery {
  startDate?: string;
  endDate?: string;
  locationId?: string;
}

/** Event statistics (SPEC 7). */
export interface AnalyticsStats {
  totalEvents: number;
  uniqueUsers: number;
  eventsByType: Record<string, number>;
  timeRange: { start: string | null; end: string | null };
}

/** sent: the server took it; invalid: dropped before any call; blocked: breaker open; failed: the call failed. */
export type TrackResult = 'sent' | 'invalid' | 'blocked' | 'failed';

/** What analytics needs. */
export interface AnalyticsDeps {
  api: Pick<ApiClient, 'request$'>;
  scheduler?: SchedulerLike;
  /** Where dropped and failed events are reported (failures are not critical). */
  log?: (message: string, detail: unknown) => void;
}

/** Analytics logging and reads (SPEC 5, 7). */
export interface Analytics {
  breaker: Breaker;
  /** Validates, prepares and posts an event; never throws. */
  track(event: AnalyticsEvent): Promise<TrackResult>;
  eventTypes(): Observable<AnalyticsRead<string[]>>;
  events(query?: EventsQuery): Observable<AnalyticsRead<unknown[]>>;
  palletEvents(palletId: string): Observable<AnalyticsRead<unknown[]>>;
  orderEvents(orderId: string): Observable<AnalyticsRead<unknown[]>>;
  stats(query?: RangeQuery): Observable<AnalyticsRead<AnalyticsStats>>;
  userActivity(query?: RangeQuery): Observable<AnalyticsRead<unknown[]>>;
  /** POST {prefix}/events/{id}/intervention; errors when no prefix answers. */
  addIntervention(eventId: string, body: Record<string, unknown>): Observable<AnalyticsRead<unknown>>;
}

/** Creates the analytics client over the API client. */
export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const breaker = createBreaker(deps.scheduler ?? asyncScheduler);
  const log = deps.log ?? console.warn;
  const read = createPrefixReader(deps.api);
  const id = encodeURIComponent;
  const get = <T>(path: string, fallback: () => T, query?: Query) =>
    read<T>({ method: 'GET', path, query }, fallback);
  return {
    breaker,
    track(event) {
      const errors = validateEvent(event);
      if (Object.keys(errors).length > 0) {
        log('Invalid analytics event dropped', errors);
        return Promise.resolve('invalid');
      }
      const call = deps.api.request$({
        method: 'POST',
        path: '/api/analytics/events',
        body: prepareEvent(event),
      });
      return firstValueFrom(
        breaker.run(call).pipe(
          map((): TrackResult => 'sent'),
          catchError((error: unknown) => {
            log('Analytics event not recorded', error);
            return of<TrackResult>(error instanceof BreakerOpenError ? 'blocked' : 'failed');
          }),
        ),
      );
    },
    eventTypes: () => get('/event-types', () => [...fallbackEventTypes]),
    events: (query = {}) => get('/events', () => [], { ...query }),
    palletEvents: (palletId) => get(`/events/pallet/${id(palletId)}`, () => []),
    orderEvents: (orderId) => get(`/events/order/${id(orderId)}`, () => []),
    stats: (query = {}) =>
      get<AnalyticsStats>(
        '/stats',
        () => ({
          totalEvents: 0,
          uniqueUsers: 0,
          eventsByType: {},
          timeRange: { start: query.startDate ?? null, end: query.endDate ?? null },
        }),
        { ...query },
      ),
    userActivity: (query = {}) => get('/user-activity', () => [], { ...query }),
    addIntervention: (eventId, body) =>
      read({ method: 'POST', path: `/events/${id(eventId)}/intervention`, body }),
  };
}
