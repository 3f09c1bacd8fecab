import { hasPermission, type PermissionFlag, type PermissionState } from '../permissions/rules';

/**
 * What the signed-in manager may change of a user's grants: the server's rule
 * (server/modules/users/scope.ts `assertMayGrant`), so the screens offer only what it takes. An
 * administrator changes anything. Anyone else never changes their own grants (no
 * self-escalation), may take any flag away from a user in their scope, and may give only flags
 * they hold themselves.
 */
export function mayChangeFlag(
  actor: PermissionState,
  actorId: string | undefined,
  targetId: string | null,
  flag: PermissionFlag,
  on: boolean,
): boolean {
  if (actor.admin || actor.grantAll) return true;
  if (targetId !== null && targetId === actorId) return false;
  return on || hasPermission(actor, flag);
}

/** Restrictions: an administrator changes anyone's; anyone else everyone's in scope but their own. */
export const mayChangeRestrictions = (
  actor: PermissionState,
  actorId: string | undefined,
  targetId: string,
): boolean => actor.admin || actor.grantAll || targetId !== actorId;
