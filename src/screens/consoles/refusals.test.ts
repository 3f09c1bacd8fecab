import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorFromStatus } from '../../../streams/http';
import { i18n } from '../../i18n/i18n';
import { apiErrorText } from '../../shell/api-error';

/** The refusals the floor's consoles can meet, with the server's English sentence for each today. */
const refusals = [
  [
    { code: 'ORDER_CLOSED', params: { status: 'shipped' } },
    'The order has already been shipped',
    'De order is al verzonden',
  ],
  [
    { code: 'ORDER_CLOSED', params: { status: 'complete' } },
    'The order has already been completed',
    'De order is al afgerond',
  ],
  [
    { code: 'ORDER_HAS_NO_PALLETS', params: {} },
    'The order has no pallets to ship',
    'De order heeft geen pallets om te verzenden',
  ],
  [
    { code: 'PALLET_LEFT_WAREHOUSE', params: { palletId: 'p-1', status: 'processed' } },
    'Pallet p-1 has already been processed',
    'Pallet p-1 is al verwerkt',
  ],
  [
    { code: 'PALLET_LEFT_WAREHOUSE', params: { palletId: 'p-1', status: 'shipped' } },
    'Pallet p-1 has already been shipped',
    'Pallet p-1 is al verzonden',
  ],
  [
    { code: 'PALLET_ON_ORDER', params: { palletId: 'p-1' } },
    'Pallet p-1 is on an order; take it off the order before processing it',
    'Pallet p-1 staat op een order; haal hem eerst van de order voordat je hem verwerkt',
  ],
  [
    { code: 'NO_DEFAULT_PRINTER', params: {} },
    'This location has no default printer: add one at Printers and scales',
    'Deze locatie heeft geen standaardprinter: voeg er een toe bij Printers en weegschalen',
  ],
] as const;

describe("the consoles' refusals", () => {
  beforeAll(() => i18n.loadLanguages('nl'));
  afterAll(() => i18n.changeLanguage('en'));

  it.each(refusals)(
    'read %j as the server words it in English, and in Dutch',
    async (body, english, dutch) => {
      const refusal = apiErrorFromStatus(409, { message: 'the server words it so', ...body });
      await i18n.changeLanguage('en');
      expect(apiErrorText(refusal)).toBe(english);
      await i18n.changeLanguage('nl');
      expect(apiErrorText(refusal)).toBe(dutch);
    },
  );
});
