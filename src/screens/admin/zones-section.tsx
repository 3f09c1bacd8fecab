import { useState } from 'react';
import { type ZoneDraft, zoneErrors } from '../../../streams/admin';
import { type AdminZone, useAdminCommands, useAdminZones, type ZoneFields } from '../../hooks/admin';
import { useChosenLocationName, useLocationId } from '../../hooks/app-state';
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

const temperatures = [
  { value: 'cold', label: 'Cold (cooled store)' },
  { value: 'ambient', label: 'Ambient (not cooled)' },
];

/** A new zone or a change of one: name, rows, pallets per row, temperature class. */
function ZoneDialog({
  zone,
  onSave,
  onClose,
}: {
  zone: AdminZone | null;
  onSave: (fields: ZoneFields) => Promise<unknown>;
  onClose: () => void;
}) {
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
      title={zone ? `Edit ${zone.name}` : 'New storage zone'}
      action={zone ? 'Save zone' : 'Add zone'}
      className={styles.form}
      onClose={onClose}
      onSubmit={save}
    >
      <TextField
        label="Zone name"
        value={draft.name}
        error={errors.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <SelectField
        label="Temperature"
        value={draft.temperature}
        choices={temperatures}
        onChange={(value) => change({ temperature: value as ZoneFields['temperature'] })}
      />
      <TextField
        label="Rows"
        type="number"
        min={1}
        max={200}
        value={draft.rows}
        error={errors.rows}
        onChange={(e) => change({ rows: e.target.value })}
      />
      <TextField
        label="Pallets per row (row capacity)"
        type="number"
        min={1}
        max={500}
        value={draft.rowCapacity}
        error={errors.rowCapacity}
        onChange={(e) => change({ rowCapacity: e.target.value })}
      />
      {zone && (
        <p className={`${styles.muted} ${styles.wide}`}>
          Fewer rows or a smaller capacity is refused while pallets stand where they would no longer fit.
        </p>
      )}
    </FormDialog>
  );
}

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete'; zone: AdminZone } | null;

/** Storage zones of the chosen location: rows, row capacity and temperature; an empty one may go. */
export function ZonesSection() {
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
        <h2 id="zones-heading">Storage zones of {place}</h2>
        <span className={styles.spring} />
        <Button variant="primary" onClick={() => setDialog({ kind: 'new' })}>
          New zone
        </Button>
      </div>
      <Loaded state={state}>
        {(zones) => (
          <AdminTable
            label="Storage zones"
            columns={['Zone', 'Temperature', 'Rows', 'Pallets per row', 'Pallets stored']}
            empty={zones.length === 0 ? 'No storage zones yet.' : null}
          >
            {zones.map((zone) => (
              <tr key={zone.id}>
                <th scope="row">{zone.name}</th>
                <td>
                  <span className={styles.badge} data-tone={zone.temperature === 'cold' ? 'cold' : undefined}>
                    {zone.temperature === 'cold' ? 'Cold' : 'Ambient'}
                  </span>
                </td>
                <td>{zone.rows}</td>
                <td>{zone.rowCapacity}</td>
                <td>
                  {zone.rowPallets.flat().length} of {zone.rows * zone.rowCapacity}
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
              ? save(() => commands.updateZone(dialog.zone.id, fields), `Zone "${fields.name}" saved`)
              : save(() => commands.createZone(locationId, fields), `Zone "${fields.name}" added`)
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete ${dialog.zone.name}?`}
          action="Delete zone"
          onClose={close}
          onConfirm={() =>
            save(() => commands.deleteZone(dialog.zone.id), `Zone "${dialog.zone.name}" deleted`)
          }
        >
          <p>A zone can go only when no pallet stands in it.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
