import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromStatus, apiErrorMessages } from '../../streams/http';
import { noResponseError } from '../../streams/http/errors';
import { i18n } from '../i18n/i18n';
import { apiErrorText, codeText, specText } from './api-error';

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
      apiErrorText(apiErrorFromStatus(409, { message: 'Zone A holds 4 pallets', code: 'ZONE_NOT_EMPTY' })),
    ).toBe('Zone A holds 4 pallets');
    expect(codeText(apiErrorFromStatus(409, { message: 'x' }))).toBeNull();
    expect(specText('Something only the server says')).toBe('Something only the server says');
  });

  it("show the app's sentence for a refusal code it knows, with its params", () => {
    expect(apiErrorText(rowFull())).toBe('Row 3 has no room left');
    expect(codeText(new ApiError('x', 'status', 409, null, null))).toBeNull();
  });

  it("count a refusal's row from 1 and read its status as the message's context", () => {
    i18n.addResource('en', 'errors', 'code.ROW_NOT_EMPTY', 'Row {{row}} of {{zoneName}} holds pallets');
    i18n.addResource('en', 'errors', 'code.ORDER_CLOSED_complete', 'The order has already been completed');
    const rowNotEmpty = apiErrorFromStatus(409, {
      message: 'x',
      code: 'ROW_NOT_EMPTY',
      params: { zoneName: 'Hall C', rowIndex: 0, count: 2 },
    });
    const closed = (status: string) =>
      apiErrorFromStatus(409, {
        message: `The order has already been ${status}`,
        code: 'ORDER_CLOSED',
        params: { status },
      });
    expect(apiErrorText(rowNotEmpty)).toBe('Row 1 of Hall C holds pallets');
    expect(apiErrorText(closed('complete'))).toBe('The order has already been completed');
    // a status the catalogue has no sentence for: the server's words
    expect(apiErrorText(closed('archived'))).toBe('The order has already been archived');
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
