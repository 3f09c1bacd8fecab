import { type FormEvent, useState } from 'react';
import type { InventorySettings, TypeSettings } from '../../../streams/inventory';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useToasts } from '../../ui/toasts';
import styles from './inventory-screen.module.css';

type Field = keyof TypeSettings;

const fields: [Field, string][] = [
  ['ripeningDays', 'ripening from day'],
  ['nearExpiryDays', 'near expiry from day'],
  ['urgentDays', 'urgent from day'],
  ['minimumKg', 'minimum kg'],
];

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
  const toasts = useToasts();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saving, setSaving] = useState(false);
  const change = (index: number, field: Field, value: string) =>
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      toasts.notify('Inventory settings saved', { variant: 'success' });
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
      title="Ageing and minimum stock"
      size="lg"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="inventory-settings" disabled={saving}>
            Save settings
          </Button>
        </>
      }
    >
      <form id="inventory-settings" onSubmit={submit}>
        <p className={styles.muted}>
          Days count from the day a pallet was made. Each threshold must be larger than the one before.
        </p>
        <table className={styles.settings}>
          <thead>
            <tr>
              <th scope="col">Tomato type</th>
              <th scope="col">Ripening from day</th>
              <th scope="col">Near expiry from day</th>
              <th scope="col">Urgent from day</th>
              <th scope="col">Minimum stock (kg)</th>
            </tr>
          </thead>
          <tbody>
            {draft.map((row, index) => (
              <tr key={row.tomatoType}>
                <th scope="row">{row.tomatoType}</th>
                {fields.map(([field, label]) => (
                  <td key={field}>
                    <input
                      className={styles.number}
                      type="number"
                      min={field === 'minimumKg' ? 0 : 1}
                      step={field === 'minimumKg' ? 'any' : 1}
                      required
                      aria-label={`${row.tomatoType} ${label}`}
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
