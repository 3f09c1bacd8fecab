import type { ParseKeys } from 'i18next';
import { connectionMessages } from '../../streams/connection/types';
import { type ApiError, apiErrorMessages, isApiError } from '../../streams/http';
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
 * A refusal's params as its sentence reads them: beside the API's `rowIndex` (from 0) the row as
 * people count it (`row`, from 1), and a `status` as the message's context, so a catalogue can
 * word each status its own way (`code.ORDER_CLOSED_shipped`), the plain message for any other.
 */
function sentenceParams(params: Record<string, unknown>): Record<string, unknown> {
  const { rowIndex, status } = params;
  return {
    ...params,
    ...(typeof rowIndex === 'number' && { row: rowIndex + 1 }),
    ...(typeof status === 'string' && { context: status }),
  };
}

/**
 * The app's own sentence for a refusal's `code` (`errors:code.<CODE>` with the refusal's
 * params), or null when the catalogue has none for it.
 */
export function codeText(error: unknown): string | null {
  if (!isApiError(error) || !error.code) return null;
  const key = `errors:code.${error.code}`;
  // the codes' messages are keyed by the server's codes, which the types cannot list ahead
  return i18n.exists(key) ? i18n.t(key as never, sentenceParams(error.params ?? {})) : null;
}

/**
 * The message of a failed call in the app's language, for a toast or an inline alert: the app's
 * own sentence for a refusal `code` it knows, else SPEC 8's sentence, else the server's words.
 */
export function apiErrorText(error: unknown): string {
  if (!isApiError(error)) return specText(apiErrorMessages.unknown);
  return codeText(error) ?? specText(error.message);
}

/**
 * Whether a toast's message is only the news that the phone is offline: SPEC 8's "No response
 * received from server" while the browser says it is offline (its banner tells that already).
 */
export const offlineNoise = (message: string, online: boolean): boolean =>
  !online && message === specText(apiErrorMessages.noResponse);

/**
 * What a 422 says of each field, in the app's language: `errors:field.<CODE>` with the complaint's
 * params (lists joined) and the field's name, or the server's sentence for the field (`details`)
 * where the answer gives no code.
 */
function fieldTexts(error: ApiError): string[] {
  const details = (error.details && typeof error.details === 'object' ? error.details : {}) as Record<
    string,
    unknown
  >;
  return [...new Set([...Object.keys(error.fields), ...Object.keys(details)])].flatMap((field) => {
    const complaint = error.fields[field];
    if (complaint) {
      const params = Object.fromEntries(
        Object.entries(complaint.params ?? {}).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : value,
        ]),
      );
      return [i18n.t(`errors:field.${complaint.code}`, { ...params, field })];
    }
    const sentence = details[field];
    return typeof sentence === 'string' ? [`${field}: ${sentence}`] : [];
  });
}

/**
 * SPEC 8's message of a refusal, with what a 422 says of each field it names ("Invalid data
 * provided: The current password is not correct"), all in the app's language.
 */
export function refusalText(error: unknown): string {
  const text = apiErrorText(error);
  const fields = isApiError(error) ? fieldTexts(error) : [];
  return fields.length > 0 ? `${text}: ${fields.join('; ')}` : text;
}
