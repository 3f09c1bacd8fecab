import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { dayKey } from '../../../streams/dates';
import {
  csvFileName,
  csvRow,
  type InventorySettings,
  type KeyContext,
  keyOf,
  type StockFilter,
  toCsv,
} from '../../../streams/inventory';
import type { PalletSort, StorageZone } from '../../../streams/live';
import { isAdmin } from '../../../streams/permissions';
import { useChosenLocationName, useUser } from '../../hooks/app-state';
import { useNow } from '../../hooks/clock';
import { useInventoryPalletIds, useInventorySettings, useStock } from '../../hooks/inventory';
import { useLiveStatus, usePalletLookup, useZones } from '../../hooks/live';
import { useFormats } from '../../i18n/format';
import { searchWithSort, sortOf } from '../../routes/filter-query';
import { useServices } from '../../services';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { LiveStatus } from '../../ui/live-status';
import { PageTitle } from '../../ui/page-title';
import { useToasts } from '../../ui/toasts';
import styles from './inventory-screen.module.css';
import { useLabels } from './labels';
import { listColumns, PalletList } from './pallet-list';
import { SettingsDialog } from './settings-dialog';
import { StockTables } from './stock-tables';

// recharts is the heaviest part of the screen: the tables and the list show while it loads
const StockCharts = lazy(() => import('./stock-charts'));

const noZones: readonly StorageZone[] = [];

/** The figures, charts and pallet list once the settings are known. */
function Inventory({ settings, onEdit }: { settings: InventorySettings; onEdit?: () => void }) {
  const { t } = useTranslation(['inventory', 'common']);
  const format = useFormats();
  const labels = useLabels();
  // the count picks the plural; the figure shows with the language's thousands separator
  const palletCount = (pallets: number) =>
    t('figures.palletCount', { count: pallets, replace: { count: format.number(pallets) } });
  const now = useNow();
  const stock = useStock(settings, now);
  const occupancy = useZones();
  const zones = useMemo(() => occupancy?.map((o) => o.zone) ?? noZones, [occupancy]);
  const context = useMemo((): KeyContext => {
    const byId = new Map(zones.map((zone) => [zone.id, zone]));
    return { zones: { get: (id) => byId.get(id) }, settings, nowMs: now };
  }, [zones, settings, now]);
  const [filter, setFilter] = useState<StockFilter | null>(null);
  const pick = (chosen: StockFilter) =>
    setFilter((before) =>
      before?.dimension === chosen.dimension && before.key === chosen.key ? null : chosen,
    );
  // the list's order lives in the address: bookmarked, shared, and kept across a reload
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const sort = useMemo(() => sortOf(search, listColumns), [search]);
  const setSort = useCallback(
    (order: PalletSort | null) =>
      setParams((before) => searchWithSort(before.toString(), order), { replace: true }),
    [setParams],
  );
  const ids = useInventoryPalletIds(filter, settings, now, sort);
  const palletOf = usePalletLookup();
  const locationName = useChosenLocationName() ?? 'location';
  const { processing, device } = useServices();

  // background work, shown in the corner: the page is drawn with it before the rows are written
  const exportCsv = () =>
    processing.inBackground(async () => {
      await device.painted();
      const rows = ids.flatMap((id) => {
        const pallet = palletOf(id);
        if (!pallet) return [];
        const age = keyOf(pallet, 'age', context);
        return [csvRow(pallet, labels.value('zone', keyOf(pallet, 'zone', context)), labels.age(age))];
      });
      // the reader's decimal separator: a comma (Dutch) is written with semicolons between cells
      const decimal = format.separators.decimal === ',' ? ',' : '.';
      device.download(
        new Blob([toCsv(rows, labels.csvHeads, decimal)], { type: 'text/csv;charset=utf-8' }),
        csvFileName(locationName, dayKey(now)),
      );
    }, t('common:background.export'));

  if (stock === null) return null;
  const totalKg = stock.palletType.reduce((sum, row) => sum + row.kg, 0);
  const totalPallets = stock.palletType.reduce((sum, row) => sum + row.pallets, 0);
  const filterText =
    filter &&
    t('filter', {
      dimension: labels.dimension(filter.dimension),
      value: labels.value(filter.dimension, filter.key),
    });
  return (
    <>
      <dl className={styles.overview} aria-label={t('figures.label')}>
        <div className={figures.figure}>
          <dt>{t('figures.inStock')}</dt>
          <dd data-figure="totalKg">{format.kg(totalKg)}</dd>
        </div>
        <div className={figures.figure}>
          <dt>{t('figures.pallets')}</dt>
          <dd data-figure="pallets">{format.number(totalPallets)}</dd>
        </div>
        {stock.age
          .filter((row) => row.key === 'near_expiry' || row.key === 'urgent')
          .map((row) => (
            <div key={row.key} className={figures.figure}>
              <dt>{labels.age(row.key)}</dt>
              <dd data-figure={row.key}>{palletCount(row.pallets)}</dd>
            </div>
          ))}
      </dl>
      <Suspense fallback={<p className={styles.muted}>{t('chart.loading')}</p>}>
        <StockCharts stock={stock} filter={filter} onPick={pick} />
      </Suspense>
      <StockTables stock={stock} settings={settings} zones={zones} filter={filter} onPick={pick} />
      <section className={styles.pallets} aria-labelledby="inventory-pallets">
        <div className={styles.head}>
          <h2 id="inventory-pallets">{t('pallets')}</h2>
          <span className={styles.muted} data-testid="inventory-count">
            {palletCount(ids.length)}
          </span>
          {filterText && (
            <Button
              variant="ghost"
              onClick={() => setFilter(null)}
              aria-label={t('clearFilter', { filter: filterText })}
            >
              {filterText} ✕
            </Button>
          )}
          <span className={styles.spring} />
          {onEdit && <Button onClick={onEdit}>{t('editSettings')}</Button>}
          <Button variant="primary" onClick={() => void exportCsv()} disabled={ids.length === 0}>
            {t('exportCsv')}
          </Button>
        </div>
        <PalletList ids={ids} context={context} sort={sort} onSort={setSort} />
      </section>
    </>
  );
}

/** The inventory dashboard: stock of the chosen location by type, box, option, pallet type, zone and age, live. */
export default function InventoryScreen() {
  const { t } = useTranslation(['inventory', 'common']);
  const status = useLiveStatus() ?? 'loading';
  const user = useUser();
  const { state, save } = useInventorySettings();
  const toasts = useToasts();
  const [editing, setEditing] = useState(false);
  const failed = state.status === 'failed' ? state.error : null;
  useEffect(() => {
    if (failed !== null) toasts.notify(apiErrorText(failed), { variant: 'error' });
  }, [failed, toasts]);

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <PageTitle page={t('title')} />
        <h1>{t('title')}</h1>
        <LiveStatus status={status} />
      </div>
      {state.status === 'loading' && <p className={styles.muted}>{t('common:live.loading')}</p>}
      {state.status === 'failed' && (
        <p className={styles.muted}>{t('settings.failed', { reason: apiErrorText(state.error) })}</p>
      )}
      {state.status === 'ready' && (
        <>
          <Inventory settings={state.settings} onEdit={isAdmin(user) ? () => setEditing(true) : undefined} />
          {editing && (
            <SettingsDialog settings={state.settings} onClose={() => setEditing(false)} save={save} />
          )}
        </>
      )}
    </div>
  );
}
