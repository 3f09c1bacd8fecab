import { catchError, defer, map, type Observable, of, shareReplay } from 'rxjs';
import type { ApiClient } from '../http/client';

/**
 * Usernames by id from GET /api/users/{id}, each fetched once and cached; null for a user whose
 * record cannot be read, whom the screens name with SPEC 7's fallback ("User" plus the id) in
 * their language.
 */
export function createUserNames(api: Pick<ApiClient, 'request$'>): (id: string) => Observable<string | null> {
  const cache = new Map<string, Observable<string | null>>();
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
          body?.success !== false && typeof body?.data?.username === 'string' ? body.data.username : null,
        ),
        catchError(() => of(null)),
        shareReplay(1),
      );
      cache.set(id, name);
    }
    return name;
  };
}
