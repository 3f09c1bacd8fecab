import type { LucideIcon } from 'lucide-react';
import Pencil from 'lucide-react/icons/pencil';
import QrCode from 'lucide-react/icons/qr-code';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Pallet, PalletSort } from '../../../streams/live';
import { useChanged, useOptimistic, useOrder, usePallet } from '../../hooks/live';
import { useUserName } from '../../hooks/user-names';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { useColumnSorting } from '../../ui/column-sorting';
import { ageText, shortId } from '../../ui/format';
import { Icon } from '../../ui/icon';
import { formatWeight } from '../../ui/qr-modal';
import { type Column, rowHeightPx, useVirtualRows, VirtualTable } from '../../ui/virtual-table';
import styles from './pallet-table.module.css';

/**
 * The columns, by their heading's message; the actions' width is what the person's actions take.
 * Each has its width (1,140 px in all with three actions: the board's `min-width`); a wider board
 * shares what is left among them.
 */
export const columns = (actionsPx: number) =>
  [
    ['ticked', '40px'],
    ['id', '80px'],
    ['tomato', '80px'],
    ['box', '112px'],
    ['option', '68px'],
    ['palletType', '104px'],
    ['weight', '96px'],
    ['place', '116px'],
    ['order', '96px'],
    ['addedBy', '96px'],
    // "41 min. geleden", "12 dagen geleden" on one line
    ['age', '120px'],
    ['actions', `${actionsPx}px`],
  ] as const satisfies readonly Column[];

type ColumnName = ReturnType<typeof columns>[number][0];

/** The columns that sort the board: every one with data (not the ticks, not the actions). */
export const sortableColumns: readonly ColumnName[] = [
  'id',
  'tomato',
  'box',
  'option',
  'palletType',
  'weight',
  'place',
  'order',
  'addedBy',
  'age',
];

/** What a person can do to one pallet from its row. */
export interface RowActions {
  qr: (pallet: Pallet) => void;
  /** Absent without manage_pallets. */
  edit?: (pallet: Pallet) => void;
  remove?: (pallet: Pallet) => void;
}

/** The customer of a pallet's order, as the location has it now (only a pallet on an order follows the orders). */
function OrderName({ id }: { id: string }) {
  const order = useOrder(id);
  return <>{typeof order?.customer === 'string' ? order.customer : shortId(id)}</>;
}

/** A cell whose words take up to two lines; `data` as it is, never translated. */
function Cell({ children, title, data }: { children: ReactNode; title?: string; data?: boolean }) {
  return (
    <td title={title} translate={data ? 'no' : undefined}>
      <span className={styles.lines}>{children}</span>
    </td>
  );
}

/** A cell of text ("-" when there is none), in full on hover where the column cuts it short. */
function Text({ value, data }: { value: string | null | undefined; data?: boolean }) {
  return (
    <Cell title={value ?? undefined} data={data}>
      {value ?? '-'}
    </Cell>
  );
}

/** One of a row's action buttons: an icon, named for screen readers and on hover. */
function RowAction({
  icon,
  label,
  title,
  danger,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  title: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      iconOnly
      className={danger ? `${styles.action} ${styles.danger}` : styles.action}
      onClick={onClick}
      aria-label={label}
      title={title}
    >
      <Icon of={icon} size={18} />
    </Button>
  );
}

function AddedBy({ id }: { id: unknown }) {
  const name = useUserName(typeof id === 'string' ? id : null);
  return <>{typeof id === 'string' ? name || '…' : '-'}</>;
}

/** One pallet's row: re-renders only when that pallet changes (its selector keeps identity). */
const PalletRow = memo(function PalletRow({
  id,
  index,
  now,
  selected,
  ticked,
  actions,
  onSelect,
  onTick,
}: {
  id: string;
  index: number;
  now: number;
  selected: boolean;
  ticked: boolean;
  actions: RowActions;
  onSelect: (id: string) => void;
  onTick: (id: string, on: boolean) => void;
}) {
  // the row reads the language itself: a switch repaints every row, however it is memoised
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const pallet = usePallet(id);
  const optimistic = useOptimistic(id);
  const changed = useChanged(pallet);
  if (!pallet) return null;
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={styles.row}
      data-pallet-id={id}
      data-optimistic={optimistic || undefined}
      data-changed={changed || undefined}
      onClick={() => onSelect(id)}
    >
      <td>
        <input
          type="checkbox"
          className={styles.tick}
          checked={ticked}
          onChange={(e) => onTick(id, e.target.checked)}
          aria-label={t('row.tick', { id: shortId(id) })}
        />
      </td>
      <td className={styles.id} title={id} translate="no">
        {shortId(id)}
      </td>
      <Text value={pallet.tomatoType} data />
      <Text value={pallet.boxType} data />
      <Text value={pallet.tomatoOption} data />
      <Text value={pallet.palletType} data />
      <td className={styles.number}>
        <data value={String(pallet.weight)}>{formatWeight(pallet.weight)}</data>
      </td>
      <Text
        value={
          pallet.storageZone
            ? typeof pallet.rowIndex === 'number'
              ? t('storage.place', { zone: pallet.storageZone, row: pallet.rowIndex + 1 })
              : pallet.storageZone
            : null
        }
      />
      <Cell data>{pallet.orderId ? <OrderName id={pallet.orderId} /> : '-'}</Cell>
      <Cell data>
        <AddedBy id={pallet.addedBy} />
      </Cell>
      <td>
        <time
          className={styles.lines}
          dateTime={typeof pallet.createdAt === 'string' ? pallet.createdAt : undefined}
        >
          {ageText(pallet.createdAt, now, format)}
        </time>
      </td>
      <td className={styles.actionsCell}>
        <div className={styles.actions}>
          <RowAction
            icon={QrCode}
            label={t('row.qr', { id: shortId(id) })}
            title={t('row.qrTitle')}
            onClick={() => actions.qr(pallet)}
          />
          {actions.edit && (
            <RowAction
              icon={Pencil}
              label={t('row.edit', { id: shortId(id) })}
              title={t('row.editTitle')}
              onClick={() => actions.edit?.(pallet)}
            />
          )}
          {actions.remove && (
            <RowAction
              icon={Trash2}
              label={t('row.delete', { id: shortId(id) })}
              title={t('row.deleteTitle')}
              danger
              onClick={() => actions.remove?.(pallet)}
            />
          )}
        </div>
      </td>
    </tr>
  );
});

/** The ids that came in front of `anchor` since `before` (new pallets above the row being read). */
function newAbove(ids: readonly string[], before: readonly string[], anchorIndex: number): number {
  const known = new Set(before);
  let count = 0;
  for (let i = 0; i < anchorIndex; i++) if (!known.has(ids[i])) count++;
  return count;
}

/**
 * The pallets of the location as a table whose DOM holds only the rows in view (and a few
 * around them), so 10,000 pallets scroll as smoothly as 10. Scrolled away from the top, the
 * row being read stays put when pallets come or go above it; new ones are counted in a pill.
 */
export function PalletTable({
  ids,
  now,
  selectedId,
  ticked,
  actions,
  sort,
  onSort,
  onSelect,
  onTick,
  onOpen,
}: {
  ids: readonly string[];
  now: number;
  selectedId: string | null;
  /** The pallets ticked for an order or a move. */
  ticked: ReadonlySet<string>;
  actions: RowActions;
  /** The column order (none: newest first), and how a click on a head changes it. */
  sort: PalletSort | null;
  onSort: (sort: PalletSort | null) => void;
  onSelect: (id: string) => void;
  onTick: (id: string, on: boolean) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const rows = useVirtualRows(ids);
  const { scroller, virtualizer } = rows;
  const [fresh, setFresh] = useState(0);
  const shown = useRef(ids);
  // another order is another list: it is read from its top
  const sortBy = (next: PalletSort | null) => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setFresh(0);
    onSort(next);
  };
  const sorting = useColumnSorting(
    sortableColumns,
    (name) => t(`column.${name as ColumnName}`),
    sort,
    sortBy,
  );

  // keep the first row in view where it was when the list changes above it
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = ids;
    const element = scroller.current;
    if (!element || before === ids || element.scrollTop === 0) return;
    const top = element.scrollTop;
    const anchor = before[Math.floor(top / rowHeightPx)];
    const at = anchor === undefined ? -1 : ids.indexOf(anchor);
    if (at < 0) return;
    element.scrollTop = at * rowHeightPx + (top % rowHeightPx);
    const added = newAbove(ids, before, at);
    if (added) setFresh((n) => n + added);
  }, [ids, scroller]);

  const selectedIndex = selectedId === null ? -1 : ids.indexOf(selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    if (step !== undefined && ids.length) {
      e.preventDefault();
      const next = Math.min(ids.length - 1, Math.max(0, (selectedIndex < 0 ? -1 : selectedIndex) + step));
      onSelect(ids[next]);
    } else if (e.key === 'Enter' && selectedId !== null && e.target === e.currentTarget) {
      e.preventDefault();
      onOpen(selectedId);
    }
  };

  return (
    <div className={styles.wrap}>
      <VirtualTable
        rows={rows}
        ids={ids}
        label={t('board.title')}
        columns={columns(actions.edit ? 132 : 72)}
        heading={(name) =>
          name === 'ticked' ? (
            <span className="visually-hidden">{t('column.ticked')}</span>
          ) : (
            sorting.head(name)
          )
        }
        sortedAs={sorting.sortedAs}
        className={styles.scroller}
        tableClassName={styles.table}
        data-testid="pallet-scroller"
        // the scrolling list takes the keyboard (WCAG 2.1.1): arrows move the selection, Enter opens it
        onKeyDown={onKeyDown}
        onScroll={(e) => e.currentTarget.scrollTop === 0 && setFresh(0)}
        row={(id, index) => (
          <PalletRow
            key={id}
            id={id}
            index={index}
            now={now}
            selected={index === selectedIndex}
            ticked={ticked.has(id)}
            actions={actions}
            onSelect={onSelect}
            onTick={onTick}
          />
        )}
      />
      {sorting.announcement}
      {fresh > 0 && (
        <button
          type="button"
          className={styles.pill}
          onClick={() => {
            scroller.current?.scrollTo({ top: 0 });
            setFresh(0);
          }}
        >
          {t('board.fresh', { count: fresh })}
        </button>
      )}
    </div>
  );
}
