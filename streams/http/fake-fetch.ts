import type { FetchLike } from './send';

/** A request as the fake server sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A fake answer: a JSON body with a status, a raw text body, or no answer at all. */
export type FakeAnswer = { status?: number; body?: unknown; text?: string } | 'no-response';

/**
 * An in-memory `fetch` for tests of anything that calls the API: `handler` answers each request, and
 * `calls` records them in order. Answers are real `Response` objects, as from the browser's fetch.
 */
export function createFakeFetch(
  handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): FetchLike & {
  calls: FakeRequest[];
} {
  const calls: FakeRequest[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const parsed = new URL(url, 'http://app.test');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const answer = await handler(request);
    if (answer === 'no-response') throw new TypeError('fetch failed');
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : text, { status });
  };
  return Object.assign(fetch, { calls });
}
