import { memo } from 'react';
import { type AgeBucket, type KeyContext, keyOf, unknownValue } from '../../../streams/inventory';
import { usePallet } from '../../hooks/live';
import { formatWeight } from '../../ui/qr-modal';
import { StatusBadge } from '../../ui/status-badge';
import { type Column, useVirtualRows, VirtualTable } from '../../ui/virtual-table';
import { ageText, shortId } from '../dashboard/format';
import styles from './inventory-screen.module.css';

const columns: Column[] = [
  ['ID', '92px'],
  ['Tomato', undefined],
  ['Box', undefined],
  ['Option', undefined],
  ['Pallet type', undefined],
  ['Weight', '110px'],
  ['Zone', undefined],
  ['Age', '190px'],
];

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
  if (!pallet) return null;
  const bucket = keyOf(pallet, 'age', context);
  return (
    <tr aria-rowindex={index + 2} data-pallet-id={id}>
      <td className={styles.id} title={id}>
        {shortId(id)}
      </td>
      <td>{pallet.tomatoType ?? '-'}</td>
      <td>{pallet.boxType ?? '-'}</td>
      <td>{pallet.tomatoOption ?? '-'}</td>
      <td>{pallet.palletType ?? '-'}</td>
      <td className={styles.number}>{formatWeight(pallet.weight)}</td>
      <td>{keyOf(pallet, 'zone', context)}</td>
      <td>
        <span className={styles.badges}>
          {bucket === unknownValue ? '-' : <StatusBadge variant={bucket as AgeBucket} />}
          <span className={styles.muted}>{ageText(pallet.createdAt, context.nowMs)}</span>
        </span>
      </td>
    </tr>
  );
});

/** The pallets on the chosen stock line; only the rows in view are in the DOM, so 10,000 scroll like 10. */
export function PalletList({ ids, context }: { ids: readonly string[]; context: KeyContext }) {
  const rows = useVirtualRows(ids);
  return (
    <VirtualTable
      rows={rows}
      ids={ids}
      label="Pallets"
      columns={columns}
      className={styles.scroller}
      tableClassName={styles.list}
      data-testid="inventory-scroller"
      row={(id, index) => <PalletRow key={id} id={id} index={index} context={context} />}
    />
  );
}
