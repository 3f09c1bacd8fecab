import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ZoneDraft, zoneErrors } from '../../../streams/admin';
import type { Zone, ZoneFields } from '../../../streams/live/zone-schema';
import { useAdminCommands, useAdminZones } from '../../hooks/admin';
import { useChosenLocationName, useLocationId } from '../../hooks/app-state';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormDialog } from '../../ui/form-dialog';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { AdminTable, RowActions } from './admin-table';
import { Loaded } from './loaded';
import { useAction } from './use-action';
import { useFormCheck } from './use-form-check';

/** A zone's temperature classes, each named by `admin:zones.temperature.<class>`. */
export const zoneTemperatures = ['cold', 'ambient'] as const;

/** A new zone or a change of one: name, rows, pallets per row, temperature class. */
function ZoneDialog({
  zone,
  onSave,
  onClose,
}: {
  zone: Zone | null;
  onSave: (fields: ZoneFields) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<ZoneDraft & { temperature: ZoneFields['temperature'] }>({
    name: zone?.name ?? '',
    rows: String(zone?.rows ?? 4),
    rowCapacity: String(zone?.rowCapacity ?? 10),
    temperature: zone?.temperature ?? 'ambient',
  });
  const { errors, attempt } = useFormCheck(draft, zoneErrors);
  const change = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = () =>
    attempt() &&
    onSave({
      name: draft.name.trim(),
      rows: Number(draft.rows),
      rowCapacity: Number(draft.rowCapacity),
      temperature: draft.temperature,
    });
  return (
    <FormDialog
      title={zone ? t('zones.editTitle', { name: zone.name }) : t('zones.newTitle')}
      action={zone ? t('zones.save') : t('zones.add')}
      className={styles.form}
      onClose={onClose}
      onSubmit={save}
    >
      <TextField
        label={t('zones.name')}
        value={draft.name}
        error={errors.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <SelectField
        label={t('zones.temperatureLabel')}
        value={draft.temperature}
        choices={zoneTemperatures.map((value) => ({ value, label: t(`zones.temperature.${value}`) }))}
        onChange={(value) => change({ temperature: value as ZoneFields['temperature'] })}
      />
      <TextField
        label={t('zones.rows')}
        type="number"
        min={1}
        max={200}
        value={draft.rows}
        error={errors.rows}
        onChange={(e) => change({ rows: e.target.value })}
      />
      <TextField
        label={t('zones.rowCapacity')}
        type="number"
        min={1}
        max={500}
        value={draft.rowCapacity}
        error={errors.rowCapacity}
        onChange={(e) => change({ rowCapacity: e.target.value })}
      />
      {zone && <p className={`${styles.muted} ${styles.wide}`}>{t('zones.shrinkHint')}</p>}
    </FormDialog>
  );
}

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete'; zone: Zone } | null;

/** Storage zones of the chosen location: rows, row capacity and temperature; an empty one may go. */
export function ZonesSection() {
  const { t } = useTranslation('admin');
  const format = useFormats();
  const locationId = useLocationId();
  const place = useChosenLocationName() ?? '…';
  const { state, reload } = useAdminZones(locationId);
  const commands = useAdminCommands();
  const { save } = useAction(reload);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <section className={styles.section} aria-labelledby="zones-heading">
      <div className={styles.head}>
        <h2 id="zones-heading">
          {t('zones.heading')} <span translate="no">{place}</span>
        </h2>
        <span className={styles.spring} />
        <Button variant="primary" onClick={() => setDialog({ kind: 'new' })}>
          {t('zones.new')}
        </Button>
      </div>
      <Loaded state={state}>
        {(zones) => (
          <AdminTable
            label={t('zones.table')}
            columns={[
              t('zones.column.zone'),
              t('zones.column.temperature'),
              t('zones.column.rows'),
              t('zones.column.rowCapacity'),
              t('zones.column.stored'),
            ]}
            empty={zones.length === 0 ? t('zones.none') : null}
          >
            {zones.map((zone) => (
              <tr key={zone.id}>
                <th scope="row" translate="no">
                  {zone.name}
                </th>
                <td>
                  <span className={styles.badge} data-tone={zone.temperature === 'cold' ? 'cold' : undefined}>
                    {t(`zones.temperatureShort.${zone.temperature}`)}
                  </span>
                </td>
                <td>{format.number(zone.rows)}</td>
                <td>{format.number(zone.rowCapacity)}</td>
                <td>
                  {t('zones.storedOf', {
                    stored: format.number(zone.rowPallets.flat().length),
                    capacity: format.number(zone.rows * zone.rowCapacity),
                  })}
                </td>
                <td>
                  <RowActions
                    name={zone.name}
                    onEdit={() => setDialog({ kind: 'edit', zone })}
                    onDelete={() => setDialog({ kind: 'delete', zone })}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Loaded>
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && locationId && (
        <ZoneDialog
          zone={dialog.kind === 'edit' ? dialog.zone : null}
          onClose={close}
          onSave={(fields) =>
            dialog.kind === 'edit'
              ? save(
                  () => commands.updateZone(dialog.zone.id, fields),
                  t('zones.saved', { name: fields.name }),
                )
              : save(() => commands.createZone(locationId, fields), t('zones.added', { name: fields.name }))
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={t('zones.deleteDialog.question', { name: dialog.zone.name })}
          action={t('zones.deleteDialog.action')}
          onClose={close}
          onConfirm={() =>
            save(
              () => commands.deleteZone(dialog.zone.id),
              t('zones.deleteDialog.done', { name: dialog.zone.name }),
            )
          }
        >
          <p>{t('zones.deleteDialog.body')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
