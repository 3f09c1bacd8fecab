import { catchError, defer, map, type Observable, of, throwError } from 'rxjs';
import type { ApiClient } from '../http/client';
import { isApiError } from '../http/errors';
import type { ApiRequest } from '../http/send';

/** Where analytics reads are tried, in order (SPEC 7). */
export const analyticsPrefixes = ['/api/insights', '/api/metrics', '/api/analytics'] as const;

/** One of the analytics read prefixes. */
export type AnalyticsPrefix = (typeof analyticsPrefixes)[number];

/** SPEC 8's advice when every analytics endpoint went unanswered, as an ad blocker causes. */
export const adBlockerAdvice =
  'Analytics requests appear to be blocked by an ad blocker or privacy extension. Please whitelist this site to see analytics.';

/** A read's result: the data, where it came from ('fallback' when every prefix failed), and advice if any. */
export interface AnalyticsRead<T> {
  data: T;
  source: AnalyticsPrefix | 'fallback';
  advice: string | null;
}

/** A `{data}` answer's data; other answers as they are. */
const unwrap = (body: unknown): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) && 'data' in body
    ? (body as { data: unknown }).data
    : body;

/**
 * Tries each prefix (the last one that worked first), remembering the one that answers. When all fail,
 * emits `fallback` with the ad-blocker advice if none was even answered, or errors when no fallback.
 */
export function createPrefixReader(api: Pick<ApiClient, 'request$'>) {
  let working: AnalyticsPrefix = analyticsPrefixes[0];
  return function read<T>(request: ApiRequest, fallback?: () => T): Observable<AnalyticsRead<T>> {
    return defer(() => {
      const order = [working, ...analyticsPrefixes.filter((prefix) => prefix !== working)];
      const attempt = (index: number, errors: unknown[]): Observable<AnalyticsRead<T>> => {
        if (index === order.length) {
          if (!fallback) return throwError(() => errors[0]);
          const blocked = errors.every((error) => isApiError(error) && error.kind === 'no-response');
          return of({
            data: fallback(),
            source: 'fallback' as const,
            advice: blocked ? adBlockerAdvice : null,
          });
        }
        const prefix = order[index];
        return api.request$({ ...request, path: `${prefix}${request.path}` }).pipe(
          map((body) => {
            working = prefix;
            return { data: unwrap(body) as T, source: prefix, advice: null };
          }),
          catchError((error: unknown) => attempt(index + 1, [...errors, error])),
        );
      };
      return attempt(0, []);
    });
  };
}
