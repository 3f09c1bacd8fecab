import type { Locale } from '../i18n/locales';
import type { LabelWords } from './label-layout';

/**
 * The fixed words of a label in each language, the one source of them: the server prints a
 * network label (ZPL) with its location's `labelLocale`'s, whoever prints it, and the printer
 * screen previews the label with the same. Data of the label, like its layout, not the app's
 * words: a translator finds them here, and a language missing here is a type error.
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
