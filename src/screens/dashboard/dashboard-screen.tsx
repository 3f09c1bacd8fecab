import { useObservable } from 'observable-hooks';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { map } from 'rxjs';
import { dateRangeWindow } from '../../../streams/dates';
import {
  type DashboardFilters,
  type FixedChoice,
  filtersShowing,
  type Pallet,
  type PalletSort,
} from '../../../streams/live';
import { hasPermission } from '../../../streams/permissions';
import { mayCall } from '../../../streams/permissions/policy';
import { findPalletId } from '../../../streams/scan';
import { useCatalog } from '../../hooks/catalog';
import { useNow } from '../../hooks/clock';
import { useDateSettings, useShippedOn } from '../../hooks/dates';
import {
  useAddedBy,
  useLiveStatus,
  useOverview,
  usePalletIds,
  usePalletLookup,
  usePalletStatus,
  usePresentPallets,
  useVisiblePalletIds,
} from '../../hooks/live';
import { usePermission } from '../../hooks/permissions';
import { useScannerReadings } from '../../hooks/scanner';
import { useUserNames } from '../../hooks/user-names';
import { useFormats } from '../../i18n/format';
import { filtersOf, searchWith, searchWithSort, sortOf } from '../../routes/filter-query';
import { Button } from '../../ui/button';
import figureStyles from '../../ui/figures.module.css';
import { countText, grouped } from '../../ui/format';
import { LiveStatus } from '../../ui/live-status';
import { OrdersPanel } from '../../ui/orders-panel';
import { PageTitle } from '../../ui/page-title';
import { DeletePalletDialog, DeletePalletsDialog, PalletDialog } from '../../ui/pallet-dialog';
import { PrintLabel } from '../../ui/pallet-label';
import { useToasts } from '../../ui/toasts';
import { ActivityPanel } from './activity-panel';
import styles from './dashboard-screen.module.css';
import { DateBar } from './date-bar';
import { FilterBar } from './filter-bar';
import { PalletQrDialog } from './pallet-qr-dialog';
import { PalletTable, type RowActions, sortableColumns } from './pallet-table';
import { StoragePanel } from './storage-panel';

/**
 * The overview figures of SPEC 3 for the location, live; the shipped figure is that of the day
 * the date settings select (live for today, read once for another day). Until the location's data
 * has come (`loading`), none reads 0.
 */
function Overview({ loading }: { loading: boolean }) {
  const { totalKgWarehouse, totalKgAssigned, shippedToday } = useOverview();
  const { settings } = useDateSettings();
  const otherDay = settings.isCurrentDay ? null : settings.selectedDay;
  const shippedThen = useShippedOn(otherDay);
  const shipped = otherDay === null ? shippedToday : shippedThen;
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const figures: [string, string, string][] = [
    [t('overview.warehouse'), loading ? '…' : format.kg(totalKgWarehouse), 'totalKgWarehouse'],
    [t('overview.assigned'), loading ? '…' : format.kg(totalKgAssigned), 'totalKgAssigned'],
    [
      otherDay === null
        ? t('overview.shippedToday')
        : t('overview.shippedOn', { day: format.day(`${otherDay}T12:00`) }),
      shipped === null || (loading && otherDay === null)
        ? '…'
        : t('board.count', { count: shipped, ...grouped(shipped) }),
      'shippedToday',
    ],
  ];
  return (
    <dl className={styles.overview} aria-label={t('overview.label')}>
      {figures.map(([label, value, key]) => (
        <div key={key} className={figureStyles.figure}>
          <dt>{label}</dt>
          <dd data-figure={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A dialog the board has open. */
type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; pallet: Pallet }
  | { kind: 'delete'; pallet: Pallet }
  | { kind: 'deleteTicked' }
  | { kind: 'qr'; pallet: Pallet };

/** The dashboard: the live overview and pallet board of the chosen location. */
export default function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const status = useLiveStatus() ?? 'loading';
  /** Nothing of the location's data has come yet: no figure or count reads 0. */
  const loading = status === 'loading';
  const permissions = usePermission();
  const canCreate = mayCall(permissions, 'POST /api/pallets');
  const canEdit = mayCall(permissions, 'PATCH /api/pallets/:id');
  const canDelete = mayCall(permissions, 'DELETE /api/pallets/:id');
  const canDeleteTicked = mayCall(permissions, 'POST /api/pallets/deletions');
  const canOrder = mayCall(permissions, 'POST /api/orders');
  const canSeeMap = hasPermission(permissions, 'view_storage_map');
  const canMove = mayCall(permissions, 'POST /api/storage/moves');
  // the feed reads the analytics log, which view_analytics opens
  const canSeeActivity = hasPermission(permissions, 'view_analytics');
  const catalog = useCatalog();
  const toasts = useToasts();
  const now = useNow();
  const palletOf = usePalletLookup();
  const allIds = usePalletIds();
  const people = useAddedBy();

  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersOf(search), [search]);
  const sort = useMemo(() => sortOf(search, sortableColumns), [search]);
  const { settings: dates } = useDateSettings();
  const created = useMemo(() => dateRangeWindow(filters.dateRange, dates), [filters.dateRange, dates]);
  // "Added by" sorts by the names people read
  const names = useUserNames(people);
  const userNames = useMemo(() => new Map(people.map((id, i) => [id, names[i] || id])), [people, names]);
  const query$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        map(([f, window, order, known]) => ({ filters: f, created: window, sort: order, userNames: known })),
      ),
    [filters, created, sort, userNames],
  );
  const ids = useVisiblePalletIds(query$);
  const leftStock = usePalletStatus(filters.palletStatus);
  const setFilters = (change: Partial<DashboardFilters>) =>
    setParams(searchWith(search, { ...filters, ...change }), { replace: true });
  const setSort = useCallback(
    (order: PalletSort | null) =>
      setParams((before) => searchWithSort(before.toString(), order), { replace: true }),
    [setParams],
  );

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const tick = useCallback(
    (id: string, on: boolean) =>
      setTicked((before) => {
        const next = new Set(before);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const untickAll = useCallback(() => setTicked(new Set()), []);
  const tickedIds = usePresentPallets(ticked);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [shownOrder, setShownOrder] = useState<{ orderId: string } | null>(null);
  const showOrder = useCallback((orderId: string) => setShownOrder({ orderId }), []);
  const [printing, setPrinting] = useState<Pallet | null>(null);
  const [query, setQuery] = useState('');
  const searchField = useRef<HTMLInputElement>(null);

  const find = useCallback(
    (text: string) => {
      const id = findPalletId(text, allIds);
      if (id === null) {
        toasts.notify(t('search.notFound', { text: text.trim() }), { variant: 'warning' });
        return;
      }
      const pallet = palletOf(id);
      const widened = pallet && filtersShowing(pallet, { filters, created });
      if (widened) setParams(searchWith(search, widened), { replace: true });
      setSelectedId(id);
    },
    [allIds, palletOf, filters, created, search, setParams, toasts, t],
  );
  useScannerReadings(find);

  // "/" goes to the search field from anywhere but a field
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (e.key !== '/' || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      e.preventDefault();
      searchField.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const actions: RowActions = useMemo(
    () => ({
      qr: (pallet) => setDialog({ kind: 'qr', pallet }),
      ...(canEdit && { edit: (pallet: Pallet) => setDialog({ kind: 'edit', pallet }) }),
      ...(canDelete && { remove: (pallet: Pallet) => setDialog({ kind: 'delete', pallet }) }),
    }),
    [canEdit, canDelete],
  );
  const open = (id: string) => {
    const pallet = palletOf(id);
    if (pallet) setDialog(canEdit ? { kind: 'edit', pallet } : { kind: 'qr', pallet });
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    if (query.trim()) find(query);
  };
  const close = useCallback(() => setDialog(null), []);
  const donePrinting = useCallback(() => setPrinting(null), []);

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <PageTitle page={t('pageTitle')} />
        <h1>{t('title')}</h1>
        <LiveStatus status={status} />
        <search className={styles.search}>
          <form onSubmit={submitSearch}>
            <label htmlFor="board-search" className="visually-hidden">
              {t('search.label')}
            </label>
            <input
              id="board-search"
              ref={searchField}
              className={styles.searchField}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <Button type="submit">{t('search.find')}</Button>
          </form>
        </search>
        {canCreate && (
          <Button variant="primary" className={styles.newPallet} onClick={() => setDialog({ kind: 'new' })}>
            {t('newPallet')}
          </Button>
        )}
      </div>
      <DateBar />
      <Overview loading={loading} />
      <FilterBar
        filters={filters}
        catalog={catalog}
        people={people}
        onChange={setFilters}
        onClear={() => setParams(searchWith(search, filtersOf('')), { replace: true })}
      />
      <div className={styles.work}>
        <section className={styles.board} aria-labelledby="board-title">
          <div className={styles.boardHead}>
            <h2 id="board-title">{t('board.title')}</h2>
            <span className={styles.count} data-testid="pallet-count">
              {loading ? '…' : t('board.count', { count: ids.length, ...grouped(ids.length) })}
            </span>
            <span className={styles.loadingMore} role="status">
              {leftStock.name === 'LOADING' &&
                t('board.loadingMore', {
                  count: leftStock.loaded,
                  ...grouped(leftStock.loaded, {
                    status: t(`palletStatus.${leftStock.status as FixedChoice<'palletStatus'>}`),
                  }),
                })}
            </span>
            {tickedIds.length > 0 && (
              <span className={styles.ticked}>
                {t('board.ticked', { count: tickedIds.length, ...grouped(tickedIds.length) })}
                <Button variant="ghost" className={styles.untick} onClick={untickAll}>
                  {t('board.untickAll')}
                </Button>
                {canDeleteTicked && (
                  <Button
                    variant="ghost"
                    className={styles.untick}
                    onClick={() => setDialog({ kind: 'deleteTicked' })}
                  >
                    {t('deletePallets.button', { number: countText(tickedIds.length) })}
                  </Button>
                )}
              </span>
            )}
            {!canEdit && <span className={styles.readOnly}>{t('board.readOnly')}</span>}
          </div>
          {loading || (leftStock.name === 'LOADING' && ids.length === 0) ? (
            <div className={styles.skeleton} aria-busy="true">
              <span className="visually-hidden">{t('board.loading')}</span>
              {Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                <span key={i} />
              ))}
            </div>
          ) : ids.length === 0 ? (
            <p className={styles.empty}>
              {allIds.length === 0
                ? canCreate
                  ? t('board.emptyLocationManage')
                  : t('board.emptyLocation')
                : t('board.emptyFiltered')}
            </p>
          ) : (
            <PalletTable
              ids={ids}
              now={now}
              selectedId={selectedId}
              ticked={ticked}
              actions={actions}
              sort={sort}
              onSort={setSort}
              onSelect={setSelectedId}
              onTick={tick}
              onOpen={open}
            />
          )}
        </section>
        <aside className={styles.side} aria-label={t('sidePanels')}>
          <OrdersPanel checked={tickedIds} canManage={canOrder} onAssigned={untickAll} show={shownOrder} />
          {canSeeMap && <StoragePanel checked={tickedIds} canMove={canMove} onMoved={untickAll} />}
          {canSeeActivity && <ActivityPanel now={now} onPallet={find} onOrder={showOrder} />}
        </aside>
      </div>
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <PalletDialog
          pallet={dialog.kind === 'edit' ? dialog.pallet : null}
          catalog={catalog}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && <DeletePalletDialog pallet={dialog.pallet} onClose={close} />}
      {dialog?.kind === 'deleteTicked' && (
        <DeletePalletsDialog palletIds={tickedIds} onClose={close} onDone={untickAll} />
      )}
      {dialog?.kind === 'qr' && (
        <PalletQrDialog
          pallet={dialog.pallet}
          onClose={close}
          onBrowserPrint={() => setPrinting(dialog.pallet)}
        />
      )}
      {printing && <PrintLabel pallet={printing} onDone={donePrinting} />}
    </div>
  );
}
