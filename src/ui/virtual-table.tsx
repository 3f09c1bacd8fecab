import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type HTMLAttributes, type ReactNode, type RefObject, useRef } from 'react';
import styles from './virtual-table.module.css';

/** The height of a row, which the virtual list reckons with. */
export const rowHeightPx = 44;

/** The rows of a long list, of which only those in view (and a few more) are in the DOM. */
export interface VirtualRows {
  scroller: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
}

/** Virtual rows over `ids`, for a {@link VirtualTable}; the caller may scroll them. */
export function useVirtualRows(ids: readonly string[]): VirtualRows {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeightPx,
    getItemKey: (index) => ids[index],
    overscan: 8,
  });
  return { scroller, virtualizer };
}

/** A column: its name, and its width where the content has one (the others share what is left). */
export type Column = readonly [name: string, width?: string];

/**
 * A table of thousands of rows that scrolls like one of ten: a scrolling region reachable by
 * keyboard, with fixed columns so rows keep their shape as they scroll in and out, a sticky head,
 * and the rows in view drawn by `row` (each a `<tr>`).
 */
export function VirtualTable({
  rows: { scroller, virtualizer },
  ids,
  label,
  columns,
  heading = (name) => name,
  sortedAs,
  row,
  className,
  tableClassName,
  ...scrollerProps
}: {
  rows: VirtualRows;
  ids: readonly string[];
  label: string;
  columns: readonly Column[];
  /** What a column's head shows; its name unless given. */
  heading?: (name: string) => ReactNode;
  /** A head's `aria-sort`: how the rows are sorted by its column (none given for one that does not sort). */
  sortedAs?: (name: string) => 'ascending' | 'descending' | 'none' | undefined;
  row: (id: string, index: number) => ReactNode;
  tableClassName?: string;
} & HTMLAttributes<HTMLDivElement>) {
  const items = virtualizer.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div ref={scroller} className={[styles.scroller, className].join(' ')} tabIndex={0} {...scrollerProps}>
      <table
        aria-label={label}
        aria-rowcount={ids.length + 1}
        className={[styles.table, tableClassName].join(' ')}
      >
        <colgroup>
          {columns.map(([name, width]) => (
            <col key={name} style={{ width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map(([name]) => (
              <th key={name} scope="col" aria-sort={sortedAs?.(name)}>
                {heading(name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {above > 0 && <tr className={styles.spacer} style={{ height: above }} />}
          {items.map((item) => row(ids[item.index], item.index))}
          {below > 0 && <tr className={styles.spacer} style={{ height: below }} />}
        </tbody>
      </table>
    </div>
  );
}
