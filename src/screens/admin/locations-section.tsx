import { useCallback, useState } from 'react';
import { nameError } from '../../../streams/admin';
import { useAdminCommands, useAllLocations } from '../../hooks/admin';
import { useServices } from '../../services';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { AdminTable, RowActions } from './admin-table';
import { Loaded } from './loaded';
import { useAction } from './use-action';
import { oneField, useFormCheck } from './use-form-check';

type Place = { id: string; name: string };

/** A name asked for in a dialog (a new location, a new name for one), checked before it is sent. */
function NameDialog({
  title,
  action,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  action: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const { errors, attempt } = useFormCheck(name, (n) => oneField('name', nameError(n, 100)));
  return (
    <FormDialog
      title={title}
      action={action}
      size="sm"
      onClose={onClose}
      onSubmit={() => attempt() && onSave(name.trim())}
    >
      <TextField
        label="Location name"
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
    </FormDialog>
  );
}

type Dialog = { kind: 'new' } | { kind: 'rename' | 'delete'; place: Place } | null;

/** Locations (administrators): add, rename, and delete one that holds nothing. */
export function LocationsSection() {
  const { state, reload } = useAllLocations();
  const { locations } = useServices();
  const commands = useAdminCommands();
  // the location choice in the header follows at once
  const { save } = useAction(
    useCallback(() => {
      reload();
      locations.reload();
    }, [reload, locations]),
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <section className={styles.section} aria-labelledby="locations-heading">
      <div className={styles.head}>
        <h2 id="locations-heading">Locations</h2>
        <span className={styles.spring} />
        <Button variant="primary" onClick={() => setDialog({ kind: 'new' })}>
          New location
        </Button>
      </div>
      <p className={styles.muted}>
        A location with pallets, orders or storage zones cannot be deleted. A new location is at once in the
        location choice at the top, to set up its zones and catalogue here.
      </p>
      <Loaded state={state}>
        {(places) => (
          <AdminTable label="Locations" columns={['Name']}>
            {places.map((place) => (
              <tr key={place.id}>
                <th scope="row">{place.name}</th>
                <td>
                  <RowActions
                    name={place.name}
                    edit="Rename"
                    onEdit={() => setDialog({ kind: 'rename', place })}
                    onDelete={() => setDialog({ kind: 'delete', place })}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Loaded>
      {dialog?.kind === 'new' && (
        <NameDialog
          title="New location"
          action="Add location"
          initial=""
          onClose={close}
          onSave={(name) => save(() => commands.createLocation(name), `Location "${name}" added`)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.place.name}`}
          action="Rename location"
          initial={dialog.place.name}
          onClose={close}
          onSave={(name) =>
            save(() => commands.renameLocation(dialog.place.id, name), `Location renamed to "${name}"`)
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete ${dialog.place.name}?`}
          action="Delete location"
          onClose={close}
          onConfirm={() =>
            save(() => commands.deleteLocation(dialog.place.id), `Location "${dialog.place.name}" deleted`)
          }
        >
          <p>Its catalogue, printers and settings go with it; its users keep their other locations.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
