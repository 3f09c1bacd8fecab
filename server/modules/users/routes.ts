import type { Transaction } from 'kysely';
import { z } from 'zod';
import { minPasswordLength } from '../../../streams/admin/forms';
import { apiUserSchema, localeSchema } from '../../../streams/admin/user-schema';
import type { App } from '../../app-type';
import type { DB } from '../../db/schema';
import { type AuthUser, currentUser } from '../../plugins/auth';
import { fieldError, invalid, notFound, refuse, refuseDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { successSchema } from '../../plugins/resources';
import { hashPassword, revokeOtherFamilies } from '../auth';
import { type PermissionFlag, permissionFlagSchema } from '../permissions';
import {
  deleteUser,
  findUser,
  firstUnknownLocation,
  insertUser,
  listUsers,
  setUserFlags,
  setUserLocations,
  toApiUser,
  type UserRecord,
  updateUser,
} from './repository';
import { idParamsSchema } from './schemas';
import { assertMayGrant, inScope, managedUser, readableUserOrName } from './scope';

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
  disabled: z.boolean(),
  locale: localeSchema.nullable(),
  permissions: z.partialRecord(permissionFlagSchema, z.boolean()),
  locationIds: z.array(z.uuid()).max(1000),
});
const createUserSchema = userFieldsSchema.partial().required({ username: true, password: true }).strict();
const updateUserSchema = userFieldsSchema.partial().strict();
type UserFields = z.infer<typeof updateUserSchema>;

const userAnswer = z.object({ success: z.literal(true), data: apiUserSchema });
/** One user: the whole record, or a colleague's name alone. */
const oneUserAnswer = z.object({
  success: z.literal(true),
  data: z.union([apiUserSchema, z.object({ id: z.uuid(), username: z.string() }).describe('a colleague')]),
});

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

/** Checks what `fields` grant against the actor's rights (see `assertMayGrant`) and writes flags and locations. */
async function writeUserAccess(
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
    ...(fields.disabled !== undefined && { disabled: fields.disabled }),
    ...(fields.locale !== undefined && { locale: fields.locale }),
  };
}

const taken = (username: string | undefined) => () =>
  refuse('USERNAME_TAKEN', `Username "${username}" is already taken`, { username: username ?? '' });

async function loadOrThrow(trx: Transaction<DB>, id: string): Promise<UserRecord> {
  const user = await findUser(trx, id);
  if (!user) throw notFound();
  return user;
}

/** Users: list, read (self or manager), create, update, delete (admin or manage_users). */
export async function userRoutes(app: App): Promise<void> {
  app.get(
    '/api/users',
    {
      schema: {
        summary: 'List the users one may manage',
        tags: ['users'],
        response: { 200: z.object({ success: z.literal(true), data: z.array(apiUserSchema) }) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const users = (await listUsers(app.db)).filter((user) => inScope(caller, user));
      return { success: true as const, data: users.map(toApiUser) };
    },
  );

  app.get(
    '/api/users/:id',
    {
      // one's own record stays readable: a client may need the name before the password is chosen
      config: {
        beforePasswordChosen: (request) => (request.params as { id: string }).id === request.user?.id,
      },
      schema: {
        summary: 'Read a user',
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: oneUserAnswer },
      },
    },
    async (request) => {
      const user = await readableUserOrName(app.db, currentUser(request), request.params.id, [
        'manage_users',
      ]);
      return { success: true as const, data: 'admin' in user ? toApiUser(user) : user };
    },
  );

  app.post(
    '/api/users',
    {
      config: { conflicts: ['USERNAME_TAKEN'] },
      schema: {
        summary: 'Create a user',
        tags: ['users'],
        body: createUserSchema,
        response: { 201: userAnswer },
      },
    },
    async (request, reply) => {
      const fields = request.body;
      const passwordHash = await hashPassword(fields.password);
      return mutate(request, reply, async (trx, actor) => {
        const id = await refuseDuplicate(taken(fields.username), () =>
          insertUser(trx, {
            ...columnsOf(fields, passwordHash),
            username: fields.username,
            password_hash: passwordHash,
          }),
        );
        await writeUserAccess(trx, actor, undefined, id, fields);
        return { status: 201, body: { success: true as const, data: toApiUser(await loadOrThrow(trx, id)) } };
      });
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { conflicts: ['CANNOT_DISABLE_SELF', 'USERNAME_TAKEN'] },
      schema: {
        summary: 'Change a user',
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
        const target = await managedUser(trx, actor, request.params.id);
        if (fields.disabled === true && target.id === actor.id)
          throw refuse('CANNOT_DISABLE_SELF', 'You cannot disable your own account');
        await writeUserAccess(trx, actor, target, target.id, fields);
        await refuseDuplicate(taken(fields.username), () =>
          updateUser(trx, target.id, columnsOf(fields, passwordHash)),
        );
        // a reset or a disabling ends their sessions
        const endsSessions = passwordHash !== undefined || fields.disabled === true;
        const sessionsRevoked = endsSessions ? await revokeOtherFamilies(trx, target.id) : [];
        return {
          body: { success: true as const, data: toApiUser(await loadOrThrow(trx, target.id)) },
          usersChanged: [target.id],
          sessionsRevoked,
        };
      });
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { conflicts: ['CANNOT_DELETE_SELF'] },
      schema: {
        summary: 'Delete a user',
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: successSchema },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx, actor) => {
        const target = await managedUser(trx, actor, request.params.id);
        if (target.id === actor.id) throw refuse('CANNOT_DELETE_SELF', 'You cannot delete your own account');
        await deleteUser(trx, target.id);
        return { body: { success: true as const }, usersChanged: [target.id] };
      }),
  );
}
