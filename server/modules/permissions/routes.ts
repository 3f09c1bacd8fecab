import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { DB } from '../../db/schema';
import { type AuthUser, currentUser } from '../../plugins/auth';
import { mutate } from '../../plugins/mutate';
import { assertMayGrant, idParamsSchema, managedUser, readableUser } from '../users';
import { type PermissionFlag, permissionFlagSchema } from './flags';
import { type Grant, listGrants, replaceGrants } from './repository';

const permissionsSchema = z.array(z.object({ name: permissionFlagSchema })).max(100);
const restrictionKeySchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9_.]+$/, 'may hold lower-case letters, digits, _ and . only');
const restrictionsSchema = z.object({
  data: z.array(z.object({ restriction_key: restrictionKeySchema })).max(100),
});

/** CONTRACT's shape of each kind of grant. */
const grantSchemas = { permissions: permissionsSchema, restrictions: restrictionsSchema } as const;
type Shape = z.infer<(typeof grantSchemas)[Grant]>;

/** CONTRACT's shape of a kind of grant: `[{name}]` or `{data: [{restriction_key}]}`. */
const shaped = (kind: Grant, values: string[]): Shape =>
  kind === 'permissions'
    ? values.map((name) => ({ name: name as PermissionFlag }))
    : { data: values.map((restriction_key) => ({ restriction_key })) };

/** The flags or keys a body of either shape names. */
const valuesIn = (body: Shape): string[] =>
  Array.isArray(body) ? body.map((p) => p.name) : body.data.map((r) => r.restriction_key);

/**
 * Replaces a user's permission flags or restriction keys with `values`, when `actor` may (see
 * `assertMayGrant`: the flags switched on or off are the change), and answers the new list.
 */
async function replaceUserGrants(
  trx: Transaction<DB>,
  actor: AuthUser,
  userId: string,
  kind: Grant,
  values: string[],
): Promise<string[]> {
  const target = await managedUser(trx, actor, userId);
  if (kind === 'permissions') {
    const wanted = new Set(values);
    const flags = Object.fromEntries([
      ...target.permissions.filter((flag) => !wanted.has(flag)).map((flag) => [flag, false]),
      ...[...wanted]
        .filter((flag) => !target.permissions.includes(flag as PermissionFlag))
        .map((flag) => [flag, true]),
    ]) as Partial<Record<PermissionFlag, boolean>>;
    assertMayGrant(actor, target, { flags });
  } else {
    assertMayGrant(actor, target, { restrictions: true });
  }
  await replaceGrants(trx, userId, kind, values);
  return listGrants(trx, userId, kind);
}

/** Per-user permission flags (`[{name}]`) and restrictions (`{data: [{restriction_key}]}`). */
export async function permissionRoutes(app: App): Promise<void> {
  const params = idParamsSchema;

  for (const kind of ['permissions', 'restrictions'] as const) {
    const schema = grantSchemas[kind];
    app.get(
      `/api/permissions/users/:id/${kind}`,
      {
        schema: { summary: `A user's ${kind}`, tags: ['permissions'], params, response: { 200: schema } },
      },
      async (request) => {
        const target = await readableUser(app.db, currentUser(request), request.params.id, [
          'manage_users',
          'manage_permissions',
        ]);
        return shaped(kind, await listGrants(app.db, target.id, kind));
      },
    );

    app.put(
      `/api/permissions/users/:id/${kind}`,
      {
        schema: {
          summary: `Replace a user's ${kind}`,
          tags: ['permissions'],
          params,
          body: schema,
          response: { 200: schema },
        },
      },
      (request, reply) =>
        mutate(request, reply, async (trx, actor) => ({
          body: shaped(
            kind,
            await replaceUserGrants(trx, actor, request.params.id, kind, valuesIn(request.body)),
          ),
          usersChanged: [request.params.id],
        })),
    );
  }
}
