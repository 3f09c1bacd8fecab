import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import styles from './admin.module.css';

/**
 * A list of the admin area as a table named `label`: its `columns`, then a last column of
 * actions; `empty` as one row when there are no rows.
 */
export function AdminTable({
  label,
  columns,
  empty,
  children,
}: {
  label: string;
  columns: readonly string[];
  empty?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {children}
          {empty && (
            <tr>
              <td colSpan={columns.length + 1}>{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A row's actions: `edit` (named "Edit" unless given), any others, and a danger Delete last,
 * each named with the row's `name` for assistive technology ("Delete Cold store A"); `editName`
 * is the edit button's name with the row's.
 */
export function RowActions({
  name,
  edit,
  editName,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  edit?: string;
  editName?: string;
  onEdit: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className={styles.actions}>
      <Button onClick={onEdit} aria-label={editName ?? t('table.editName', { name })}>
        {edit ?? t('table.edit')}
      </Button>
      {children}
      {onDelete && (
        <Button variant="danger" onClick={onDelete} aria-label={t('table.deleteName', { name })}>
          {t('table.delete')}
        </Button>
      )}
    </span>
  );
}
