import {
  type ColumnDef,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PalletSort } from '../../streams/live';
import styles from './column-sorting.module.css';
import { Icon } from './icon';

const features = tableFeatures({ rowSortingFeature });
type Features = typeof features;
// the rows are the store's, sorted there (streams/): the table holds only which column, which way
const noRows: never[] = [];

/** A head's state for `aria-sort`. */
export type SortedAs = 'ascending' | 'descending' | 'none';

/** How a table's heads sort it. */
export interface ColumnSorting {
  /** The head of a column: its label in a button that sorts by it, or the label alone for a column that does not sort. */
  head: (name: string) => ReactNode;
  /** A head's `aria-sort`, undefined for a column that does not sort. */
  sortedAs: (name: string) => SortedAs | undefined;
  /** The sentence a screen reader hears when the order changes. */
  announcement: ReactNode;
}

/**
 * The column order of a table, held by TanStack Table (click: ascending, again: descending, a
 * third time: back to the display order) and kept by the caller (`sort`, `onSort`: the address).
 * The list itself is sorted where its data lives, so the table gets no rows.
 */
export function useColumnSorting(
  sortable: readonly string[],
  /** A column's label, in the app's language. */
  labelOf: (name: string) => string,
  sort: PalletSort | null,
  onSort: (sort: PalletSort | null) => void,
): ColumnSorting {
  const { t } = useTranslation('common');
  const columns = useMemo(
    // an accessor makes a column sortable; its value is never read without rows
    (): ColumnDef<Features, never>[] => sortable.map((id) => ({ id, accessorFn: () => null })),
    [sortable],
  );
  const sorting = useMemo(
    (): SortingState => (sort ? [{ id: sort.column, desc: sort.descending }] : []),
    [sort],
  );
  const table = useTable({
    features,
    columns,
    data: noRows,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      onSort(next ? { column: next.id, descending: next.desc } : null);
    },
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const columnOf = (name: string) => (sortable.includes(name) ? table.getColumn(name) : undefined);
  const sortedAs = (name: string): SortedAs | undefined => {
    const column = columnOf(name);
    if (!column) return undefined;
    const sorted = column.getIsSorted();
    return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  };
  const head = (name: string) => {
    const column = columnOf(name);
    if (!column) return labelOf(name);
    const as = sortedAs(name);
    return (
      <button
        type="button"
        className={styles.head}
        onClick={column.getToggleSortingHandler()}
        title={t('sort.by', { column: labelOf(name) })}
      >
        <span className={styles.label}>{labelOf(name)}</span>
        <Icon
          of={as === 'ascending' ? ArrowUp : as === 'descending' ? ArrowDown : ArrowUpDown}
          size={14}
          className={as === 'none' ? styles.idle : styles.active}
        />
      </button>
    );
  };
  return {
    head,
    sortedAs,
    announcement: (
      <span className="visually-hidden" role="status">
        {sort
          ? t('sort.sorted', {
              column: labelOf(sort.column),
              direction: t(sort.descending ? 'sort.descending' : 'sort.ascending'),
            })
          : t('sort.none')}
      </span>
    ),
  };
}
