import type { Kysely } from 'kysely';
import { userHolds } from '../../../streams/permissions/rules';
import type { DB } from '../../db/schema';
import { fieldError, forbidden, invalid, notFound } from '../../plugins/errors';
import type { PermissionFlag } from '../permissions';
import { findUser, type UserRecord } from './repository';

/**
 * Who may manage whom: the one place every user, permission and restriction route asks. An
 * administrator manages everyone. Anyone else manages only non-administrators whose locations
 * all lie within their own (a user of another location stays out of reach even when they share
 * one), never changes their own flags, permissions or restrictions (no self-escalation), and
 * grants only the flags and locations they hold themselves.
 */
type Actor = Pick<UserRecord, 'id' | 'admin' | 'permissions' | 'locationIds'>;

/** Whether `actor` may see and change `target` at all (their own record included). */
export function inScope(actor: Actor, target: Pick<UserRecord, 'admin' | 'locationIds'>): boolean {
  if (actor.admin) return true;
  return !target.admin && target.locationIds.every((id) => actor.locationIds.includes(id));
}

/**
 * Throws unless `actor` may manage `target`: 403 for an administrator (whose existence every
 * user knows), 404 for a user outside the actor's locations (never say they exist).
 */
export function assertInScope(actor: Actor, target: UserRecord): void {
  if (actor.admin) return;
  if (target.admin) throw forbidden();
  if (!inScope(actor, target)) throw notFound();
}

/**
 * The user `id` for `actor` to change (inside the mutation's transaction): 404 when there is
 * none, and {@link assertInScope}'s answers.
 */
export async function managedUser(db: Kysely<DB>, actor: Actor, id: string): Promise<UserRecord> {
  const target = await findUser(db, id);
  if (!target) throw notFound();
  assertInScope(actor, target);
  return target;
}

/**
 * The user `id` for `actor` to read: themselves, or a user in scope when the actor holds one of
 * `readers` (403 otherwise, before looking: nobody learns who exists).
 */
export async function readableUser(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  readers: PermissionFlag[],
): Promise<UserRecord> {
  if (actor.id === id) {
    const self = await findUser(db, id);
    if (!self) throw notFound();
    return self;
  }
  if (!readers.some((flag) => userHolds(actor, flag))) throw forbidden();
  return managedUser(db, actor, id);
}

/** A user as a colleague sees them: the name the board shows beside the pallets they made. */
export type Colleague = Pick<UserRecord, 'id' | 'username'>;

/**
 * What `actor` may read of user `id`: the whole record where {@link readableUser} allows it, else
 * the name alone of a colleague within the actor's scope who works at one of the actor's
 * locations (the activity feed names them already); 403 or 404 as {@link readableUser} answers
 * for anyone else.
 */
export async function readableUserOrName(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  readers: PermissionFlag[],
): Promise<UserRecord | Colleague> {
  const target = await findUser(db, id);
  const reader = actor.id === id || readers.some((flag) => userHolds(actor, flag));
  const colleague =
    target !== undefined &&
    inScope(actor, target) &&
    target.locationIds.some((location) => actor.locationIds.includes(location));
  if (!reader && colleague) return { id: target.id, username: target.username };
  return readableUser(db, actor, id, readers);
}

/** What a request changes of a user's grants: flags switched on or off, locations, restrictions. */
export interface GrantChange {
  /** The administrator flag, set either way. */
  admin?: boolean;
  /** Flags the request sets, on or off. */
  flags?: Partial<Record<PermissionFlag, boolean>>;
  /** Restriction keys replaced. */
  restrictions?: boolean;
  /** The user's new locations. */
  locationIds?: string[];
}

/** Flags a user manager sets without manage_permissions: which clients a user may sign in on. */
const accessFlags: readonly PermissionFlag[] = ['desktop_access', 'mobile_access'];

/**
 * Throws 403 unless `actor` may make `change` to `target` (undefined: a user being created). Only
 * an administrator sets `admin`; flags beyond client access need manage_permissions. A non-admin
 * never changes their own flags or restrictions, grants only flags they hold, and only locations
 * they have (422 naming it, as for an unknown location: they cannot see it).
 */
export function assertMayGrant(actor: Actor, target: UserRecord | undefined, change: GrantChange): void {
  const flags = Object.keys(change.flags ?? {}) as PermissionFlag[];
  if (flags.some((flag) => !accessFlags.includes(flag)) && !userHolds(actor, 'manage_permissions')) {
    throw forbidden();
  }
  if (actor.admin) return;
  if (change.admin !== undefined) throw forbidden();
  const changesGrants = change.flags !== undefined || change.restrictions === true;
  if (target?.id === actor.id && changesGrants) throw forbidden();
  for (const [flag, on] of Object.entries(change.flags ?? {}) as [PermissionFlag, boolean][]) {
    if (on && !target?.permissions.includes(flag) && !userHolds(actor, flag)) throw forbidden();
  }
  const unknown = (change.locationIds ?? []).findIndex((id) => !actor.locationIds.includes(id));
  if (unknown >= 0)
    throw invalid({ [`locationIds.${unknown}`]: fieldError('NO_SUCH_LOCATION', 'No such location') });
}
