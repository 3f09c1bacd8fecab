import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayChangeFlag, mayChangeRestrictions, restrictionChoices } from '../../../streams/admin';
import type { ApiUser } from '../../../streams/admin/user-schema';
import { type PermissionFlag, permissionFlags } from '../../../streams/permissions';
import { useAdminCommands, useAdminUsers } from '../../hooks/admin';
import { useUser } from '../../hooks/app-state';
import { usePermission } from '../../hooks/permissions';
import { Button } from '../../ui/button';
import styles from './admin.module.css';
import { Loaded } from './loaded';
import { useAction } from './use-action';

/** One column of a matrix: the stored name (data), and what it becomes or means (a tooltip). */
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
  saveName,
}: {
  label: string;
  /** the name of a row's Save button ("Save permissions of bea") */
  saveName: (user: ApiUser) => string;
  columns: readonly Column[];
  users: readonly ApiUser[];
  held: (user: ApiUser) => string[];
  mayChange: (user: ApiUser, key: string, on: boolean) => boolean;
  onSave: (user: ApiUser, values: string[]) => Promise<boolean>;
}) {
  const { t } = useTranslation('admin');
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const valuesOf = (user: ApiUser) => drafts[user.id] ?? held(user);
  const toggle = (user: ApiUser, key: string, on: boolean) => {
    const current = valuesOf(user);
    const next = on ? [...current, key] : current.filter((value) => value !== key);
    setDrafts((d) => ({ ...d, [user.id]: next }));
  };
  const save = async (user: ApiUser) => {
    if (await onSave(user, valuesOf(user))) setDrafts(({ [user.id]: _saved, ...rest }) => rest);
  };
  return (
    <div className={`${styles.tableWrap} ${styles.matrixWrap}`}>
      <table className={`${styles.table} ${styles.matrix}`} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('permissions.user')}</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={styles.flag} title={column.hint} translate="no">
                <span>{column.key}</span>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('permissions.save')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const values = valuesOf(user);
            const dirty = !sameSet(values, held(user));
            return (
              <tr key={user.id} data-dirty={dirty}>
                <th scope="row" translate="no">
                  {user.username}
                </th>
                {user.admin ? (
                  <td colSpan={columns.length} className={styles.muted}>
                    {t('permissions.administrator')}
                  </td>
                ) : (
                  columns.map((column) => {
                    const on = values.includes(column.key);
                    return (
                      <td key={column.key} className={styles.cell}>
                        <label title={t('permissions.cell', { key: column.key, name: user.username })}>
                          <input
                            type="checkbox"
                            aria-label={t('permissions.cell', { key: column.key, name: user.username })}
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
                      aria-label={saveName(user)}
                    >
                      {t('permissions.save')}
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

/**
 * Permissions and restrictions: SPEC 3's flags and restriction keys as matrices of the users this
 * manager may see. A signed-in user's screens follow a change at their next permission load.
 */
export function PermissionsSection() {
  const { state, reload } = useAdminUsers();
  const commands = useAdminCommands();
  const { run } = useAction(reload);
  const { t } = useTranslation('admin');
  const me = useUser();
  const permissions = usePermission();
  const flagColumns: Column[] = permissionFlags.map((flag) => ({
    key: flag,
    hint: flag.replaceAll('_', ' '),
  }));
  const mayChange = (user: ApiUser, key: string, on: boolean) =>
    mayChangeFlag(permissions, me?.id, user.id, key as PermissionFlag, on);
  const mayRestrict = (user: ApiUser) => mayChangeRestrictions(permissions, me?.id, user.id);
  return (
    <section className={styles.section} aria-labelledby="permissions-heading">
      <h2 id="permissions-heading">{t('permissions.heading')}</h2>
      <p className={styles.muted}>{t('permissions.lead')}</p>
      <Loaded state={state}>
        {(users) => (
          <>
            <GrantMatrix
              label={t('permissions.heading')}
              columns={flagColumns}
              users={users}
              held={(user) => permissionFlags.filter((flag) => user.permissions[flag])}
              mayChange={mayChange}
              saveName={(user) => t('permissions.saveRow', { name: user.username })}
              onSave={(user, values) =>
                run(
                  () => commands.setPermissions(user.id, values),
                  t('permissions.saved', { name: user.username }),
                )
              }
            />
            <h2 id="restrictions-heading">{t('restrictions.heading')}</h2>
            <p className={styles.muted}>{t('restrictions.lead')}</p>
            <GrantMatrix
              label={t('restrictions.heading')}
              columns={restrictionChoices(users.flatMap((u) => u.restrictions)).map((c) => ({
                key: c.key,
                hint: t('restrictions.becomes', { flag: c.flag }),
              }))}
              users={users}
              held={(user) => user.restrictions}
              mayChange={mayRestrict}
              saveName={(user) => t('restrictions.saveRow', { name: user.username })}
              onSave={(user, values) =>
                run(
                  () => commands.setRestrictions(user.id, values),
                  t('restrictions.saved', { name: user.username }),
                )
              }
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
