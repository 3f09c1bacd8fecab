/** The error catalogue of SPEC 8: every failed call becomes an `ApiError` with one of these messages. */
export const apiErrorMessages = {
  401: 'Session expired. Please login again.',
  403: 'You do not have permission to perform this action',
  404: 'The requested resource was not found',
  422: 'Invalid data provided',
  429: 'Too many requests. Please try again later',
  500: 'Server error. Please try again later',
  502: 'Bad gateway. Please try again later',
  503: 'Service unavailable. Please try again later',
  other: 'An error occurred',
  noResponse: 'No response received from server. Please check your connection.',
  unknown: 'Unknown error occurred',
  parsedSuccess: 'Operation completed successfully',
} as const;

/** `status`: the server answered with an error status; `no-response`: the request never got an answer. */
export type ApiErrorKind = 'status' | 'no-response' | 'unknown';

/** A failed call, with the catalogue message and whatever the server said. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    /** The server's own message, when its body had one (kept even where the catalogue overrides it). */
    readonly serverMessage: string | null = null,
    /** The `code` and `details` of the CONTRACT error body, when present. */
    readonly code: string | null = null,
    readonly details: unknown = undefined,
    /** The values the refusal's sentence names (a row, a count), beside its `code`. */
    readonly params: Record<string, unknown> | undefined = undefined,
  ) {
    super(message);
  }

  /** Worth retrying: no answer, rate limit or a server-side failure (never an auth or validation refusal). */
  get transient(): boolean {
    return this.kind === 'no-response' || this.status === 429 || (this.status !== null && this.status >= 500);
  }
}

/** Whether `value` is an `ApiError`. */
export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

function serverMessageOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message || null;
  }
  return null;
}

const fixedMessages: Partial<Record<number, string>> = {
  401: apiErrorMessages[401],
  403: apiErrorMessages[403],
  404: apiErrorMessages[404],
  429: apiErrorMessages[429],
  500: apiErrorMessages[500],
  502: apiErrorMessages[502],
  503: apiErrorMessages[503],
};

/** The error for an error status and its (parsed) body, following SPEC 8 row by row. */
export function apiErrorFromStatus(status: number, body: unknown): ApiError {
  const serverMessage = serverMessageOf(body);
  const fallback = status === 422 ? apiErrorMessages[422] : apiErrorMessages.other;
  const message = fixedMessages[status] ?? serverMessage ?? fallback;
  const record =
    body && typeof body === 'object' ? (body as { code?: unknown; details?: unknown; params?: unknown }) : {};
  const code = typeof record.code === 'string' ? record.code : null;
  const params =
    record.params && typeof record.params === 'object'
      ? (record.params as Record<string, unknown>)
      : undefined;
  return new ApiError(message, 'status', status, serverMessage, code, record.details, params);
}

/** The error for a request that got no answer (network down, server gone, CORS refusal). */
export const noResponseError = (): ApiError => new ApiError(apiErrorMessages.noResponse, 'no-response');

/** Anything else that went wrong; an `ApiError` passes through unchanged. */
export const toApiError = (error: unknown): ApiError =>
  isApiError(error) ? error : new ApiError(apiErrorMessages.unknown, 'unknown');
