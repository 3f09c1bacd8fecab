import { apiErrorMessages, isApiError } from '../../streams/http';

/** The SPEC 8 message of a failed call, for a toast or an inline alert. */
export function apiErrorText(error: unknown): string {
  return isApiError(error) ? error.message : apiErrorMessages.unknown;
}
