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
import { StatusBadge } from '../../ui/status-badge';
import { countText, totalKgText } from '../dashboard/format';
import styles from './inventory-screen.module.css';
import { dimensionLabels } from './labels';

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
  const title = dimensionLabels[dimension];
  return (
    <table className={styles.stock} aria-label={`Stock by ${title.toLowerCase()}`} data-stock={dimension}>
      <thead>
        <tr>
          <th scope="col">{title}</th>
          <th scope="col" className={styles.number}>
            Pallets
          </th>
          <th scope="col" className={styles.number}>
            Weight
          </th>
          {extra && <th scope="col">{extra.heading}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={extra ? 4 : 3} className={styles.empty}>
              No pallets
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
                  aria-label={`Show only ${row.key} pallets`}
                  onClick={() => onPick({ dimension, key: row.key })}
                >
                  {row.key}
                </button>
              </th>
              <td className={styles.number} data-figure="pallets">
                {countText(row.pallets)}
              </td>
              <td className={styles.number} data-figure="kg">
                {totalKgText(row.kg)}
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
          heading: 'Stock · ages on day',
          cell: (row) => {
            const type = settingsFor(settings, row.key);
            return (
              <span className={styles.badges}>
                <StatusBadge variant={stockLevel(row.kg, type)} />
                <span className={styles.muted} title="ripening, near expiry, urgent from day">
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
          heading: 'Temperature',
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
