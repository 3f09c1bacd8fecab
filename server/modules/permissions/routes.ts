import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import { type AuthUser, currentUser, requireAuth, requirePermission } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { findUser, hasPermission } from '../users/repository';
import { idParamsSchema } from '../users/schemas';
import { type PermissionFlag, permissionFlagSchema } from './flags';

const permissionsSchema = z.array(z.object({ name: permissionFlagSchema })).max(100);
const restrictionKeySchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9_.]+$/, 'may hold lower-case letters, digits, _ and . only');
const restrictionsSchema = z.object({
  data: z.array(z.object({ restriction_key: restrictionKeySchema })).max(100),
});

/** The user `{id}` names, readable by themselves and by user or permission managers (404 if none). */
async function readableTarget(request: FastifyRequest<{ Params: { id: string } }>, db: Kysely<DB>) {
  const caller = currentUser(request);
  const mayRead =
    caller.id === request.params.id ||
    hasPermission(caller, 'manage_users') ||
    hasPermission(caller, 'manage_permissions');
  if (!mayRead) throw forbidden();
  const target = await findUser(db, request.params.id);
  if (!target) throw notFound();
  return target;
}

/** Where each kind of grant lives (its table and the column holding the flag or key) and its CONTRACT shape. */
const grants = {
  permissions: { table: 'user_permissions', column: 'name', schema: permissionsSchema },
  restrictions: { table: 'user_restrictions', column: 'restriction_key', schema: restrictionsSchema },
} as const;
type Grant = keyof typeof grants;
type Shape = z.infer<(typeof grants)[Grant]['schema']>;

/** CONTRACT's shape of a kind of grant: `[{name}]` or `{data: [{restriction_key}]}`. */
const shaped = (kind: Grant, values: string[]): Shape =>
  kind === 'permissions'
    ? values.map((name) => ({ name: name as PermissionFlag }))
    : { data: values.map((restriction_key) => ({ restriction_key })) };

/** The flags or keys a body of either shape names. */
const valuesIn = (body: Shape): string[] =>
  Array.isArray(body) ? body.map((p) => p.name) : body.data.map((r) => r.restriction_key);

/** A user's permission flags or restriction keys, sorted. */
async function listGrants(db: Kysely<DB>, userId: string, kind: Grant): Promise<string[]> {
  const { table, column } = grants[kind];
  const { rows } = await sql<{ value: string }>`
    select ${sql.ref(column)} as value from ${sql.table(table)} where user_id = ${userId} order by 1`.execute(
    db,
  );
  return rows.map((r) => r.value);
}

/**
 * Replaces a user's permission flags or restriction keys with `values` (404 for an unknown user;
 * only an admin may change an admin's) and answers the new list.
 */
async function replaceGrants(
  trx: Transaction<DB>,
  actor: AuthUser,
  userId: string,
  kind: Grant,
  values: string[],
): Promise<string[]> {
  const target = await findUser(trx, userId);
  if (!target) throw notFound();
  if (target.admin && !actor.admin) throw forbidden();
  const { table, column } = grants[kind];
  await sql`delete from ${sql.table(table)} where user_id = ${userId}`.execute(trx);
  const unique = [...new Set(values)];
  if (unique.length > 0) {
    await sql`insert into ${sql.table(table)} (user_id, ${sql.ref(column)})
      values ${sql.join(unique.map((value) => sql`(${userId}, ${value})`))}`.execute(trx);
  }
  return listGrants(trx, userId, kind);
}

/** Per-user permission flags (`[{name}]`) and restrictions (`{data: [{restriction_key}]}`). */
export async function permissionRoutes(app: App): Promise<void> {
  const manage = requirePermission('manage_permissions');
  const params = idParamsSchema;

  for (const kind of ['permissions', 'restrictions'] as const) {
    const { schema } = grants[kind];
    app.get(
      `/api/permissions/users/:id/${kind}`,
      {
        preHandler: requireAuth,
        schema: { tags: ['permissions'], params, response: { 200: schema } },
      },
      async (request) => {
        const target = await readableTarget(request, app.db);
        return shaped(kind, await listGrants(app.db, target.id, kind));
      },
    );

    app.put(
      `/api/permissions/users/:id/${kind}`,
      {
        preHandler: manage,
        schema: { tags: ['permissions'], params, body: schema, response: { 200: schema } },
      },
      (request, reply) =>
        mutate(request, reply, async (trx, actor) => ({
          body: shaped(
            kind,
            await replaceGrants(trx, actor, request.params.id, kind, valuesIn(request.body)),
          ),
          usersChanged: [request.params.id],
        })),
    );
  }
}
