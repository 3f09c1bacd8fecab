import { EMPTY, expand, forkJoin, map, type Observable, reduce } from 'rxjs';
import type { ApiClient } from '../http/client';
import type { LiveSnapshot } from './projection';
import type { Order, OverviewStats, Pallet } from './types';

/** A page of a list route (pallet pages arrive camelCased by the client, SPEC 7). */
interface Page<T> {
  data: T[];
  nextCursor: string | null;
  lastEventId: number;
}

const pageSize = 1_000;

/** Every page of a list route, as one list plus the oldest live event id a page was current with. */
function allPages<T>(api: ApiClient, path: string, locationId: string): Observable<Page<T>> {
  const page = (cursor: string | null) =>
    api.request$<Page<T>>({ method: 'GET', path, query: { locationId, limit: pageSize, cursor } });
  return page(null).pipe(
    expand((last) => (last.nextCursor ? page(last.nextCursor) : EMPTY)),
    reduce((all, next) => ({
      data: all.data.concat(next.data),
      nextCursor: null,
      lastEventId: Math.min(all.lastEventId, next.lastEventId),
    })),
  );
}

/**
 * Loads a location's snapshot over REST (CONTRACT "Warehouse data"): every active pallet, every
 * order and the overview. Its last event id is the oldest any page was current with, so that no
 * event a page missed is skipped when the stream is applied on top.
 */
export function restSnapshotLoader(api: ApiClient): (locationId: string) => Observable<LiveSnapshot> {
  return (locationId) =>
    forkJoin({
      pallets: allPages<Pallet>(api, '/api/pallets', locationId),
      orders: allPages<Order>(api, '/api/orders', locationId),
      overview: api.request$<OverviewStats>({
        method: 'GET',
        path: '/api/dashboard/overview',
        query: { locationId },
      }),
    }).pipe(
      map(({ pallets, orders, overview }) => ({
        pallets: pallets.data,
        orders: orders.data,
        overview,
        lastEventId: Math.min(pallets.lastEventId, orders.lastEventId),
      })),
    );
}
