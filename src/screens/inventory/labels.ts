import { useTranslation } from 'react-i18next';
import type { CsvColumn, StockDimension } from '../../../streams/inventory';
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
  return {
    /** An age bucket as its badge reads ("Near expiry"), or the key as it is. */
    age: (key: string) => (isStatus(key) ? t(`common:status.${key}`) : key),
    dimension: (dimension: StockDimension) => dimensions[dimension],
    csvHeads,
  };
}
