import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorFromStatus } from '../../../streams/http';
import { i18n } from '../../i18n/i18n';
import { apiErrorText } from '../../shell/api-error';
import { withWordedParams } from './refusals';

// The admin area's refusals that count or list things say them in the reader's language.

const locationNotEmpty = apiErrorFromStatus(409, {
  message: 'E2E Depot still holds 3 pallets and 1 storage zone: …',
  code: 'LOCATION_NOT_EMPTY',
  params: { name: 'E2E Depot', pallets: 3, orders: 0, zones: 1 },
});
const valuesInUse = apiErrorFromStatus(409, {
  message: 'Tomato type "Cherry" is still on 2 pallets; …',
  code: 'CATALOG_VALUE_IN_USE',
  params: {
    values: [
      { attribute: 'tomatoType', value: 'Cherry', count: 2 },
      { attribute: 'boxType', value: 'Crate', count: 1 },
    ],
  },
});
const zoneNotEmpty = apiErrorFromStatus(409, {
  message: 'Zone Koelcel still holds 1 pallet',
  code: 'ZONE_NOT_EMPTY',
  params: { zoneName: 'Koelcel', count: 1 },
});
const rowOverCapacity = apiErrorFromStatus(409, {
  message: 'Row 2 of zone Koelcel holds 6 pallets, more than 5',
  code: 'ROW_OVER_CAPACITY',
  params: { zoneName: 'Koelcel', rowIndex: 1, count: 6, capacity: 5 },
});
const text = (error: unknown) => apiErrorText(withWordedParams(error));

describe('the admin refusals that count or list things', () => {
  beforeAll(() => i18n.loadLanguages('nl'));
  afterAll(() => i18n.changeLanguage('en'));

  it("read in English as the server's message does", async () => {
    await i18n.changeLanguage('en');
    expect(text(locationNotEmpty)).toBe(
      'E2E Depot still holds 3 pallets and 1 storage zone: delete or move them before deleting the location',
    );
    expect(text(valuesInUse)).toBe(
      'Tomato type "Cherry" is still on 2 pallets; Box type "Crate" is still on 1 pallet. Change or ship those pallets before removing it.',
    );
    expect(text(zoneNotEmpty)).toBe('Zone Koelcel still holds 1 pallet');
    expect(text(rowOverCapacity)).toBe('Row 2 of zone Koelcel holds 6 pallets, more than 5');
  });

  it('say their counts, lists and words in Dutch', async () => {
    await i18n.changeLanguage('nl');
    await i18n.loadNamespaces(['admin', 'errors']);
    expect(text(locationNotEmpty)).toBe(
      'E2E Depot bevat nog 3 pallets en 1 opslagzone: verwijder of verplaats die eerst voordat je de locatie verwijdert',
    );
    expect(text(valuesInUse)).toBe(
      'Tomatensoort „Cherry” staat nog op 2 pallets; Doostype „Crate” staat nog op 1 pallet. Wijzig of verzend die pallets voordat je de waarde verwijdert.',
    );
    expect(text(zoneNotEmpty)).toBe('Zone Koelcel bevat nog 1 pallet');
  });

  it('leave any other error as it is', () => {
    const other = apiErrorFromStatus(403, {});
    expect(withWordedParams(other)).toBe(other);
  });
});
