import { catchError, defer, firstValueFrom, type Observable, switchMap, throwError } from 'rxjs';
import { isApiError } from './errors';
import { type ApiRequest, type FetchLike, type Query, send } from './send';

/** What the API client needs: a fetch, the current token, and the session's smart 401 recovery. */
export interface ApiClientDeps {
  fetch: FetchLike;
  baseUrl?: string;
  /** The stored access token (read on every call, so a refreshed token is used at once). */
  token: () => string | null;
  /** Smart recovery after a 401: emits the new token, or errors when recovery failed. */
  recover?: () => Observable<string>;
}

/** Options of the shortcut methods. */
export interface CallOptions {
  query?: Query;
  headers?: Record<string, string>;
}

/** The API client of SPEC 7/8: Observables (`request$`) for streams, Promises for screens. */
export interface ApiClient {
  request$<T = unknown>(request: ApiRequest): Observable<T>;
  request<T = unknown>(request: ApiRequest): Promise<T>;
  get<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: CallOptions): Promise<T>;
}

/**
 * The client every screen and stream calls the server with. A 401 goes through `recover` once and the
 * call is retried with the new token; if recovery fails the caller gets the 401 `ApiError`.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const request$ = <T>(request: ApiRequest): Observable<T> =>
    defer(() => send<T>(deps, request, deps.token())).pipe(
      catchError((error: unknown) =>
        deps.recover && isApiError(error) && error.status === 401
          ? deps.recover().pipe(
              catchError(() => throwError(() => error)),
              switchMap((token) => send<T>(deps, request, token)),
            )
          : throwError(() => error),
      ),
    );
  const request = <T>(call: ApiRequest): Promise<T> => firstValueFrom(request$<T>(call));
  return {
    request$,
    request,
    get: (path, options) => request({ method: 'GET', path, ...options }),
    post: (path, body, options) => request({ method: 'POST', path, body, ...options }),
    put: (path, body, options) => request({ method: 'PUT', path, body, ...options }),
    patch: (path, body, options) => request({ method: 'PATCH', path, body, ...options }),
    delete: (path, options) => request({ method: 'DELETE', path, ...options }),
  };
}
