import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type ErrorCode,
  type ErrorParams,
  errorStatuses,
  type FieldError,
  type FieldErrorCode,
  type FieldErrorParams,
} from '../../streams/http/error-codes';

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

type ParamsArg<P> = keyof P extends never ? [] : [params: P];

/** One field's complaint in a 422: its code and params (`fields`) and its sentence (`details`). */
export type FieldComplaint = FieldError & { message: string };
/** Field path (`a.b.0`) → what is wrong with it: the `details` and `fields` of a 422. */
export type FieldErrors = Record<string, FieldComplaint>;

/** A field's complaint, e.g. `fieldError('NO_SUCH_ZONE', 'no such storage zone')`. */
export const fieldError = <C extends FieldErrorCode>(
  code: C,
  message: string,
  ...params: ParamsArg<FieldErrorParams<C>>
): FieldComplaint =>
  ({ code, message, ...(params.length > 0 ? { params: params[0] } : {}) }) as FieldComplaint;

/**
 * A refusal the error handler answers as CONTRACT's body `{message, code, params?, details?,
 * fields?}`, with its code's status from the one catalogue (`streams/http/error-codes.ts`). Throw
 * it from handlers and preHandlers (inside `mutate` it also rolls the transaction back). Build it
 * with `refuse` or the helpers below.
 */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: C,
    message: string,
    readonly params?: ErrorParams<C>,
    readonly details?: FieldErrors,
    /** Response headers to send with it (e.g. `Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = errorStatuses[code];
  }
}

/** A refusal with its code, English sentence and the params a sentence in any language needs. */
export const refuse = <C extends ErrorCode>(code: C, message: string, ...params: ParamsArg<ErrorParams<C>>) =>
  new HttpError(code, message, params[0]);

/** 401 with "Session expired. Please login again." (missing, expired or invalid token). */
export const unauthorized = () => refuse('UNAUTHORIZED', errorMessages.sessionExpired);
/** 401 with "Invalid username or password". */
export const badCredentials = () => refuse('INVALID_CREDENTIALS', errorMessages.badCredentials);
/** 403: signed in, not allowed. */
export const forbidden = () => refuse('FORBIDDEN', errorMessages.forbidden);
/** 403 before a first-login user has chosen their password: says what to do instead. */
export const passwordChangeRequired = () =>
  refuse('PASSWORD_CHANGE_REQUIRED', 'Please choose a new password before continuing');
/** 403 at sign-in for an account an administrator has disabled (after the password matched). */
export const accountDisabled = () =>
  refuse('ACCOUNT_DISABLED', 'This account is disabled. Ask an administrator to enable it.');
/** 404: no such resource, or one in a location the caller cannot see (never say which). */
export const notFound = () => refuse('NOT_FOUND', errorMessages.notFound);
/** 422 "Invalid data provided" with `details` (field → sentence) and `fields` (field → code, params). */
export const invalid = (details: FieldErrors) =>
  new HttpError('VALIDATION_FAILED', errorMessages.invalid, undefined, details);
/** 429 "Too many requests. Please try again later", with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(waitS: number): HttpError<'RATE_LIMITED'> {
  const retryAfterS = Math.max(1, Math.ceil(waitS));
  return new HttpError('RATE_LIMITED', errorMessages.tooMany, { retryAfterS }, undefined, {
    'Retry-After': String(retryAfterS),
  });
}

/**
 * Runs `write` and turns a PostgreSQL unique violation (a duplicate, even one that won a race)
 * into the refusal `duplicate` builds. Inside `mutate` the transaction is rolled back as usual.
 */
export async function refuseDuplicate<T>(duplicate: () => HttpError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
      throw duplicate();
    }
    throw error;
  }
}

/** A zod issue's field complaint: its code from the issue's, with the bounds a sentence needs. */
function zodComplaint(keyword: string, message: string, params: Record<string, unknown>): FieldComplaint {
  switch (keyword) {
    case 'invalid_type':
      return fieldError('INVALID_TYPE', message, { expected: params.expected as string | undefined });
    case 'too_small':
      return fieldError('TOO_SMALL', message, { minimum: params.minimum as number | undefined });
    case 'too_big':
      return fieldError('TOO_BIG', message, { maximum: params.maximum as number | undefined });
    case 'invalid_format':
      return fieldError('INVALID_FORMAT', message, { format: params.format as string | undefined });
    case 'invalid_value':
      return fieldError('INVALID_VALUE', message, { values: params.values as unknown[] | undefined });
    case 'unrecognized_keys':
      return fieldError('UNKNOWN_FIELD', message, { keys: params.keys as string[] | undefined });
    default:
      return fieldError('INVALID', message);
  }
}

function toHttpError(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldErrors = {};
    for (const issue of error.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      details[field] ??= zodComplaint(issue.keyword, issue.message ?? 'is invalid', issue.params);
    }
    return invalid(details);
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return refuse('MALFORMED_BODY', errorMessages.malformed);
  }
  const status = error.statusCode ?? 500;
  if (status === 415) return refuse('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  if (status === 413) return refuse('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (status >= 400 && status < 500) return refuse('BAD_REQUEST', errorMessages.malformed);
  return refuse('INTERNAL_ERROR', errorMessages.server);
}

/**
 * Answers every error as `{message, code, params?, details?, fields?}` with CONTRACT's statuses: 400 malformed
 * JSON, 422 with per-field `details` for schema failures, and a 500 that never shows a stack
 * (the error is logged instead).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const http = toHttpError(error);
    if (http.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    const body: Record<string, unknown> = { message: http.message, code: http.code };
    if (http.params) body.params = http.params;
    if (http.details) {
      const fields = Object.entries(http.details);
      body.details = Object.fromEntries(fields.map(([field, { message }]) => [field, message]));
      body.fields = Object.fromEntries(fields.map(([field, { message: _, ...coded }]) => [field, coded]));
    }
    if (http.headers) reply.headers(http.headers);
    return reply.code(http.statusCode).send(body);
  });
}
