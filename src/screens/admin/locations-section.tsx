import { type FormEvent, useState } from 'react';
import { nameError } from '../../../streams/admin';
import { useAdminCommands, useAllLocations } from '../../hooks/admin';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { Loaded } from './loaded';
import { useAction } from './use-action';
import { oneField, useFormCheck } from './use-form-check';

type Place = { id: string; name: string };

/** A name asked for in a dialog (a new location, a new name for one), checked before it is sent. */
export function NameDialog({
  title,
  label,
  action,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  action: string;
  initial: string;
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const { errors, attempt } = useFormCheck(name, (n) => oneField('name', nameError(n, 100)));
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!attempt()) return;
    setBusy(true);
    if (await onSave(name.trim()).finally(() => setBusy(false))) onClose();
  };
  return (
    <Modal
      open
      size="sm"
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="name-form" disabled={busy}>
            {action}
          </Button>
        </>
      }
    >
      <form id="name-form" onSubmit={submit} noValidate>
        <TextField label={label} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      </form>
    </Modal>
  );
}

type Dialog = { kind: 'new' } | { kind: 'rename' | 'delete'; place: Place } | null;

/** Locations (administrators): add, rename, and delete one that holds nothing. */
export function LocationsSection() {
  const { state, reload } = useAllLocations();
  const commands = useAdminCommands();
  const run = useAction(reload);
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
        A location with pallets, orders or storage zones cannot be deleted. New locations appear in the
        location choice after the next sign-in.
      </p>
      <Loaded state={state}>
        {(places) => (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-label="Locations">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {places.map((place) => (
                  <tr key={place.id}>
                    <th scope="row">{place.name}</th>
                    <td>
                      <span className={styles.actions}>
                        <Button
                          onClick={() => setDialog({ kind: 'rename', place })}
                          aria-label={`Rename ${place.name}`}
                        >
                          Rename
                        </Button>
                        <Button
                          variant="danger"
                          onClick={() => setDialog({ kind: 'delete', place })}
                          aria-label={`Delete ${place.name}`}
                        >
                          Delete
                        </Button>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
      {dialog?.kind === 'new' && (
        <NameDialog
          title="New location"
          label="Location name"
          action="Add location"
          initial=""
          onClose={close}
          onSave={(name) => run(() => commands.createLocation(name), `Location "${name}" added`)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.place.name}`}
          label="Location name"
          action="Rename location"
          initial={dialog.place.name}
          onClose={close}
          onSave={(name) =>
            run(() => commands.renameLocation(dialog.place.id, name), `Location renamed to "${name}"`)
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete ${dialog.place.name}?`}
          action="Delete location"
          onClose={close}
          onConfirm={() =>
            run(() => commands.deleteLocation(dialog.place.id), `Location "${dialog.place.name}" deleted`)
          }
        >
          <p>Its catalogue, printers and settings go with it; its users keep their other locations.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
