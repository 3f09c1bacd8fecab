import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Stock, StockDimension, StockFilter, StockRow } from '../../../streams/inventory';
import { useFormats } from '../../i18n/format';
import figures from '../../ui/figures.module.css';
import { useLabels } from './labels';

// the badges' own colours (tokens.css), as SVG fills cannot read custom properties everywhere
const brand = '#1f6f43';
const ageColours: Record<string, string> = {
  fresh: '#1d6b3c',
  ripening: '#b07a12',
  near_expiry: '#8a5300',
  urgent: '#b3261e',
};
const dimmed = '#b9c4bd';
/** The widest a bar's name runs before it wraps: a bar's room in the narrowest chart (1024 px). */
const tickWidthPx = 64;

interface ChartProps {
  title: string;
  dimension: StockDimension;
  rows: readonly StockRow[];
  measure: 'kg' | 'pallets';
  filter: StockFilter | null;
  onPick: (filter: StockFilter) => void;
}

/** One bar chart; a bar's click chooses its line (the chosen one stays bright, the others dim). */
function StockChart({ title, dimension, rows, measure, filter, onPick }: ChartProps) {
  const { t } = useTranslation('inventory');
  const format = useFormats();
  const labels = useLabels();
  const data = rows.map((row) => ({
    ...row,
    label: labels.value(dimension, row.key),
  }));
  const chosen = filter?.dimension === dimension ? filter.key : null;
  const shown = (value: number) => (measure === 'kg' ? format.kg(value) : format.number(value));
  return (
    <figure className={figures.chart} aria-label={title} data-chart={dimension}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8e4" />
          {/* a long name (Dutch's "Bijna over datum") wraps under its bar instead of running into the next */}
          <XAxis dataKey="label" interval={0} tick={{ fontSize: 12, width: tickWidthPx }} height={44} />
          <YAxis tickFormatter={(v: number) => format.number(v)} width={64} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => shown(Number(value))} cursor={{ fill: 'rgb(0 0 0 / 5%)' }} />
          <Bar
            dataKey={measure}
            name={measure === 'kg' ? t('chart.kg') : t('chart.pallets')}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(entry) => onPick({ dimension, key: String((entry as { key?: string }).key) })}
          >
            {data.map((row) => (
              <Cell
                key={row.key}
                fill={
                  chosen !== null && chosen !== row.key
                    ? dimmed
                    : dimension === 'age'
                      ? (ageColours[row.key] ?? brand)
                      : brand
                }
              />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Stock by tomato type and by zone in kg, and pallets by age bucket (a lazy chunk of the screen). */
export default function StockCharts({
  stock,
  filter,
  onPick,
}: {
  stock: Stock;
  filter: StockFilter | null;
  onPick: (filter: StockFilter) => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <div className={figures.charts}>
      <StockChart
        title={t('chart.byTomatoType')}
        dimension="tomatoType"
        rows={stock.tomatoType}
        measure="kg"
        filter={filter}
        onPick={onPick}
      />
      <StockChart
        title={t('chart.byZone')}
        dimension="zone"
        rows={stock.zone}
        measure="kg"
        filter={filter}
        onPick={onPick}
      />
      <StockChart
        title={t('chart.byAge')}
        dimension="age"
        rows={stock.age}
        measure="pallets"
        filter={filter}
        onPick={onPick}
      />
    </div>
  );
}
