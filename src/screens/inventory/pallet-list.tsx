import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { type AgeBucket, type KeyContext, keyOf, unknownValue } from '../../../streams/inventory';
import { usePallet } from '../../hooks/live';
import { formatWeight } from '../../ui/qr-modal';
import { StatusBadge } from '../../ui/status-badge';
import { ageText, shortId } from '../dashboard/format';
import styles from './inventory-screen.module.css';

const rowHeightPx = 44;

const columns: [string, string | undefined][] = [
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
    <tr aria-rowindex={index + 2} className={styles.row} data-pallet-id={id}>
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
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeightPx,
    getItemKey: (index) => ids[index],
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div ref={scroller} className={styles.scroller} tabIndex={0} data-testid="inventory-scroller">
      <table aria-label="Pallets" aria-rowcount={ids.length + 1} className={styles.list}>
        <colgroup>
          {columns.map(([name, width]) => (
            <col key={name} style={{ width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map(([name]) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {above > 0 && <tr className={styles.spacer} style={{ height: above }} />}
          {items.map((item) => (
            <PalletRow key={item.key} id={ids[item.index]} index={item.index} context={context} />
          ))}
          {below > 0 && <tr className={styles.spacer} style={{ height: below }} />}
        </tbody>
      </table>
    </div>
  );
}
