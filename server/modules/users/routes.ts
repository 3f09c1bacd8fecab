import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import { type AuthUser, currentUser, requireAuth, requirePermission } from '../../plugins/auth';
import { conflict, conflictOnDuplicate, forbidden, invalid, notFound } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { hashPassword } from '../auth/passwords';
import { revokeOtherFamilies } from '../auth/repository';
import { minPasswordLength } from '../auth/routes';
import { type PermissionFlag, permissionFlagSchema } from '../permissions/flags';
import { findUser, hasPermission, listUsers, toApiUser, type UserRecord } from './repository';
import { apiUserSchema, idParamsSchema, successSchema } from './schemas';

const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'may hold letters, digits and . _ @ - only');

/** Fields a user manager may set; `permissions` needs manage_permissions, `admin` an admin. */
const userFieldsSchema = z.object({
  username: usernameSchema,
  password: z.string().min(minPasswordLength).max(1000),
  admin: z.boolean(),
  first_login: z.boolean(),
  desktop_access: z.boolean(),
  mobile_access: z.boolean(),
  force_mobile_mode_enabled: z.boolean(),
  skipTokenValidation: z.boolean(),
  autoRefreshTokens: z.boolean(),
  permissions: z.partialRecord(permissionFlagSchema, z.boolean()),
  locationIds: z.array(z.uuid()).max(1000),
});
const createUserSchema = userFieldsSchema.partial().required({ username: true, password: true }).strict();
const updateUserSchema = userFieldsSchema.partial().strict();
type UserFields = z.infer<typeof updateUserSchema>;

const userAnswer = z.object({ success: z.literal(true), data: apiUserSchema });

/**
 * The flags a request wants: `permissions` with `desktop_access`/`mobile_access` on top, or
 * undefined when it names none.
 */
function wantedFlags(fields: UserFields): Partial<Record<PermissionFlag, boolean>> | undefined {
  const flags: Partial<Record<PermissionFlag, boolean>> = { ...fields.permissions };
  if (fields.desktop_access !== undefined) flags.desktop_access = fields.desktop_access;
  if (fields.mobile_access !== undefined) flags.mobile_access = fields.mobile_access;
  return Object.keys(flags).length > 0 ? flags : undefined;
}

/** Who may set what: admin only for `admin` and for touching admins; flags beyond access need manage_permissions. */
function assertMaySet(actor: AuthUser, fields: UserFields, target?: UserRecord): void {
  if (!actor.admin && (fields.admin !== undefined || target?.admin)) throw forbidden();
  const { desktop_access: _d, mobile_access: _m, ...others } = fields.permissions ?? {};
  if (Object.keys(others).length > 0 && !hasPermission(actor, 'manage_permissions')) throw forbidden();
}

async function writeUserAccess(trx: Transaction<DB>, actor: AuthUser, userId: string, fields: UserFields) {
  const flags = wantedFlags(fields);
  if (flags) {
    const granted = Object.entries(flags)
      .filter(([, on]) => on)
      .map(([name]) => name);
    const revoked = Object.entries(flags)
      .filter(([, on]) => !on)
      .map(([name]) => name);
    if (revoked.length > 0) {
      await trx
        .deleteFrom('user_permissions')
        .where('user_id', '=', userId)
        .where('name', 'in', revoked)
        .execute();
    }
    if (granted.length > 0) {
      await trx
        .insertInto('user_permissions')
        .values(granted.map((name) => ({ user_id: userId, name })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  if (fields.locationIds) {
    const ids = [...new Set(fields.locationIds)];
    const known = ids.length
      ? await trx.selectFrom('locations').select('id').where('id', 'in', ids).execute()
      : [];
    const visible = new Set(
      known.map((l) => l.id).filter((id) => actor.admin || actor.locationIds.includes(id)),
    );
    const unknown = ids.findIndex((id) => !visible.has(id));
    if (unknown >= 0) throw invalid({ [`locationIds.${unknown}`]: 'No such location' });
    await trx.deleteFrom('user_locations').where('user_id', '=', userId).execute();
    if (ids.length > 0) {
      await trx
        .insertInto('user_locations')
        .values(ids.map((location_id) => ({ user_id: userId, location_id })))
        .execute();
    }
  }
}

/** The users columns `fields` set (the password arrives already hashed: scrypt runs outside transactions). */
function columnsOf(fields: UserFields, passwordHash: string | undefined) {
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
  };
}

const taken = (username: string | undefined) => `Username "${username}" is already taken`;

async function loadOrThrow(trx: Transaction<DB>, id: string): Promise<UserRecord> {
  const user = await findUser(trx, id);
  if (!user) throw notFound();
  return user;
}

/** Users: list, read (self or manager), create, update, delete (admin or manage_users). */
export async function userRoutes(app: App): Promise<void> {
  const manage = requirePermission('manage_users');

  app.get(
    '/api/users',
    {
      preHandler: manage,
      schema: {
        tags: ['users'],
        response: { 200: z.object({ success: z.literal(true), data: z.array(apiUserSchema) }) },
      },
    },
    async () => ({ success: true as const, data: (await listUsers(app.db)).map(toApiUser) }),
  );

  app.get(
    '/api/users/:id',
    {
      preHandler: requireAuth,
      schema: { tags: ['users'], params: idParamsSchema, response: { 200: userAnswer } },
    },
    async (request) => {
      const caller = currentUser(request);
      if (caller.id !== request.params.id && !hasPermission(caller, 'manage_users')) throw forbidden();
      const user = await findUser(app.db, request.params.id);
      if (!user) throw notFound();
      return { success: true as const, data: toApiUser(user) };
    },
  );

  app.post(
    '/api/users',
    {
      preHandler: manage,
      schema: { tags: ['users'], body: createUserSchema, response: { 201: userAnswer } },
    },
    async (request, reply) => {
      const fields = request.body;
      const passwordHash = await hashPassword(fields.password);
      return mutate(request, reply, async (trx, actor) => {
        assertMaySet(actor, fields);
        const { id } = await conflictOnDuplicate(taken(fields.username), () =>
          trx
            .insertInto('users')
            .values({
              first_login: true,
              ...columnsOf(fields, passwordHash),
              username: fields.username,
              password_hash: passwordHash,
            })
            .returning('id')
            .executeTakeFirstOrThrow(),
        );
        await writeUserAccess(trx, actor, id, fields);
        return { status: 201, body: { success: true as const, data: toApiUser(await loadOrThrow(trx, id)) } };
      });
    },
  );

  app.patch(
    '/api/users/:id',
    {
      preHandler: manage,
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: userAnswer },
      },
    },
    async (request, reply) => {
      const fields = request.body;
      const passwordHash = fields.password === undefined ? undefined : await hashPassword(fields.password);
      return mutate(request, reply, async (trx, actor) => {
        const target = await loadOrThrow(trx, request.params.id);
        assertMaySet(actor, fields, target);
        const columns = columnsOf(fields, passwordHash);
        if (Object.keys(columns).length > 0) {
          await conflictOnDuplicate(taken(fields.username), () =>
            trx
              .updateTable('users')
              .set({ ...columns, updated_at: new Date().toISOString() })
              .where('id', '=', target.id)
              .execute(),
          );
        }
        await writeUserAccess(trx, actor, target.id, fields);
        if (passwordHash !== undefined) await revokeOtherFamilies(trx, target.id); // a reset ends their sessions
        return {
          body: { success: true as const, data: toApiUser(await loadOrThrow(trx, target.id)) },
          usersChanged: [target.id],
        };
      });
    },
  );

  app.delete(
    '/api/users/:id',
    {
      preHandler: manage,
      schema: { tags: ['users'], params: idParamsSchema, response: { 200: successSchema } },
    },
    (request, reply) =>
      mutate(request, reply, async (trx, actor) => {
        const target = await loadOrThrow(trx, request.params.id);
        if (target.id === actor.id) throw conflict('You cannot delete your own account');
        if (target.admin && !actor.admin) throw forbidden();
        await trx.deleteFrom('users').where('id', '=', target.id).execute();
        return { body: { success: true as const }, usersChanged: [target.id] };
      }),
  );
}
