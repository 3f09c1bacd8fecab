import { useState } from 'react';
import { passwordError } from '../../../streams/admin';
import { type AdminUser, type UserFields, useAdminCommands, useAdminUsers } from '../../hooks/admin';
import { useLocations, useUser } from '../../hooks/app-state';
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

type Dialog = { kind: 'new' } | { kind: 'edit' | 'reset' | 'disable' | 'delete'; user: AdminUser } | null;

/** The badges of a user's access, as the list shows them. */
function AccessBadges({ user }: { user: AdminUser }) {
  return (
    <span className={styles.badges}>
      {user.disabled && (
        <span className={styles.badge} data-tone="error">
          Disabled
        </span>
      )}
      {user.admin && (
        <span className={styles.badge} data-tone="brand">
          Administrator
        </span>
      )}
      {user.desktop_access && <span className={styles.badge}>Desktop</span>}
      {user.mobile_access && <span className={styles.badge}>Mobile</span>}
      {user.force_mobile_mode_enabled && <span className={styles.badge}>Chooses mode</span>}
      {user.first_login && (
        <span className={styles.badge} data-tone="warning">
          Password not chosen yet
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
  user: AdminUser;
  onReset: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const { errors, attempt } = useFormCheck(password, (p) => oneField('password', passwordError(p)));
  return (
    <FormDialog
      title={`Reset the password of ${user.username}?`}
      action="Reset password"
      danger
      size="sm"
      onClose={onClose}
      onSubmit={() => attempt() && onReset(password)}
    >
      <p className={styles.muted}>
        They are signed out everywhere at once, sign in with this password and then choose their own.
      </p>
      <TextField
        label="New temporary password"
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
  const me = useUser();
  const locations = useLocations();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const nameOf = (id: string) =>
    (locations.status === 'ready' && locations.locations.find((l) => l.id === id)?.name) ||
    'another location';

  const save = (fields: UserFields) =>
    dialog?.kind === 'edit'
      ? act(() => commands.updateUser(dialog.user.id, fields), `User "${dialog.user.username}" saved`)
      : act(
          () => commands.createUser(fields as UserFields & { username: string; password: string }),
          `User "${fields.username}" created: they choose their own password at their first sign-in`,
        );

  return (
    <section className={styles.section} aria-labelledby="users-heading">
      <div className={styles.head}>
        <h2 id="users-heading">Users</h2>
        <span className={styles.spring} />
        <TextField
          label="Search users"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button variant="primary" onClick={() => setDialog({ kind: 'new' })}>
          New user
        </Button>
      </div>
      <Loaded state={state}>
        {(users) => {
          const needle = search.trim().toLowerCase();
          const shown = users.filter((u) => u.username.toLowerCase().includes(needle));
          return (
            <AdminTable
              label="Users"
              columns={['User', 'Access', 'Locations']}
              empty={
                shown.length > 0
                  ? null
                  : users.length === 0
                    ? 'No users you may manage.'
                    : `No user matches "${search}".`
              }
            >
              {shown.map((user) => {
                const self = user.id === me?.id;
                return (
                  <tr key={user.id} data-user={user.username}>
                    <th scope="row">{user.username}</th>
                    <td>
                      <AccessBadges user={user} />
                    </td>
                    <td>
                      {user.admin && user.locationIds.length === 0
                        ? 'All (administrator)'
                        : user.locationIds.map(nameOf).join(', ') || 'None'}
                    </td>
                    <td>
                      <RowActions
                        name={user.username}
                        onEdit={() => setDialog({ kind: 'edit', user })}
                        onDelete={self ? undefined : () => setDialog({ kind: 'delete', user })}
                      >
                        <Button
                          onClick={() => setDialog({ kind: 'reset', user })}
                          aria-label={`Reset password of ${user.username}`}
                        >
                          Reset password
                        </Button>
                        {!self &&
                          (user.disabled ? (
                            <Button
                              onClick={() =>
                                run(
                                  () => commands.updateUser(user.id, { disabled: false }),
                                  `User "${user.username}" enabled: they may sign in again`,
                                )
                              }
                              aria-label={`Enable ${user.username}`}
                            >
                              Enable
                            </Button>
                          ) : (
                            <Button
                              onClick={() => setDialog({ kind: 'disable', user })}
                              aria-label={`Disable ${user.username}`}
                            >
                              Disable
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
              `Password of "${dialog.user.username}" reset: their sessions have ended`,
            )
          }
        />
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          question={`Disable ${dialog.user.username}?`}
          action="Disable user"
          onClose={close}
          onConfirm={() =>
            act(
              () => commands.updateUser(dialog.user.id, { disabled: true }),
              `User "${dialog.user.username}" disabled and signed out`,
            )
          }
        >
          <p>
            They are signed out at once and cannot sign in until enabled again. What they did stays in the
            log.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete ${dialog.user.username}?`}
          action="Delete user"
          onClose={close}
          onConfirm={() =>
            act(() => commands.deleteUser(dialog.user.id), `User "${dialog.user.username}" deleted`)
          }
        >
          <p>
            This cannot be undone: their account, permissions and locations go. What they did stays in the
            activity log. To keep the account, disable it instead.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
