import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scale, ScaleFields } from '../../../streams/scales';
import { type ScaleProtocol, scaleProtocols } from '../../../streams/scales';
import { useScaleCommands, useScales } from '../../hooks/scales';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useToasts } from '../../ui/toasts';
import { DeviceAddressFields } from './device-address-fields';
import { DeviceActions, DeviceForm } from './device-form';
import styles from './printer-config-screen.module.css';

const blank: ScaleFields = { name: '', host: '', port: 9100, protocol: 'mt-sics' };

/** The add/edit form of a scale. */
function ScaleForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: ScaleFields;
  onSave: (fields: ScaleFields) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['printers', 'common']);
  const [fields, setFields] = useState(initial);
  const change = (patch: Partial<ScaleFields>) => setFields({ ...fields, ...patch });
  return (
    <DeviceForm
      label={t('scales.form.name')}
      saveLabel={t('scales.form.save')}
      onSave={() => onSave(fields)}
      onCancel={onCancel}
    >
      <TextField
        label={t('scales.form.scaleName')}
        required
        maxLength={100}
        value={fields.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <DeviceAddressFields host={fields.host} port={fields.port} onChange={change} />
      <SelectField
        label={t('scales.form.protocol')}
        value={fields.protocol}
        choices={scaleProtocols.map((protocol) => ({
          value: protocol,
          label: t(`scales.protocol.${protocol}`),
        }))}
        onChange={(value) => change({ protocol: value as ScaleProtocol })}
      />
    </DeviceForm>
  );
}

/** What the form edits of a scale: a change sends these fields only. */
const fieldsOf = ({ name, host, port, protocol }: Scale): ScaleFields => ({ name, host, port, protocol });

type Editing = { kind: 'new' } | { kind: 'edit'; scale: Scale } | null;

/**
 * The chosen location's network scales, which the sorting console takes a pallet's weight from:
 * listed for everyone, added, changed and removed by those who manage the printers.
 */
export function ScalesPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(['printers', 'common']);
  const { state, reload } = useScales();
  const commands = useScaleCommands();
  const toasts = useToasts();
  const [editing, setEditing] = useState<Editing>(null);
  // a refusal stays in the form, which says it
  const save = async (fields: ScaleFields) => {
    const saved =
      editing?.kind === 'edit'
        ? await commands.update(editing.scale.id, fields)
        : await commands.create(fields);
    toasts.notify(t('scales.saved', { name: saved.name }), { variant: 'success' });
    setEditing(null);
    reload();
  };
  const scales = state.status === 'ready' ? state.scales : [];
  return (
    <section aria-labelledby="scales-heading" className={styles.panel}>
      <div className={styles.head}>
        <h2 id="scales-heading">{t('scales.heading')}</h2>
        {canManage && editing === null && state.status === 'ready' && (
          <Button onClick={() => setEditing({ kind: 'new' })}>{t('scales.add')}</Button>
        )}
      </div>
      <p>{t('scales.summary')}</p>
      {state.status === 'loading' && <p>{t('common:loading')}</p>}
      {state.status === 'failed' && <p role="alert">{apiErrorText(state.error)}</p>}
      {state.status === 'ready' && scales.length === 0 && <p>{t('scales.none')}</p>}
      <ul className={styles.list}>
        {scales.map((scale) => (
          <li key={scale.id}>
            <span className={styles.pick}>
              <strong translate="no">{scale.name}</strong>
              <span>
                <span translate="no">
                  {scale.host}:{scale.port}
                </span>{' '}
                · {t(`scales.protocol.${scale.protocol}`)}
              </span>
            </span>
            {canManage && (
              <DeviceActions
                name={scale.name}
                deleteQuestion={t('scales.deleteQuestion', { name: scale.name })}
                onEdit={() => setEditing({ kind: 'edit', scale })}
                onDelete={() => commands.remove(scale.id).then(reload)}
              />
            )}
          </li>
        ))}
      </ul>
      {editing && (
        <ScaleForm
          key={editing.kind === 'edit' ? editing.scale.id : 'new'}
          initial={editing.kind === 'edit' ? fieldsOf(editing.scale) : blank}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}
