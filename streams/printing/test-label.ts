import type { LabelFields, LabelWords } from './label-layout';
import { sscc } from './sscc';

/** The id printed on test labels: no pallet has it. */
export const testLabelId = '00000000-0000-4000-8000-000000000000';

/**
 * The fields of a printer's test label: a pallet label whose lines say which printer printed it,
 * with SSCC serial 0 of the location's prefix (never given to a pallet) where one is set.
 */
export function testLabelFields(
  printer: { name: string; host: string; port: number },
  date: string,
  gs1CompanyPrefix: string | null,
  words: Pick<LabelWords, 'testLabel'>,
): LabelFields {
  return {
    id: testLabelId,
    tomatoType: words.testLabel,
    boxType: printer.name,
    tomatoOption: `${printer.host}:${printer.port}`,
    palletType: 'Tomato Warehouse',
    weightKg: 0,
    date,
    sscc: gs1CompanyPrefix === null ? null : sscc(gs1CompanyPrefix, 0),
  };
}
