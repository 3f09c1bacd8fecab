import { useTranslation } from 'react-i18next';
import {
  type InventorySettings,
  type Stock,
  type StockDimension,
  type StockFilter,
  type StockRow,
  settingsFor,
  stockLevel,
} from '../../../streams/inventory';
import type { StorageZone } from '../../../streams/live';
import { useFormats } from '../../i18n/format';
import { StatusBadge } from '../../ui/status-badge';
import styles from './inventory-screen.module.css';
import { useLabels } from './labels';

interface TableProps {
  dimension: StockDimension;
  rows: readonly StockRow[];
  filter: StockFilter | null;
  onPick: (filter: StockFilter) => void;
  /** An extra column: its heading and its cell for a line. */
  extra?: { heading: string; cell: (row: StockRow) => React.ReactNode };
}

/** One stock table; each line's name is a button that shows only its pallets in the list. */
function StockTable({ dimension, rows, filter, onPick, extra }: TableProps) {
  const { t } = useTranslation('inventory');
  const format = useFormats();
  const labels = useLabels();
  const title = labels.dimension(dimension);
  const label: Record<TableProps['dimension'], string> = {
    tomatoType: t('table.by.tomatoType'),
    boxType: t('table.by.boxType'),
    tomatoOption: t('table.by.tomatoOption'),
    palletType: t('table.by.palletType'),
    zone: t('table.by.zone'),
    age: t('table.by.age'),
  };
  return (
    <table className={styles.stock} aria-label={label[dimension]} data-stock={dimension}>
      <thead>
        <tr>
          <th scope="col">{title}</th>
          <th scope="col" className={styles.number}>
            {t('table.pallets')}
          </th>
          <th scope="col" className={styles.number}>
            {t('table.weight')}
          </th>
          {extra && <th scope="col">{extra.heading}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={extra ? 4 : 3} className={styles.empty}>
              {t('table.noPallets')}
            </td>
          </tr>
        )}
        {rows.map((row) => {
          const chosen = filter?.dimension === dimension && filter.key === row.key;
          return (
            <tr key={row.key} data-key={row.key} aria-current={chosen || undefined}>
              <th scope="row">
                <button
                  type="button"
                  className={styles.pick}
                  aria-pressed={chosen}
                  aria-label={t('table.showOnly', { value: labels.value(dimension, row.key) })}
                  onClick={() => onPick({ dimension, key: row.key })}
                >
                  <span translate={labels.isData(dimension, row.key) ? 'no' : undefined}>
                    {labels.value(dimension, row.key)}
                  </span>
                </button>
              </th>
              <td className={styles.number} data-figure="pallets">
                {format.number(row.pallets)}
              </td>
              <td className={styles.number} data-figure="kg">
                {format.kg(row.kg)}
              </td>
              {extra && <td>{extra.cell(row)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Stock by every dimension: tomato types with their stock badge against the type's minimum and
 * the days at which they age, zones with their temperature badge.
 */
export function StockTables({
  stock,
  settings,
  zones,
  filter,
  onPick,
}: {
  stock: Stock;
  settings: InventorySettings;
  zones: readonly StorageZone[];
  filter: StockFilter | null;
  onPick: (filter: StockFilter) => void;
}) {
  const { t } = useTranslation('inventory');
  const temperatureOf = (name: string) => zones.find((zone) => zone.name === name)?.temperature;
  // a type with no pallets left is the lowest stock of all: list it too
  const typeRows = [
    ...stock.tomatoType,
    ...settings.tomatoTypes
      .filter((s) => !stock.tomatoType.some((row) => row.key === s.tomatoType))
      .map((s) => ({ key: s.tomatoType, kg: 0, pallets: 0 })),
  ];
  const common = { filter, onPick };
  return (
    <div className={styles.tables}>
      <StockTable
        dimension="tomatoType"
        rows={typeRows}
        {...common}
        extra={{
          heading: t('table.agesOn'),
          cell: (row) => {
            const type = settingsFor(settings, row.key);
            return (
              <span className={styles.badges}>
                <StatusBadge variant={stockLevel(row.kg, type)} />
                <span className={styles.muted} title={t('table.agesOnTitle')}>
                  {type.ripeningDays} · {type.nearExpiryDays} · {type.urgentDays}
                </span>
              </span>
            );
          },
        }}
      />
      <StockTable
        dimension="zone"
        rows={stock.zone}
        {...common}
        extra={{
          heading: t('table.temperature'),
          cell: (row) => {
            const temperature = temperatureOf(row.key);
            return temperature ? <StatusBadge variant={temperature} /> : '-';
          },
        }}
      />
      <StockTable dimension="boxType" rows={stock.boxType} {...common} />
      <StockTable dimension="tomatoOption" rows={stock.tomatoOption} {...common} />
      <StockTable dimension="palletType" rows={stock.palletType} {...common} />
    </div>
  );
}
