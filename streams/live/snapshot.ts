import { EMPTY, expand, forkJoin, map, type Observable, reduce } from 'rxjs';
import type { ApiClient } from '../http/client';
import { readOrder, readPallet, readZone } from './normalise';
import type { LiveSnapshot } from './projection';
import type { OverviewStats } from './types';

/** A page of a list route (pallet pages arrive camelCased by the client, SPEC 7). */
interface Page<T> {
  data: T[];
  nextCursor: string | null;
  lastEventId: number;
}

const pageSize = 1_000;

/**
 * Every page of a list route, as one list of the items `read` makes something of, plus the oldest
 * live event id a page was current with. Each page is read as it arrives, while the next loads.
 */
function allPages<T>(
  api: ApiClient,
  path: string,
  locationId: string,
  read: (item: unknown) => T | null,
): Observable<Page<T>> {
  const page = (cursor: string | null) =>
    api.request$<Page<unknown>>({ method: 'GET', path, query: { locationId, limit: pageSize, cursor } }).pipe(
      map((raw) => ({
        ...raw,
        data: raw.data.map(read).filter((item): item is T => item !== null),
      })),
    );
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
 * Loads a location's snapshot over REST: every active pallet, every order, every storage zone
 * and the overview, each entity read as the live events' are. Its last event id is the oldest any page was current with, so that no
 * event a page missed is skipped when the stream is applied on top.
 */
export function restSnapshotLoader(api: ApiClient): (locationId: string) => Observable<LiveSnapshot> {
  return (locationId) =>
    forkJoin({
      pallets: allPages(api, '/api/pallets', locationId, readPallet),
      orders: allPages(api, '/api/orders', locationId, readOrder),
      zones: allPages(api, '/api/storage/zones', locationId, readZone),
      overview: api.request$<OverviewStats>({
        method: 'GET',
        path: '/api/dashboard/overview',
        query: { locationId },
      }),
    }).pipe(
      map(({ pallets, orders, zones, overview }) => ({
        pallets: pallets.data,
        orders: orders.data,
        zones: zones.data,
        overview,
        lastEventId: Math.min(pallets.lastEventId, orders.lastEventId, zones.lastEventId),
      })),
    );
}
