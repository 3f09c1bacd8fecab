import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormats } from '../../i18n/format';
import figures from '../../ui/figures.module.css';
import styles from './admin.module.css';

const brand = '#1f6f43';
const info = '#1a5a96';
/** The longest name under a bar; a longer one ends in "…" (the tooltip shows it whole). */
const tickChars = 24;

/** One bar chart of counts by name, in the inventory's style. */
function CountChart({
  title,
  rows,
  colour,
}: {
  title: string;
  rows: { name: string; count: number }[];
  colour: string;
}) {
  const { t } = useTranslation('admin');
  const format = useFormats();
  return (
    <figure className={figures.chart} aria-label={title}>
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('activity.nothingInPeriod')}</p>
      ) : (
        <ResponsiveContainer width="100%" height={270}>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8e4" />
            <XAxis
              dataKey="name"
              interval={0}
              tick={{ fontSize: 11 }}
              angle={-30}
              textAnchor="end"
              // room for a name of up to `tickChars` letters slanted below the bars (Dutch ones are long)
              height={100}
              tickFormatter={(name: string) =>
                name.length > tickChars ? `${name.slice(0, tickChars - 1)}…` : name
              }
            />
            <YAxis
              tickFormatter={(v: number) => format.number(v)}
              width={56}
              tick={{ fontSize: 12 }}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(value) => format.number(Number(value))}
              cursor={{ fill: 'rgb(0 0 0 / 5%)' }}
            />
            <Bar dataKey="count" name={t('activity.eventsInChart')} fill={colour} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}

/** Events by type and by user (a lazy chunk: recharts loads with the section). */
export default function ActivityCharts({
  byType,
  byUser,
}: {
  byType: { name: string; count: number }[];
  byUser: { name: string; count: number }[];
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={figures.charts}>
      <CountChart title={t('activity.byType')} rows={byType} colour={brand} />
      <CountChart title={t('activity.byUser')} rows={byUser} colour={info} />
    </div>
  );
}
