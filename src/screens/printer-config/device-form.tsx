import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../services';
import { apiErrorText, refusalText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { useToasts } from '../../ui/toasts';
import styles from './printer-config-screen.module.css';

/**
 * The add/edit form of a printer or a scale: its fields, then Save (waiting while `onSave` runs)
 * and Cancel. A refusal stays in the form, in full, beside the fields it is about (a port off the
 * server's list says which ports are), until the next save.
 */
export function DeviceForm({
  label,
  saveLabel,
  onSave,
  onCancel,
  children,
}: {
  label: string;
  saveLabel: string;
  onSave: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setRefusal(null);
    try {
      await onSave();
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={label}>
      {children}
      {refusal && (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={saving}>
          {saveLabel}
        </Button>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
      </div>
    </form>
  );
}

/**
 * A printer's or scale's Edit and Delete in its row: Delete asks `deleteQuestion` first, and says
 * a refusal in a toast.
 */
export function DeviceActions({
  name,
  deleteQuestion,
  onEdit,
  onDelete,
}: {
  name: string;
  deleteQuestion: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation('printers');
  const toasts = useToasts();
  const { device } = useServices();
  const remove = async () => {
    if (!device.confirm(deleteQuestion)) return;
    try {
      await onDelete();
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
    }
  };
  return (
    <span className={styles.rowActions}>
      <Button onClick={onEdit} aria-label={t('editName', { name })}>
        {t('edit')}
      </Button>
      <Button variant="danger" onClick={remove} aria-label={t('deleteName', { name })}>
        {t('delete')}
      </Button>
    </span>
  );
}
