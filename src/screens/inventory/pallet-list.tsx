import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AgeBucket, type KeyContext, keyOf, unknownValue } from '../../../streams/inventory';
import type { PalletSort } from '../../../streams/live';
import { usePallet } from '../../hooks/live';
import { useFormats } from '../../i18n/format';
import { useColumnSorting } from '../../ui/column-sorting';
import { shortId } from '../../ui/format';
import { formatWeight } from '../../ui/qr-modal';
import { StatusBadge } from '../../ui/status-badge';
import { type Column, useVirtualRows, VirtualTable } from '../../ui/virtual-table';
import styles from './inventory-screen.module.css';
import { useLabels } from './labels';

/** One pallet's row: re-renders only when that pallet changes. */
const PalletRow = memo(function PalletRow({
  id,
  index,
  context,
}: {
  id: string;
  index: number;
  context: KeyContext;
}) {
  const pallet = usePallet(id);
  const format = useFormats();
  const labels = useLabels();
  if (!pallet) return null;
  const bucket = keyOf(pallet, 'age', context);
  const zone = keyOf(pallet, 'zone', context);
  return (
    <tr aria-rowindex={index + 2} data-pallet-id={id}>
      <td className={styles.id} title={id} translate="no">
        {shortId(id)}
      </td>
      <td translate="no">{pallet.tomatoType ?? '-'}</td>
      <td translate="no">{pallet.boxType ?? '-'}</td>
      <td translate="no">{pallet.tomatoOption ?? '-'}</td>
      <td translate="no">{pallet.palletType ?? '-'}</td>
      <td className={styles.number}>{formatWeight(pallet.weight)}</td>
      <td translate={labels.isData('zone', zone) ? 'no' : undefined}>{labels.value('zone', zone)}</td>
      <td>
        <span className={styles.badges}>
          {bucket === unknownValue ? '-' : <StatusBadge variant={bucket as AgeBucket} />}
          {typeof pallet.createdAt === 'string' ? (
            <time className={styles.muted} dateTime={pallet.createdAt}>
              {format.ago(pallet.createdAt, context.nowMs)}
            </time>
          ) : (
            '-'
          )}
        </span>
      </td>
    </tr>
  );
});

/** The list's columns, by their heading's message, and their widths where the content has one. */
const columns = [
  ['id', '92px'],
  ['tomato', undefined],
  ['box', undefined],
  ['option', undefined],
  ['palletType', undefined],
  ['weight', '110px'],
  // "Niet in opslag" whole
  ['zone', '132px'],
  // an age badge and its age in words side by side ("Bijna over datum", "12 dagen geleden")
  ['age', '260px'],
] as const satisfies readonly Column[];

type ColumnName = (typeof columns)[number][0];

/** Every column sorts the list. */
export const listColumns: readonly ColumnName[] = columns.map(([name]) => name);

/**
 * The pallets on the chosen stock line, in display order or by a column (a click on its head);
 * only the rows in view are in the DOM, so 10,000 scroll like 10.
 */
export function PalletList({
  ids,
  context,
  sort,
  onSort,
}: {
  ids: readonly string[];
  context: KeyContext;
  sort: PalletSort | null;
  onSort: (sort: PalletSort | null) => void;
}) {
  const { t } = useTranslation('inventory');
  const rows = useVirtualRows(ids);
  const sortBy = (next: PalletSort | null) => {
    if (rows.scroller.current) rows.scroller.current.scrollTop = 0;
    onSort(next);
  };
  const sorting = useColumnSorting(listColumns, (name) => t(`list.${name as ColumnName}`), sort, sortBy);
  return (
    <>
      <VirtualTable
        rows={rows}
        ids={ids}
        label={t('pallets')}
        columns={columns}
        heading={sorting.head}
        sortedAs={sorting.sortedAs}
        className={styles.scroller}
        tableClassName={styles.list}
        data-testid="inventory-scroller"
        row={(id, index) => <PalletRow key={id} id={id} index={index} context={context} />}
      />
      {sorting.announcement}
    </>
  );
}
