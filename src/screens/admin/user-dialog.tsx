import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayChangeFlag, userErrors } from '../../../streams/admin';
import type { ApiUser } from '../../../streams/admin/user-schema';
import { hasPermission, type PermissionFlag } from '../../../streams/permissions';
import type { UserFields } from '../../hooks/admin';
import { useLocations, useUser } from '../../hooks/app-state';
import { usePermission } from '../../hooks/permissions';
import { FormDialog } from '../../ui/form-dialog';
import { LanguageSelect } from '../../ui/language-select';
import { CheckField, FieldError, TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { useFormCheck } from './use-form-check';

type Flag =
  | 'desktop_access'
  | 'mobile_access'
  | 'force_mobile_mode_enabled'
  | 'skipTokenValidation'
  | 'autoRefreshTokens';

/** SPEC 3's user flags the form sets (each named by `admin:userFlag.<flag>`). */
export const userFlags: readonly Flag[] = [
  'desktop_access',
  'mobile_access',
  'force_mobile_mode_enabled',
  'skipTokenValidation',
  'autoRefreshTokens',
];

/** The flags that are grants: a manager who is not an administrator gives only those they hold. */
const grants: readonly Flag[] = ['desktop_access', 'mobile_access'];

type Draft = Required<Omit<UserFields, 'disabled'>>;

const blank: Draft = {
  username: '',
  password: '',
  admin: false,
  first_login: true,
  desktop_access: true,
  mobile_access: false,
  force_mobile_mode_enabled: false,
  skipTokenValidation: false,
  autoRefreshTokens: true,
  locationIds: [],
  locale: null,
};

const draftOf = (user: ApiUser): Draft => ({
  username: user.username,
  password: '',
  admin: user.admin,
  first_login: user.first_login,
  desktop_access: user.desktop_access,
  mobile_access: user.mobile_access,
  force_mobile_mode_enabled: user.force_mobile_mode_enabled,
  skipTokenValidation: user.skipTokenValidation,
  autoRefreshTokens: user.autoRefreshTokens,
  locationIds: user.locationIds,
  locale: user.locale ?? null,
});

/** The fields of `draft` that differ from `user` (an edit sends only what changed). */
function changes(draft: Draft, user: ApiUser): UserFields {
  const before = draftOf(user);
  const changed: UserFields = {};
  for (const key of Object.keys(draft) as (keyof Draft)[]) {
    if (key === 'password') continue;
    if (JSON.stringify(draft[key]) !== JSON.stringify(before[key]))
      Object.assign(changed, { [key]: draft[key] });
  }
  return changed;
}

/**
 * A new user (username, temporary password; they choose their own at first sign-in) or an edit of
 * one: SPEC 3's flags and the locations they work at. `onSave` rejects with the server's refusal.
 */
export function UserDialog({
  user,
  onSave,
  onClose,
}: {
  user: ApiUser | null;
  onSave: (fields: UserFields) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const me = useUser();
  const permissions = usePermission();
  const locations = useLocations();
  const choices = locations.status === 'ready' ? locations.locations : [];
  // a new user works on the desktop when the manager may grant it (administrators always may)
  const [draft, setDraft] = useState<Draft>(() =>
    user
      ? draftOf(user)
      : { ...blank, desktop_access: permissions.admin || hasPermission(permissions, 'desktop_access') },
  );
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const isNew = user === null;
  const { errors, attempt } = useFormCheck(draft, (d) => userErrors(d, isNew));
  const self = user !== null && user.id === me?.id;
  // client access is a grant the server checks; the other flags are settings of the account
  const mayGrant = (flag: Flag) =>
    !grants.includes(flag) ||
    mayChangeFlag(permissions, me?.id, user?.id ?? null, flag as PermissionFlag, user?.[flag] === true);

  const save = () =>
    attempt() && onSave(isNew ? { ...draft, username: draft.username.trim() } : changes(draft, user));

  const toggleLocation = (id: string, on: boolean) =>
    change({ locationIds: on ? [...draft.locationIds, id] : draft.locationIds.filter((l) => l !== id) });

  return (
    <FormDialog
      title={isNew ? t('userDialog.newTitle') : t('userDialog.editTitle', { name: user.username })}
      action={isNew ? t('userDialog.create') : t('userDialog.save')}
      size="lg"
      className={styles.form}
      onClose={onClose}
      onSubmit={save}
    >
      <TextField
        label={t('userDialog.username')}
        autoComplete="off"
        value={draft.username}
        error={errors.username}
        onChange={(e) => change({ username: e.target.value })}
      />
      {isNew ? (
        <TextField
          label={t('userDialog.password')}
          type="password"
          autoComplete="new-password"
          value={draft.password}
          error={errors.password}
          onChange={(e) => change({ password: e.target.value })}
        />
      ) : (
        <CheckField
          label={t('userDialog.askPassword')}
          checked={draft.first_login}
          onChange={(e) => change({ first_login: e.target.checked })}
        />
      )}
      {isNew && <p className={`${styles.muted} ${styles.wide}`}>{t('userDialog.passwordHint')}</p>}
      <LanguageSelect
        label={t('userDialog.language')}
        value={draft.locale}
        none={t('userDialog.browserLanguage')}
        onChange={(locale) => change({ locale })}
      />
      <fieldset className={styles.group}>
        <legend>{t('userDialog.access')}</legend>
        {permissions.admin && (
          <CheckField
            label={t('userDialog.admin')}
            checked={draft.admin}
            disabled={self}
            onChange={(e) => change({ admin: e.target.checked })}
          />
        )}
        {userFlags.map((flag) => (
          <CheckField
            key={flag}
            label={t(`userFlag.${flag}`)}
            checked={draft[flag]}
            disabled={!mayGrant(flag)}
            onChange={(e) => change({ [flag]: e.target.checked })}
          />
        ))}
      </fieldset>
      <fieldset
        className={styles.group}
        aria-describedby={errors.locationIds ? 'user-locations-error' : undefined}
      >
        <legend>{t('userDialog.locations')}</legend>
        {choices.map((location) => (
          <CheckField
            key={location.id}
            label={location.name}
            checked={draft.locationIds.includes(location.id)}
            onChange={(e) => toggleLocation(location.id, e.target.checked)}
          />
        ))}
        {errors.locationIds && <FieldError id="user-locations-error" message={errors.locationIds} />}
      </fieldset>
    </FormDialog>
  );
}
