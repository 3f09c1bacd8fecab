import { z } from 'zod';
import { apiUserSchema } from '../../../streams/admin/user-schema';
import type { App } from '../../app-type';
import { currentUser } from '../../plugins/auth';
import { refuse, refuseDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { successSchema } from '../../plugins/resources';
import { hashPassword, revokeOtherFamilies } from '../auth';
import { deleteUser, insertUser, listUsers, toApiUser, updateUser } from './repository';
import { createUserSchema, idParamsSchema, updateUserSchema } from './schemas';
import { inScope, managedUser, readableUserOrName } from './scope';
import { columnsOf, loadOrThrow, taken, writeUserAccess } from './service';

const userAnswer = z.object({ success: z.literal(true), data: apiUserSchema });
/** One user: the whole record, or a colleague's name alone. */
const oneUserAnswer = z.object({
  success: z.literal(true),
  data: z.union([apiUserSchema, z.object({ id: z.uuid(), username: z.string() }).describe('a colleague')]),
});

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
