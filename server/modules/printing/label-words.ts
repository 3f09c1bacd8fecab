import type { Locale } from '../../../streams/i18n/locales';
import type { LabelWords } from '../../../streams/printing';

/**
 * The fixed words of a network label in each language: a label prints in its location's
 * `labelLocale`, whoever prints it. (The app's own catalogues, once they hold these words, can
 * take them from here or give them to the server.)
 */
export const labelWords: Record<Locale, LabelWords> = {
  en: {
    box: 'Box',
    option: 'Option',
    palletType: 'Pallet',
    date: 'Date',
    testLabel: 'Test label',
    decimalSeparator: '.',
  },
  nl: {
    box: 'Doos',
    option: 'Optie',
    palletType: 'Pallet',
    date: 'Datum',
    testLabel: 'Testlabel',
    decimalSeparator: ',',
  },
};
