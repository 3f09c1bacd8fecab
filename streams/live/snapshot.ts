import { combineLatest, EMPTY, expand, filter, forkJoin, last, map, type Observable, scan } from 'rxjs';
import type { ApiClient } from '../http/client';
import { readOrder, readPallet, readZone } from './normalise';
import type { LiveSnapshot } from './projection';
import type { OverviewStats, Pallet } from './types';

/** A page of a list route (pallet pages arrive camelCased by the client, SPEC 7). */
interface Page<T> {
  data: T[];
  nextCursor: string | null;
  lastEventId: number;
}

const pageSize = 1_000;

/**
 * The pages of a list route read so far, as one list of the items `read` makes something of, plus
 * the oldest live event id a page was current with: one value a page, the last with no next
 * cursor. Each page is read as it arrives, while the next loads.
 */
function pagesOf<T>(
  api: ApiClient,
  path: string,
  query: Record<string, string>,
  read: (item: unknown) => T | null,
): Observable<Page<T>> {
  const page = (cursor: string | null) =>
    api.request$<Page<unknown>>({ method: 'GET', path, query: { ...query, limit: pageSize, cursor } }).pipe(
      map((raw) => ({
        ...raw,
        data: raw.data.map(read).filter((item): item is T => item !== null),
      })),
    );
  return page(null).pipe(
    expand((latest) => (latest.nextCursor ? page(latest.nextCursor) : EMPTY)),
    scan((all, next) => ({
      data: all.data.concat(next.data),
      nextCursor: next.nextCursor,
      lastEventId: Math.min(all.lastEventId, next.lastEventId),
    })),
  );
}

/** Every page of a list route of a location, joined (`pagesOf`'s last value). */
const allPages = <T>(api: ApiClient, path: string, locationId: string, read: (item: unknown) => T | null) =>
  pagesOf(api, path, { locationId }, read).pipe(last());

/** The pallets of one status read so far, page by page; `done` on the last page. */
export interface PalletsLoad {
  pallets: Pallet[];
  /** The oldest live event id a page was current with: later events are applied on top. */
  lastEventId: number;
  done: boolean;
}

/**
 * Loads a location's pallets of a status (GET /api/pallets `status`: shipped, processed or all),
 * every page, telling after each page how many have come so far.
 */
export function restPalletsLoader(
  api: ApiClient,
): (locationId: string, status: string) => Observable<PalletsLoad> {
  return (locationId, status) =>
    pagesOf(api, '/api/pallets', { locationId, status }, readPallet).pipe(
      map((page) => ({ pallets: page.data, lastEventId: page.lastEventId, done: page.nextCursor === null })),
    );
}

/**
 * Loads a location's snapshot over REST: every active pallet, every order, every storage zone
 * and the overview, each entity read as the live events' are. Its last event id is the oldest any
 * page was current with, so that no event a page missed is skipped when the stream is applied on
 * top. When the pallets take more than one page, the first comes before them all as a snapshot
 * marked `partial` (with every order, zone and the overview): a screen draws its first rows while
 * the rest load.
 */
export function restSnapshotLoader(api: ApiClient): (locationId: string) => Observable<LiveSnapshot> {
  return (locationId) =>
    combineLatest([
      pagesOf(api, '/api/pallets', { locationId }, readPallet),
      forkJoin({
        orders: allPages(api, '/api/orders', locationId, readOrder),
        zones: allPages(api, '/api/storage/zones', locationId, readZone),
        overview: api.request$<OverviewStats>({
          method: 'GET',
          path: '/api/dashboard/overview',
          query: { locationId },
        }),
      }),
    ]).pipe(
      // what has come when the rest are first in, then every pallet
      filter(([pallets], index) => index === 0 || pallets.nextCursor === null),
      map(([pallets, { orders, zones, overview }]) => ({
        pallets: pallets.data,
        orders: orders.data,
        zones: zones.data,
        overview,
        lastEventId: Math.min(pallets.lastEventId, orders.lastEventId, zones.lastEventId),
        ...(pallets.nextCursor !== null && { partial: true }),
      })),
    );
}
