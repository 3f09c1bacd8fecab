import { catchError, defer, map, type Observable, of, shareReplay } from 'rxjs';
import type { ApiClient } from '../http/client';

/** The name shown for a user whose record cannot be read (SPEC 7). */
export const fallbackUserName = (id: string): string => `User ${id}`;

/** Usernames by id from GET /api/users/{id}, each fetched once and cached. */
export function createUserNames(api: Pick<ApiClient, 'request$'>): (id: string) => Observable<string> {
  const cache = new Map<string, Observable<string>>();
  return (id) => {
    let name = cache.get(id);
    if (!name) {
      name = defer(() =>
        api.request$<{ success?: boolean; data?: { username?: unknown } }>({
          method: 'GET',
          path: `/api/users/${encodeURIComponent(id)}`,
        }),
      ).pipe(
        map((body) =>
          body?.success !== false && typeof body?.data?.username === 'string'
            ? body.data.username
            : fallbackUserName(id),
        ),
        catchError(() => of(fallbackUserName(id))),
        shareReplay(1),
      );
      cache.set(id, name);
    }
    return name;
  };
}
