import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { fieldError, invalid, notFound, refuse } from '../../plugins/errors';
import type { PermissionFlag } from '../permissions';
import {
  findUser,
  firstUnknownLocation,
  setUserFlags,
  setUserLocations,
  type UserRecord,
} from './repository';
import type { UserFields } from './schemas';
import { assertMayGrant } from './scope';

/**
 * The flags a request wants: `permissions` with `desktop_access`/`mobile_access` on top, or
 * undefined when it names none.
 */
export function wantedFlags(fields: UserFields): Partial<Record<PermissionFlag, boolean>> | undefined {
  const flags: Partial<Record<PermissionFlag, boolean>> = { ...fields.permissions };
  if (fields.desktop_access !== undefined) flags.desktop_access = fields.desktop_access;
  if (fields.mobile_access !== undefined) flags.mobile_access = fields.mobile_access;
  return Object.keys(flags).length > 0 ? flags : undefined;
}

/** Checks what `fields` grant against the actor's rights (see `assertMayGrant`) and writes flags and locations. */
export async function writeUserAccess(
  trx: Transaction<DB>,
  actor: AuthUser,
  target: UserRecord | undefined,
  userId: string,
  fields: UserFields,
) {
  const flags = wantedFlags(fields);
  const locationIds = fields.locationIds && [...new Set(fields.locationIds)];
  assertMayGrant(actor, target, { admin: fields.admin, flags, locationIds });
  if (flags) await setUserFlags(trx, userId, flags);
  if (locationIds) {
    const unknown = await firstUnknownLocation(trx, locationIds);
    if (unknown >= 0)
      throw invalid({ [`locationIds.${unknown}`]: fieldError('NO_SUCH_LOCATION', 'No such location') });
    await setUserLocations(trx, userId, locationIds);
  }
}

/** The users columns `fields` set (the password arrives already hashed: scrypt runs outside transactions). */
export function columnsOf(fields: UserFields, passwordHash: string | undefined) {
  return {
    ...(fields.username !== undefined && { username: fields.username }),
    ...(passwordHash !== undefined && { password_hash: passwordHash }),
    ...(fields.admin !== undefined && { admin: fields.admin }),
    ...(fields.first_login !== undefined && { first_login: fields.first_login }),
    ...(fields.force_mobile_mode_enabled !== undefined && {
      force_mobile_mode_enabled: fields.force_mobile_mode_enabled,
    }),
    ...(fields.skipTokenValidation !== undefined && { skip_token_validation: fields.skipTokenValidation }),
    ...(fields.autoRefreshTokens !== undefined && { auto_refresh_tokens: fields.autoRefreshTokens }),
    ...(fields.disabled !== undefined && { disabled: fields.disabled }),
    ...(fields.locale !== undefined && { locale: fields.locale }),
  };
}

export const taken = (username: string | undefined) => () =>
  refuse('USERNAME_TAKEN', `Username "${username}" is already taken`, { username: username ?? '' });

export async function loadOrThrow(trx: Transaction<DB>, id: string): Promise<UserRecord> {
  const user = await findUser(trx, id);
  if (!user) throw notFound();
  return user;
}
