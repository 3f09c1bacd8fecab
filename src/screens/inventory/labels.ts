import { useTranslation } from 'react-i18next';
import { type CsvColumn, notStored, type StockDimension, unknownValue } from '../../../streams/inventory';
import { type StatusVariant, statusVariants } from '../../ui/status-badge';

const isStatus = (key: string): key is StatusVariant => (statusVariants as readonly string[]).includes(key);

/**
 * The inventory's words in the user's language: the age buckets as their badges read, the
 * dimensions as SPEC 3's filter labels name them, and the heads of the CSV export.
 */
export function useLabels() {
  const { t } = useTranslation(['inventory', 'common']);
  const dimensions: Record<StockDimension, string> = {
    tomatoType: t('dimension.tomatoType'),
    boxType: t('dimension.boxType'),
    tomatoOption: t('dimension.tomatoOption'),
    palletType: t('dimension.palletType'),
    zone: t('dimension.zone'),
    age: t('dimension.age'),
  };
  const csvHeads: Record<CsvColumn, string> = {
    ID: t('csv.id'),
    'Tomato Type': t('csv.tomatoType'),
    'Box Type': t('csv.boxType'),
    Option: t('csv.option'),
    Type: t('csv.type'),
    'Weight (kg)': t('csv.weight'),
    Zone: t('csv.zone'),
    Age: t('csv.age'),
    Made: t('csv.made'),
  };
  /** Whether a stock line's key is data (a catalogue value, a zone's name), not a word of the app's. */
  const isData = (dimension: StockDimension, key: string) =>
    dimension !== 'age' && key !== notStored && key !== unknownValue;
  /** A stock line's key as people read it: an age bucket as its badge reads ("Near expiry"), "Not in storage", or the data itself. */
  const value = (dimension: StockDimension, key: string) =>
    key === notStored
      ? t('notStored')
      : key === unknownValue
        ? t('unknown')
        : dimension === 'age' && isStatus(key)
          ? t(`common:status.${key}`)
          : key;
  return {
    value,
    isData,
    age: (key: string) => value('age', key),
    dimension: (dimension: StockDimension) => dimensions[dimension],
    csvHeads,
  };
}
