import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** CONTRACT's error messages, one per status. */
export const errorMessages = {
  malformed: 'Malformed request body',
  sessionExpired: 'Session expired. Please login again.',
  badCredentials: 'Invalid username or password',
  forbidden: 'You do not have permission to perform this action',
  notFound: 'The requested resource was not found',
  invalid: 'Invalid data provided',
  tooMany: 'Too many requests. Please try again later',
  server: 'Server error. Please try again later',
} as const;

/** Field path (`a.b.0`) → what is wrong with it: the `details` of a 422. */
export type FieldErrors = Record<string, string>;

/**
 * An error with an HTTP status that the error handler answers as CONTRACT's body
 * `{message, code, details?}`. Throw it from handlers and preHandlers (inside `mutate` it also
 * rolls the transaction back). Build it with the helpers below rather than by hand.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Response headers to send with it (e.g. `Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 401 with "Session expired. Please login again." (missing, expired or invalid token). */
export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', errorMessages.sessionExpired);
/** 401 with "Invalid username or password". */
export const badCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', errorMessages.badCredentials);
/** 403: signed in, not allowed. */
export const forbidden = () => new HttpError(403, 'FORBIDDEN', errorMessages.forbidden);
/** 403 before a first-login user has chosen their password: says what to do instead. */
export const passwordChangeRequired = () =>
  new HttpError(403, 'PASSWORD_CHANGE_REQUIRED', 'Please choose a new password before continuing');
/** 403 at sign-in for an account an administrator has disabled (after the password matched). */
export const accountDisabled = () =>
  new HttpError(403, 'ACCOUNT_DISABLED', 'This account is disabled. Ask an administrator to enable it.');
/** 404: no such resource, or one in a location the caller cannot see (never say which). */
export const notFound = () => new HttpError(404, 'NOT_FOUND', errorMessages.notFound);
/** 409 with a sentence naming the conflict, e.g. `conflict('Username "ann" is already taken')`. */
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
/** 422 "Invalid data provided" with `details`: field → message. */
export const invalid = (details: FieldErrors) =>
  new HttpError(422, 'VALIDATION_FAILED', errorMessages.invalid, details);
/** 429 "Too many requests. Please try again later", with `Retry-After` in whole seconds (at least 1). */
export const tooManyRequests = (retryAfterS: number) =>
  new HttpError(429, 'RATE_LIMITED', errorMessages.tooMany, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterS))),
  });

/**
 * Runs `write` and turns a PostgreSQL unique violation (a duplicate, even one that won a race)
 * into a 409 with `message`. Inside `mutate` the transaction is rolled back as usual.
 */
export async function conflictOnDuplicate<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
      throw conflict(message);
    }
    throw error;
  }
}

function toHttpError(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldErrors = {};
    for (const issue of error.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      details[field] ??= issue.message ?? 'is invalid';
    }
    return invalid(details);
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new HttpError(400, 'MALFORMED_BODY', errorMessages.malformed);
  }
  const status = error.statusCode ?? 500;
  if (status === 415) return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  if (status === 413) return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (status >= 400 && status < 500) return new HttpError(400, 'BAD_REQUEST', errorMessages.malformed);
  return new HttpError(500, 'INTERNAL_ERROR', errorMessages.server);
}

/**
 * Answers every error as `{message, code, details?}` with CONTRACT's statuses: 400 malformed
 * JSON, 422 with per-field `details` for schema failures, and a 500 that never shows a stack
 * (the error is logged instead).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const http = toHttpError(error);
    if (http.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    const body: Record<string, unknown> = { message: http.message, code: http.code };
    if (http.details) body.details = http.details;
    if (http.headers) reply.headers(http.headers);
    return reply.code(http.statusCode).send(body);
  });
}
