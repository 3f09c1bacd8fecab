import type { ParseKeys } from 'i18next';
import { connectionMessages } from '../../streams/connection/types';
import { apiErrorMessages, isApiError } from '../../streams/http';
import { permissionLoadFailedMessage } from '../../streams/permissions';
import { loginMessages, recoveryMessages } from '../../streams/session';
import { i18n } from '../i18n/i18n';

/**
 * SPEC 8's catalogues, as the data core words them in English; each group and key names its
 * sentence in the `errors` namespace (`errors:api.401`), where the other languages have theirs.
 */
export const specCatalogues = {
  api: apiErrorMessages,
  login: loginMessages,
  recovery: recoveryMessages,
  connection: connectionMessages,
  permissions: { loadFailed: permissionLoadFailedMessage },
} as const;

const specKeys = new Map<string, ParseKeys<'errors'>>(
  Object.entries(specCatalogues).flatMap(([group, messages]) =>
    Object.entries(messages).map(([key, sentence]) => [sentence, `${group}.${key}` as ParseKeys<'errors'>]),
  ),
);

/** A sentence of SPEC 8 in the app's language; any other text (the server's own words) as it is. */
export function specText(sentence: string): string {
  const key = specKeys.get(sentence);
  return key ? i18n.t(key, { ns: 'errors' }) : sentence;
}

/**
 * What a refusal's sentence reads of its params: them, a 0-based `rowIndex` also as the `row`
 * people count from 1, and a `status` as the message's context (`code.ORDER_CLOSED_shipped`).
 */
function sentenceParams(params: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const given = params ?? {};
  return {
    ...given,
    ...(typeof given.rowIndex === 'number' && { row: given.rowIndex + 1 }),
    ...(typeof given.status === 'string' && { context: given.status }),
  };
}

/**
 * The app's own sentence for a refusal's `code` (`errors:code.<CODE>` with the refusal's
 * params), or null when the catalogue has none for it.
 */
export function codeText(error: unknown): string | null {
  if (!isApiError(error) || !error.code) return null;
  const key = `errors:code.${error.code}`;
  const params = sentenceParams(error.params);
  // the codes' messages are keyed by the server's codes, which the types cannot list ahead
  return i18n.exists(key, params) ? i18n.t(key as never, params) : null;
}

/**
 * The message of a failed call in the app's language, for a toast or an inline alert: the app's
 * own sentence for a refusal `code` it knows, else SPEC 8's sentence, else the server's words.
 */
export function apiErrorText(error: unknown): string {
  if (!isApiError(error)) return specText(apiErrorMessages.unknown);
  return codeText(error) ?? specText(error.message);
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
