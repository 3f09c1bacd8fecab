import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventorySettings, TypeSettings } from '../../../streams/inventory';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useToasts } from '../../ui/toasts';
import styles from './inventory-screen.module.css';

type Field = keyof TypeSettings;

const fields: Field[] = ['ripeningDays', 'nearExpiryDays', 'urgentDays', 'minimumKg'];

type Draft = { tomatoType: string } & Record<Field, string>;

const draftOf = (settings: InventorySettings): Draft[] =>
  settings.tomatoTypes.map((s) => ({
    tomatoType: s.tomatoType,
    ripeningDays: String(s.ripeningDays),
    nearExpiryDays: String(s.nearExpiryDays),
    urgentDays: String(s.urgentDays),
    minimumKg: String(s.minimumKg),
  }));

/** The administrator's form for each tomato type's ageing days and minimum stock. */
export function SettingsDialog({
  settings,
  onClose,
  save,
}: {
  settings: InventorySettings;
  onClose: () => void;
  save: (types: (TypeSettings & { tomatoType: string })[]) => Promise<void>;
}) {
  const { t } = useTranslation(['inventory', 'common']);
  const toasts = useToasts();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (index: number, field: Field, value: string) =>
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const fieldLabel: Record<Field, (type: string) => string> = {
    ripeningDays: (type) => t('settings.field.ripeningDays', { type }),
    nearExpiryDays: (type) => t('settings.field.nearExpiryDays', { type }),
    urgentDays: (type) => t('settings.field.urgentDays', { type }),
    minimumKg: (type) => t('settings.field.minimumKg', { type }),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the server's rule, said before sending, with the type it concerns
    const unordered = draft.find(
      (row) =>
        Number(row.ripeningDays) >= Number(row.nearExpiryDays) ||
        Number(row.nearExpiryDays) >= Number(row.urgentDays),
    );
    setProblem(unordered ? t('settings.unordered', { type: unordered.tomatoType }) : null);
    if (unordered) return;
    setSaving(true);
    try {
      await save(
        draft.map((row) => ({
          tomatoType: row.tomatoType,
          ripeningDays: Number(row.ripeningDays),
          nearExpiryDays: Number(row.nearExpiryDays),
          urgentDays: Number(row.urgentDays),
          minimumKg: Number(row.minimumKg),
        })),
      );
      toasts.notify(t('settings.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      // the server names the type and field at fault; the form stays open to put it right
      toasts.notify(apiErrorText(error), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('settings.title')}
      size="lg"
      footer={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button variant="primary" type="submit" form="inventory-settings" disabled={saving}>
            {t('settings.save')}
          </Button>
        </>
      }
    >
      <form id="inventory-settings" onSubmit={submit}>
        <p className={styles.muted}>{t('settings.help')}</p>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <table className={styles.settings}>
          <thead>
            <tr>
              <th scope="col">{t('settings.head.tomatoType')}</th>
              <th scope="col">{t('settings.head.ripeningDays')}</th>
              <th scope="col">{t('settings.head.nearExpiryDays')}</th>
              <th scope="col">{t('settings.head.urgentDays')}</th>
              <th scope="col">{t('settings.head.minimumKg')}</th>
            </tr>
          </thead>
          <tbody>
            {draft.map((row, index) => (
              <tr key={row.tomatoType}>
                <th scope="row" translate="no">
                  {row.tomatoType}
                </th>
                {fields.map((field) => (
                  <td key={field}>
                    <input
                      className={styles.number}
                      type="number"
                      min={field === 'minimumKg' ? 0 : 1}
                      step={field === 'minimumKg' ? 'any' : 1}
                      required
                      aria-label={fieldLabel[field](row.tomatoType)}
                      value={row[field]}
                      onChange={(e) => change(index, field, e.target.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </form>
    </Modal>
  );
}
