import { useState } from 'react';
import { mayChangeFlag, mayChangeRestrictions, restrictionChoices } from '../../../streams/admin';
import { type PermissionFlag, permissionFlags } from '../../../streams/permissions';
import { type AdminUser, useAdminCommands, useAdminUsers } from '../../hooks/admin';
import { useUser } from '../../hooks/app-state';
import { usePermission } from '../../hooks/permissions';
import { Button } from '../../ui/button';
import styles from './admin.module.css';
import { Loaded } from './loaded';
import { useAction } from './use-action';

/** One column of a matrix: the stored name, and what it becomes or means (a tooltip). */
type Column = { key: string; hint: string };

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * A matrix of users (rows) by grants (columns), each row saved on its own: a checkbox per cell,
 * named "<grant> for <user>". Rows of administrators say so instead (they pass every check).
 */
function GrantMatrix({
  label,
  columns,
  users,
  held,
  mayChange,
  onSave,
}: {
  label: string;
  columns: readonly Column[];
  users: readonly AdminUser[];
  held: (user: AdminUser) => string[];
  mayChange: (user: AdminUser, key: string, on: boolean) => boolean;
  onSave: (user: AdminUser, values: string[]) => Promise<boolean>;
}) {
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const valuesOf = (user: AdminUser) => drafts[user.id] ?? held(user);
  const toggle = (user: AdminUser, key: string, on: boolean) => {
    const current = valuesOf(user);
    const next = on ? [...current, key] : current.filter((value) => value !== key);
    setDrafts((d) => ({ ...d, [user.id]: next }));
  };
  const save = async (user: AdminUser) => {
    if (await onSave(user, valuesOf(user))) setDrafts(({ [user.id]: _saved, ...rest }) => rest);
  };
  return (
    <div className={`${styles.tableWrap} ${styles.matrixWrap}`}>
      <table className={`${styles.table} ${styles.matrix}`} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">User</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={styles.flag} title={column.hint}>
                <span>{column.key}</span>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Save</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const values = valuesOf(user);
            const dirty = !sameSet(values, held(user));
            return (
              <tr key={user.id} data-dirty={dirty}>
                <th scope="row">{user.username}</th>
                {user.admin ? (
                  <td colSpan={columns.length} className={styles.muted}>
                    Administrator: passes every check
                  </td>
                ) : (
                  columns.map((column) => {
                    const on = values.includes(column.key);
                    return (
                      <td key={column.key} className={styles.cell}>
                        <label title={`${column.key} for ${user.username}`}>
                          <input
                            type="checkbox"
                            aria-label={`${column.key} for ${user.username}`}
                            checked={on}
                            disabled={!mayChange(user, column.key, on)}
                            onChange={(e) => toggle(user, column.key, e.target.checked)}
                          />
                        </label>
                      </td>
                    );
                  })
                )}
                <td>
                  {!user.admin && (
                    <Button
                      variant={dirty ? 'primary' : 'secondary'}
                      disabled={!dirty}
                      onClick={() => void save(user)}
                      aria-label={`Save ${label.toLowerCase()} of ${user.username}`}
                    >
                      Save
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const flagColumns: Column[] = permissionFlags.map((flag) => ({ key: flag, hint: flag.replaceAll('_', ' ') }));

/**
 * Permissions and restrictions: SPEC 3's flags and restriction keys as matrices of the users this
 * manager may see. A signed-in user's screens follow a change at their next permission load.
 */
export function PermissionsSection() {
  const { state, reload } = useAdminUsers();
  const commands = useAdminCommands();
  const { run } = useAction(reload);
  const me = useUser();
  const permissions = usePermission();
  const mayChange = (user: AdminUser, key: string, on: boolean) =>
    mayChangeFlag(permissions, me?.id, user.id, key as PermissionFlag, on);
  const mayRestrict = (user: AdminUser) => mayChangeRestrictions(permissions, me?.id, user.id);
  return (
    <section className={styles.section} aria-labelledby="permissions-heading">
      <h2 id="permissions-heading">Permissions</h2>
      <p className={styles.muted}>
        Tick what each user may do and save their row. Their open screens follow at their next permission load
        (within 5 minutes), without signing in again.
      </p>
      <Loaded state={state}>
        {(users) => (
          <>
            <GrantMatrix
              label="Permissions"
              columns={flagColumns}
              users={users}
              held={(user) => permissionFlags.filter((flag) => user.permissions[flag])}
              mayChange={mayChange}
              onSave={(user, values) =>
                run(() => commands.setPermissions(user.id, values), `Permissions of "${user.username}" saved`)
              }
            />
            <h2 id="restrictions-heading">Restrictions</h2>
            <p className={styles.muted}>
              A restriction takes away what a grant gives: mobile.X_console closes that console
              (restrict_X_console), mobile.storage_map the storage console, restrict_admin_tab the admin area.
            </p>
            <GrantMatrix
              label="Restrictions"
              columns={restrictionChoices(users.flatMap((u) => u.restrictions)).map((c) => ({
                key: c.key,
                hint: `becomes ${c.flag}`,
              }))}
              users={users}
              held={(user) => user.restrictions}
              mayChange={mayRestrict}
              onSave={(user, values) =>
                run(
                  () => commands.setRestrictions(user.id, values),
                  `Restrictions of "${user.username}" saved`,
                )
              }
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
