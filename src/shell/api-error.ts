import { apiErrorMessages, isApiError } from '../../streams/http';

/** The SPEC 8 message of a failed call, for a toast or an inline alert. */
export function apiErrorText(error: unknown): string {
  return isApiError(error) ? error.message : apiErrorMessages.unknown;
}

/** SPEC 8's message of a refusal, with the fields a 422 names ("Invalid data provided: username: …"). */
export function refusalText(error: unknown): string {
  const text = apiErrorText(error);
  const details = isApiError(error) ? error.details : undefined;
  if (!details || typeof details !== 'object') return text;
  const fields = Object.entries(details as Record<string, unknown>)
    .filter(([, message]) => typeof message === 'string')
    .map(([field, message]) => `${field}: ${message}`);
  return fields.length > 0 ? `${text}: ${fields.join('; ')}` : text;
}
