import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Pallet } from '../../streams/live';
import type { Catalog } from '../hooks/catalog';
import { useOrderCommands } from '../hooks/order-commands';
import { type PalletFields, usePalletCommands } from '../hooks/pallet-commands';
import { useFormats } from '../i18n/format';
import { apiErrorText } from '../shell/api-error';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { grouped, shortId } from './format';
import { Modal } from './modal';
import styles from './pallet-dialog.module.css';
import { formatWeight } from './qr-modal';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { useToasts } from './toasts';
import { readWeight } from './weight';

/** A pallet attribute a person chooses from the catalogue. */
export type Attribute = Exclude<keyof PalletFields, 'weight'>;

/** The chosen attributes with their labels, in the order forms ask for them. */
export const attributes: [Attribute, string][] = [
  ['tomatoType', 'Tomato type'],
  ['boxType', 'Box type'],
  ['tomatoOption', 'Tomato option'],
  ['palletType', 'Pallet type'],
];

const isConflict = (error: unknown) => (error as { status?: unknown })?.status === 409;

/** A field another person changed: its attribute (or the weight), and its value before and after. */
type Change = { field: Attribute | 'weight'; before: string; after: string };

/** What another person changed, field by field, between the pallet a person edited and the server's. */
function changesBetween(mine: Pallet, theirs: Pallet): Change[] {
  const changes: Change[] = attributes
    .filter(([key]) => mine[key] !== theirs[key])
    .map(([key]) => ({ field: key, before: mine[key] ?? '-', after: theirs[key] ?? '-' }));
  if (mine.weight !== theirs.weight)
    changes.push({ field: 'weight', before: formatWeight(mine.weight), after: formatWeight(theirs.weight) });
  return changes;
}

/**
 * "New pallet" (no `pallet`) or the edit of one: the catalogue's values and a checked weight. A
 * change someone else made meanwhile (409) is shown with the fresh values, ready to save again.
 */
export function PalletDialog({
  pallet,
  catalog,
  onClose,
}: {
  pallet: Pallet | null;
  catalog: Catalog;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const format = useFormats();
  const commands = usePalletCommands();
  const toasts = useToasts();
  const formId = useId();
  const [base, setBase] = useState(pallet);
  const [fields, setFields] = useState(() => ({
    tomatoType: pallet?.tomatoType ?? catalog.tomatoType[0] ?? '',
    boxType: pallet?.boxType ?? catalog.boxType[0] ?? '',
    tomatoOption: pallet?.tomatoOption ?? catalog.tomatoOption[0] ?? '',
    palletType: pallet?.palletType ?? catalog.palletType[0] ?? '',
    // as the reader writes numbers ("1.234,5" in Dutch), so saving it unchanged reads it back
    weight: pallet?.weight === undefined ? '' : format.number(pallet.weight, 2),
  }));
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Change[] | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const weight = readWeight(fields.weight, format);
    if ('error' in weight) return setError(weight.error);
    const values: PalletFields = { ...fields, weight: weight.kg };
    setBusy(true);
    setError(null);
    try {
      if (base) await commands.update(base, values);
      else await commands.create(values);
      toasts.notify(base ? t('pallet.saved') : t('pallet.created'), { variant: 'success' });
      onClose();
    } catch (failure) {
      if (base && isConflict(failure)) {
        const fresh = await commands.fresh(base.id).catch(() => null);
        if (fresh) {
          setConflict(changesBetween(base, fresh));
          setBase(fresh);
        }
      }
      setError(apiErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  return (
    <Modal
      open
      onClose={onClose}
      title={pallet ? t('pallet.editTitle', { id: shortId(pallet.id) }) : t('newPallet')}
      footer={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {pallet ? t('pallet.save') : t('pallet.create')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {conflict && (
          <div className={styles.conflict} role="alert">
            <strong>{t('pallet.conflict')}</strong>
            {conflict.length > 0 && (
              <ul>
                {conflict.map(({ field, before, after }) => (
                  <li key={field}>
                    {t('pallet.changeLine', {
                      field: field === 'weight' ? t('common:pallet.weight') : t(`field.${field}`),
                      before,
                      after,
                    })}
                  </li>
                ))}
              </ul>
            )}
            <span>{t('pallet.conflictHint')}</span>
          </div>
        )}
        {attributes.map(([key]) => (
          <SelectField
            key={key}
            label={t(`field.${key}`)}
            value={fields[key]}
            onChange={set(key)}
            choices={(catalog[key].includes(fields[key]) || !fields[key]
              ? catalog[key]
              : [fields[key], ...catalog[key]]
            ).map((value) => ({ value, label: value, data: true }))}
          />
        ))}
        <TextField
          label={t('pallet.weightKg')}
          inputMode="decimal"
          value={fields.weight}
          onChange={(e) => set('weight')(e.target.value)}
          aria-invalid={error !== null && !conflict}
        />
        {error && !conflict && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** Asks before a pallet is deleted; the delete shows at once and comes back if the server refuses. */
export function DeletePalletDialog({ pallet, onClose }: { pallet: Pallet; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const commands = usePalletCommands();
  const toasts = useToasts();
  const remove = () => {
    onClose();
    commands.remove(pallet).then(
      () => toasts.notify(t('deletePallet.done'), { variant: 'success' }),
      (error) => toasts.notify(apiErrorText(error), { variant: 'error' }),
    );
  };
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={t('deletePallet.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button variant="danger" onClick={remove}>
            {t('deletePallet.submit')}
          </Button>
        </>
      }
    >
      <p className={styles.confirm}>
        <Trans
          t={t}
          i18nKey="deletePallet.confirm"
          values={{
            id: shortId(pallet.id),
            tomatoType: pallet.tomatoType ?? '-',
            weight: formatWeight(pallet.weight),
          }}
          components={{ strong: <strong title={pallet.id} translate="no" /> }}
        />
      </p>
    </Modal>
  );
}

/** Asks before the ticked pallets are deleted, all of them or none; they go at once and come back if refused. */
export function DeletePalletsDialog({
  palletIds,
  onClose,
  onDone,
}: {
  palletIds: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { removePallets } = useOrderCommands();
  const toasts = useToasts();
  const n = palletIds.length;
  return (
    <ConfirmDialog
      question={t('deletePallets.title', { count: n, ...grouped(n) })}
      action={t('deletePallets.submit', { count: n, ...grouped(n) })}
      onClose={onClose}
      onConfirm={async () => {
        await removePallets(palletIds);
        toasts.notify(t('deletePallets.done', { count: n, ...grouped(n) }), { variant: 'success' });
        onDone();
      }}
    >
      <p className={styles.confirm}>{t('deletePallets.confirm', { count: n, ...grouped(n) })}</p>
    </ConfirmDialog>
  );
}
