import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  csvFileName,
  csvRow,
  type InventorySettings,
  type KeyContext,
  keyOf,
  type StockFilter,
  toCsv,
} from '../../../streams/inventory';
import type { StorageZone } from '../../../streams/live';
import { isAdmin } from '../../../streams/permissions';
import { useChosenLocationName, useUser } from '../../hooks/app-state';
import { useNow } from '../../hooks/clock';
import { useInventoryPalletIds, useInventorySettings, useStock } from '../../hooks/inventory';
import { liveStatusText, useLiveStatus, usePalletLookup, useZones } from '../../hooks/live';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { useToasts } from '../../ui/toasts';
import { countText, totalKgText } from '../dashboard/format';
import styles from './inventory-screen.module.css';
import { ageLabels, dimensionLabels } from './labels';
import { PalletList } from './pallet-list';
import { SettingsDialog } from './settings-dialog';
import { StockTables } from './stock-tables';

// recharts is the heaviest part of the screen: the tables and the list show while it loads
const StockCharts = lazy(() => import('./stock-charts'));

const minuteMs = 60_000;
const noZones: readonly StorageZone[] = [];

/** Saves `text` as a file named `name` through a temporary link (the browser's download). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The figures, charts and pallet list once the settings are known. */
function Inventory({ settings, onEdit }: { settings: InventorySettings; onEdit?: () => void }) {
  const now = useNow(minuteMs);
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
  const ids = useInventoryPalletIds(filter, settings, now);
  const palletOf = usePalletLookup();
  const locationName = useChosenLocationName() ?? 'location';

  const exportCsv = () => {
    const rows = ids.flatMap((id) => {
      const pallet = palletOf(id);
      if (!pallet) return [];
      const age = keyOf(pallet, 'age', context);
      return [csvRow(pallet, keyOf(pallet, 'zone', context), ageLabels[age] ?? age)];
    });
    download(toCsv(rows), csvFileName(locationName, new Date(now).toLocaleDateString('en-CA')));
  };

  if (stock === null) return null;
  const totalKg = stock.palletType.reduce((sum, row) => sum + row.kg, 0);
  const totalPallets = stock.palletType.reduce((sum, row) => sum + row.pallets, 0);
  const filterText =
    filter &&
    `${dimensionLabels[filter.dimension]}: ${filter.dimension === 'age' ? ageLabels[filter.key] : filter.key}`;
  return (
    <>
      <dl className={styles.overview} aria-label="Stock">
        <div className={figures.figure}>
          <dt>In stock</dt>
          <dd data-figure="totalKg">{totalKgText(totalKg)}</dd>
        </div>
        <div className={figures.figure}>
          <dt>Pallets</dt>
          <dd data-figure="pallets">{countText(totalPallets)}</dd>
        </div>
        {stock.age
          .filter((row) => row.key === 'near_expiry' || row.key === 'urgent')
          .map((row) => (
            <div key={row.key} className={figures.figure}>
              <dt>{ageLabels[row.key]}</dt>
              <dd data-figure={row.key}>{countText(row.pallets)} pallets</dd>
            </div>
          ))}
      </dl>
      <Suspense fallback={<p className={styles.muted}>Loading charts…</p>}>
        <StockCharts stock={stock} filter={filter} onPick={pick} />
      </Suspense>
      <StockTables stock={stock} settings={settings} zones={zones} filter={filter} onPick={pick} />
      <section className={styles.pallets} aria-labelledby="inventory-pallets">
        <div className={styles.head}>
          <h2 id="inventory-pallets">Pallets</h2>
          <span className={styles.muted} data-testid="inventory-count">
            {countText(ids.length)} {ids.length === 1 ? 'pallet' : 'pallets'}
          </span>
          {filterText && (
            <Button variant="ghost" onClick={() => setFilter(null)} aria-label={`Clear filter ${filterText}`}>
              {filterText} ✕
            </Button>
          )}
          <span className={styles.spring} />
          {onEdit && <Button onClick={onEdit}>Ageing and minimum stock</Button>}
          <Button variant="primary" onClick={exportCsv} disabled={ids.length === 0}>
            Export CSV
          </Button>
        </div>
        <PalletList ids={ids} context={context} />
      </section>
    </>
  );
}

/** The inventory dashboard: stock of the chosen location by type, box, option, pallet type, zone and age, live. */
export default function InventoryScreen() {
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
        <h1>Inventory</h1>
        <span className={styles.status} data-status={status} role="status">
          {liveStatusText[status]}
        </span>
      </div>
      {state.status === 'loading' && <p className={styles.muted}>Loading…</p>}
      {state.status === 'failed' && (
        <p className={styles.muted}>The inventory settings could not be read: {apiErrorText(state.error)}</p>
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
