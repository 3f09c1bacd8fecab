import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordError } from '../../../streams/admin';
import type { ApiUser } from '../../../streams/admin/user-schema';
import { type UserFields, useAdminCommands, useAdminUsers } from '../../hooks/admin';
import { useLocations, useUser } from '../../hooks/app-state';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { AdminTable, RowActions } from './admin-table';
import { Loaded } from './loaded';
import { useAction } from './use-action';
import { oneField, useFormCheck } from './use-form-check';
import { UserDialog } from './user-dialog';

type Dialog = { kind: 'new' } | { kind: 'edit' | 'reset' | 'disable' | 'delete'; user: ApiUser } | null;

/** The badges of a user's access, as the list shows them. */
function AccessBadges({ user }: { user: ApiUser }) {
  const { t } = useTranslation('admin');
  return (
    <span className={styles.badges}>
      {user.disabled && (
        <span className={styles.badge} data-tone="error">
          {t('users.badge.disabled')}
        </span>
      )}
      {user.admin && (
        <span className={styles.badge} data-tone="brand">
          {t('users.badge.admin')}
        </span>
      )}
      {user.desktop_access && <span className={styles.badge}>{t('users.badge.desktop')}</span>}
      {user.mobile_access && <span className={styles.badge}>{t('users.badge.mobile')}</span>}
      {user.force_mobile_mode_enabled && <span className={styles.badge}>{t('users.badge.choosesMode')}</span>}
      {user.first_login && (
        <span className={styles.badge} data-tone="warning">
          {t('users.badge.firstLogin')}
        </span>
      )}
    </span>
  );
}

/** A new temporary password for a user: their sessions end, and they choose their own at the next sign-in. */
function ResetPasswordDialog({
  user,
  onReset,
  onClose,
}: {
  user: ApiUser;
  onReset: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [password, setPassword] = useState('');
  const { errors, attempt } = useFormCheck(password, (p) => oneField('password', passwordError(p)));
  return (
    <FormDialog
      title={t('users.reset.title', { name: user.username })}
      action={t('users.reset.action')}
      danger
      size="sm"
      onClose={onClose}
      onSubmit={() => attempt() && onReset(password)}
    >
      <p className={styles.muted}>{t('users.reset.lead')}</p>
      <TextField
        label={t('users.reset.password')}
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </FormDialog>
  );
}

/** Users: the list the server lets this manager see, with search, and every change of one. */
export function UsersSection() {
  const { state, reload } = useAdminUsers();
  const commands = useAdminCommands();
  const { run, save: act } = useAction(reload);
  const { t } = useTranslation('admin');
  const format = useFormats();
  const me = useUser();
  const locations = useLocations();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const nameOf = (id: string) =>
    (locations.status === 'ready' && locations.locations.find((l) => l.id === id)?.name) ||
    t('users.anotherLocation');

  const save = (fields: UserFields) =>
    dialog?.kind === 'edit'
      ? act(
          () => commands.updateUser(dialog.user.id, fields),
          t('users.saved', { name: dialog.user.username }),
        )
      : act(
          () => commands.createUser(fields as UserFields & { username: string; password: string }),
          t('users.created', { name: fields.username }),
        );

  return (
    <section className={styles.section} aria-labelledby="users-heading">
      <div className={styles.head}>
        <h2 id="users-heading">{t('users.heading')}</h2>
        <span className={styles.spring} />
        <TextField
          label={t('users.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button variant="primary" onClick={() => setDialog({ kind: 'new' })}>
          {t('users.new')}
        </Button>
      </div>
      <Loaded state={state}>
        {(users) => {
          const needle = search.trim().toLowerCase();
          const shown = users.filter((u) => u.username.toLowerCase().includes(needle));
          return (
            <AdminTable
              label={t('users.heading')}
              columns={[t('users.column.user'), t('users.column.access'), t('users.column.locations')]}
              empty={
                shown.length > 0
                  ? null
                  : users.length === 0
                    ? t('users.none')
                    : t('users.noMatch', { search })
              }
            >
              {shown.map((user) => {
                const self = user.id === me?.id;
                return (
                  <tr key={user.id} data-user={user.username}>
                    <th scope="row" translate="no">
                      {user.username}
                    </th>
                    <td>
                      <AccessBadges user={user} />
                    </td>
                    <td>
                      {user.admin && user.locationIds.length === 0 ? (
                        t('users.allLocations')
                      ) : user.locationIds.length === 0 ? (
                        t('users.noLocations')
                      ) : (
                        <span translate="no">{format.list(user.locationIds.map(nameOf))}</span>
                      )}
                    </td>
                    <td>
                      <RowActions
                        name={user.username}
                        onEdit={() => setDialog({ kind: 'edit', user })}
                        onDelete={self ? undefined : () => setDialog({ kind: 'delete', user })}
                      >
                        <Button
                          onClick={() => setDialog({ kind: 'reset', user })}
                          aria-label={t('users.resetName', { name: user.username })}
                        >
                          {t('users.reset.action')}
                        </Button>
                        {!self &&
                          (user.disabled ? (
                            <Button
                              onClick={() =>
                                run(
                                  () => commands.updateUser(user.id, { disabled: false }),
                                  t('users.enabled', { name: user.username }),
                                )
                              }
                              aria-label={t('users.enableName', { name: user.username })}
                            >
                              {t('users.enable')}
                            </Button>
                          ) : (
                            <Button
                              onClick={() => setDialog({ kind: 'disable', user })}
                              aria-label={t('users.disableName', { name: user.username })}
                            >
                              {t('users.disable')}
                            </Button>
                          ))}
                      </RowActions>
                    </td>
                  </tr>
                );
              })}
            </AdminTable>
          );
        }}
      </Loaded>
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <UserDialog
          key={dialog.kind === 'edit' ? dialog.user.id : 'new'}
          user={dialog.kind === 'edit' ? dialog.user : null}
          onSave={save}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordDialog
          user={dialog.user}
          onClose={close}
          onReset={(password) =>
            act(
              () => commands.updateUser(dialog.user.id, { password, first_login: true }),
              t('users.reset.done', { name: dialog.user.username }),
            )
          }
        />
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          question={t('users.disableDialog.question', { name: dialog.user.username })}
          action={t('users.disableDialog.action')}
          onClose={close}
          onConfirm={() =>
            act(
              () => commands.updateUser(dialog.user.id, { disabled: true }),
              t('users.disableDialog.done', { name: dialog.user.username }),
            )
          }
        >
          <p>{t('users.disableDialog.body')}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={t('users.deleteDialog.question', { name: dialog.user.username })}
          action={t('users.deleteDialog.action')}
          onClose={close}
          onConfirm={() =>
            act(
              () => commands.deleteUser(dialog.user.id),
              t('users.deleteDialog.done', { name: dialog.user.username }),
            )
          }
        >
          <p>{t('users.deleteDialog.body')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
