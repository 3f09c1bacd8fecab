import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromStatus, apiErrorMessages } from '../../streams/http';
import { noResponseError } from '../../streams/http/errors';
import { i18n } from '../i18n/i18n';
import { apiErrorText, codeText, offlineNoise, specText } from './api-error';

const rowFull = () =>
  apiErrorFromStatus(409, { message: 'Row 3 is full', code: 'ROW_FULL', params: { row: 3 } });

describe('the texts of failed calls', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('nl');
    // a refusal code as a screen's catalogue will name it
    i18n.addResource('en', 'errors', 'code.ROW_FULL', 'Row {{row}} has no room left');
    i18n.addResource('nl', 'errors', 'code.ROW_FULL', 'Rij {{row}} is vol');
  });
  afterAll(async () => {
    i18n.removeResourceBundle('en', 'errors');
    i18n.removeResourceBundle('nl', 'errors');
    await i18n.reloadResources(['en', 'nl'], ['errors']);
    await i18n.changeLanguage('en');
  });

  it('count a call that got no answer as offline noise only while the browser is offline, in any language', async () => {
    const noAnswer = apiErrorText(noResponseError());
    expect(offlineNoise(noAnswer, false)).toBe(true);
    expect(offlineNoise(noAnswer, true)).toBe(false);
    expect(offlineNoise(apiErrorText(apiErrorFromStatus(500, {})), false)).toBe(false);
    await i18n.changeLanguage('nl');
    expect(offlineNoise(apiErrorText(noResponseError()), false)).toBe(true);
    await i18n.changeLanguage('en');
  });

  it("keep SPEC 8's English sentences word for word", () => {
    expect(apiErrorText(apiErrorFromStatus(403, {}))).toBe(apiErrorMessages[403]);
    expect(apiErrorText(noResponseError())).toBe(apiErrorMessages.noResponse);
    expect(apiErrorText(new Error('boom'))).toBe(apiErrorMessages.unknown);
    expect(specText('Your session has expired. Please login again.')).toBe(
      'Your session has expired. Please login again.',
    );
  });

  it("show the server's words for what the catalogues do not hold", () => {
    expect(
      apiErrorText(apiErrorFromStatus(400, { message: 'The body nests too deeply', code: 'BODY_TOO_DEEP' })),
    ).toBe('The body nests too deeply');
    expect(codeText(apiErrorFromStatus(409, { message: 'x' }))).toBeNull();
    expect(specText('Something only the server says')).toBe('Something only the server says');
  });

  it("show the app's sentence for a refusal code it knows, with its params", () => {
    expect(apiErrorText(rowFull())).toBe('Row 3 has no room left');
    expect(codeText(new ApiError('x', 'status', 409, null, null))).toBeNull();
  });

  it('count a row from 1 and word a status its own way, the plain sentence for any other', () => {
    i18n.addResource('en', 'errors', 'code.ORDER_CLOSED', 'The order is closed');
    i18n.addResource('en', 'errors', 'code.ORDER_CLOSED_shipped', 'The order has already been shipped');
    const closed = (status: string) =>
      apiErrorText(apiErrorFromStatus(409, { message: 'x', code: 'ORDER_CLOSED', params: { status } }));
    expect(closed('shipped')).toBe('The order has already been shipped');
    expect(closed('lost')).toBe('The order is closed');
    i18n.addResource('en', 'errors', 'code.ROW_NOT_EMPTY', 'Row {{row}} of {{zoneName}} is not empty');
    const params = { zoneName: 'A', rowIndex: 0, count: 2 };
    expect(apiErrorText(apiErrorFromStatus(409, { message: 'x', code: 'ROW_NOT_EMPTY', params }))).toBe(
      'Row 1 of A is not empty',
    );
  });

  it('speak Dutch when the app does', async () => {
    await i18n.changeLanguage('nl');
    expect(apiErrorText(apiErrorFromStatus(403, {}))).toBe('Je hebt geen toestemming voor deze handeling');
    expect(specText('Your session has expired. Please login again.')).toBe(
      'Je sessie is verlopen. Log opnieuw in.',
    );
    expect(apiErrorText(rowFull())).toBe('Rij 3 is vol');
  });
});
