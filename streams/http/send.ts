import { defer, type Observable } from 'rxjs';
import { isPalletPath, snakeToCamel } from './case';
import { apiErrorFromStatus, apiErrorMessages, noResponseError, toApiError } from './errors';

/** The slice of `fetch` the client uses; the browser's and Node's `fetch` both fit. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Query values; `undefined` and `null` are left out, arrays and objects are sent as JSON. */
export type Query = Record<string, string | number | boolean | null | undefined | readonly unknown[]>;

/** One call: method, path under the API base, optional JSON body and query. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
}

/** What `send` needs: a fetch and the API's base address ('' for the same origin). */
export interface SendDeps {
  fetch: FetchLike;
  baseUrl?: string;
}

/** `path` with its query appended (`undefined`/`null` values dropped). */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

const plainTextSuccess = /^(ok|success)$/i;

/** The body of an answer: JSON, or SPEC 7/8's success object for plain `ok`/`success` and unparseable successes. */
export function parseBody(text: string, ok: boolean): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (plainTextSuccess.test(text.trim())) return { success: true };
    return ok ? { success: true, message: apiErrorMessages.parsedSuccess } : text;
  }
}

async function exchange(deps: SendDeps, request: ApiRequest, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await deps.fetch(`${deps.baseUrl ?? ''}${withQuery(request.path, request.query)}`, {
      method: request.method,
      headers,
      credentials: 'include',
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    throw noResponseError();
  }
  const body = parseBody(await response.text(), response.ok);
  if (!response.ok) throw apiErrorFromStatus(response.status, body);
  return isPalletPath(request.path) ? snakeToCamel(body) : body;
}

/**
 * One call, no 401 recovery: credentials included, bearer `token` when given, errors as `ApiError`.
 * Cold: nothing is sent until subscription.
 */
export function send<T = unknown>(deps: SendDeps, request: ApiRequest, token: string | null): Observable<T> {
  return defer(() =>
    exchange(deps, request, token).catch((error: unknown) => {
      throw toApiError(error);
    }),
  ) as Observable<T>;
}
