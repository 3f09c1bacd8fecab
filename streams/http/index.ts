/**
 * The API client of SPEC 7/8. Usually reached as `session.api` (it then carries the session's token
 * and smart 401 recovery); `createApiClient` builds one directly.
 */
export { type ApiClient, type ApiClientDeps, type CallOptions, createApiClient } from './client';
export * from './error-codes';
export {
  ApiError,
  type ApiErrorKind,
  apiErrorFromStatus,
  apiErrorMessages,
  hasErrorCode,
  isApiError,
} from './errors';
export { type ApiRequest, type FetchLike, type Query, type SendDeps, send, withQuery } from './send';
