import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
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
        label={t('locations.name')}
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
  const { t, i18n } = useTranslation('admin');
  // a new location's labels print in the language its maker works in
  const labelLocale = i18n.language === 'nl' ? 'nl' : 'en';
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
        <h2 id="locations-heading">{t('locations.heading')}</h2>
        <span className={styles.spring} />
        <Button variant="primary" onClick={() => setDialog({ kind: 'new' })}>
          {t('locations.new')}
        </Button>
      </div>
      <p className={styles.muted}>{t('locations.lead')}</p>
      <Loaded state={state}>
        {(places) => (
          <AdminTable label={t('locations.heading')} columns={[t('locations.column.name')]}>
            {places.map((place) => (
              <tr key={place.id}>
                <th scope="row" translate="no">
                  {place.name}
                </th>
                <td>
                  <RowActions
                    name={place.name}
                    edit={t('locations.rename')}
                    editName={t('locations.renameName', { name: place.name })}
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
          title={t('locations.newTitle')}
          action={t('locations.add')}
          initial=""
          onClose={close}
          onSave={(name) =>
            save(() => commands.createLocation(name, labelLocale), t('locations.added', { name }))
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('locations.renameName', { name: dialog.place.name })}
          action={t('locations.renameAction')}
          initial={dialog.place.name}
          onClose={close}
          onSave={(name) =>
            save(() => commands.renameLocation(dialog.place.id, name), t('locations.renamed', { name }))
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={t('locations.deleteDialog.question', { name: dialog.place.name })}
          action={t('locations.deleteDialog.action')}
          onClose={close}
          onConfirm={() =>
            save(
              () => commands.deleteLocation(dialog.place.id),
              t('locations.deleteDialog.done', { name: dialog.place.name }),
            )
          }
        >
          <p>{t('locations.deleteDialog.body')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
