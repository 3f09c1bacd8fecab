import { z } from 'zod';
import { minPasswordLength } from '../../../streams/admin/forms';
import { apiUserSchema, localeSchema } from '../../../streams/admin/user-schema';
import type { App } from '../../app-type';
import { loginFailures } from '../../metrics';
import { currentUser, signAccessToken } from '../../plugins/auth';
import {
  accountDisabled,
  badCredentials,
  fieldError,
  invalid,
  tooManyRequests,
  unauthorized,
} from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { successSchema } from '../../plugins/resources';
import { lineText } from '../../plugins/text';
import { findUser, findUserForLogin, lockedPasswordHash, toApiUser, updateUser } from '../users';
import { hashPassword, verifyPassword } from './passwords';
import {
  clearLoginFailures,
  issueRefreshToken,
  recordLoginAttempt,
  refreshReuseGraceS,
  revokeFamily,
  revokeOtherFamilies,
  rotateRefreshToken,
} from './repository';

const sessionSchema = z.object({ token: z.string(), refreshToken: z.string(), user: apiUserSchema });

/** A hash to verify against when the username is unknown, so both failures take as long (made on first need). */
let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= hashPassword('decoy password that never matches');
  return decoy;
};

/** Auth: login, refresh-token rotation, validate, logout, change-password. */
export async function authRoutes(app: App): Promise<void> {
  async function session(userId: string, refreshToken: string, familyId: string) {
    const user = await findUser(app.db, userId);
    if (!user || user.disabled) throw unauthorized();
    return {
      token: await signAccessToken(app.jwtKey, userId, familyId),
      refreshToken,
      user: toApiUser(user),
    };
  }

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with username and password',
        tags: ['auth'],
        body: z.object({
          username: lineText(200),
          password: z.string().min(1).max(1000),
          rememberMe: z.boolean().optional().default(false),
        }),
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const { username, password, rememberMe } = request.body;
      const waitS = await recordLoginAttempt(app.db, username, request.ip);
      if (waitS > 0) {
        loginFailures.inc({ reason: 'throttled' });
        throw tooManyRequests(waitS);
      }
      const found = await findUserForLogin(app.db, username);
      const matches = await verifyPassword(password, found?.password_hash ?? (await decoyHash()));
      if (!found || !matches) {
        loginFailures.inc({ reason: 'bad_credentials' });
        throw badCredentials();
      }
      if (found.disabled) {
        loginFailures.inc({ reason: 'disabled' });
        throw accountDisabled();
      }
      await clearLoginFailures(app.db, username, request.ip);
      const { refreshToken, familyId } = await issueRefreshToken(app.db, found.id, rememberMe);
      return session(found.id, refreshToken, familyId);
    },
  );

  app.post(
    '/api/auth/refresh-token',
    {
      schema: {
        summary: 'Exchange a refresh token for a new session token',
        description: `Refresh tokens rotate: each answer carries a new one of the same family. A rotated token presented again within ${refreshReuseGraceS} s of its rotation, before its successor was rotated in turn, gets a sibling session of that family (tabs or devices sharing a session renewing at once); after that it is reuse, and 401 revokes the whole family.`,
        tags: ['auth'],
        body: z.object({ refreshToken: z.string().min(1).max(200) }),
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      // the revocation of a reused token's family must commit, so decide after the transaction
      const result = await app.db
        .transaction()
        .execute((trx) => rotateRefreshToken(trx, request.body.refreshToken));
      if (result.kind === 'rejected') {
        if (result.revokedFamilyId) app.signedIn.revoked([result.revokedFamilyId]);
        throw unauthorized();
      }
      return session(result.userId, result.refreshToken, result.familyId);
    },
  );

  app.get(
    '/api/auth/validate',
    {
      config: { beforePasswordChosen: true },
      schema: {
        summary: 'The signed-in user, if the token is valid',
        tags: ['auth'],
        response: { 200: z.object({ data: z.object({ user: apiUserSchema }) }) },
      },
    },
    async (request) => ({ data: { user: toApiUser(currentUser(request)) } }),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { beforePasswordChosen: true },
      schema: { summary: 'Sign out: revoke this session', tags: ['auth'], response: { 200: successSchema } },
    },
    (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        await revokeFamily(trx, user.familyId);
        return { body: { success: true as const }, sessionsRevoked: [user.familyId] };
      }),
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { beforePasswordChosen: true },
      schema: {
        summary: "Change one's own password",
        tags: ['auth'],
        body: z.object({
          currentPassword: z.string().min(1).max(1000),
          newPassword: z.string().min(minPasswordLength).max(1000),
        }),
        response: { 200: successSchema },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const newHash = await hashPassword(newPassword); // scrypt outside the transaction
      return mutate(request, reply, async (trx, user) => {
        if (!(await verifyPassword(currentPassword, await lockedPasswordHash(trx, user.id)))) {
          throw invalid({
            currentPassword: fieldError('CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect'),
          });
        }
        if (newPassword === currentPassword) {
          throw invalid({
            newPassword: fieldError(
              'NEW_PASSWORD_UNCHANGED',
              'New password must differ from the current one',
            ),
          });
        }
        await updateUser(trx, user.id, { password_hash: newHash, first_login: false });
        const sessionsRevoked = await revokeOtherFamilies(trx, user.id, user.familyId);
        return { body: { success: true as const }, usersChanged: [user.id], sessionsRevoked };
      });
    },
  );

  app.patch(
    '/api/auth/me',
    {
      config: { beforePasswordChosen: true },
      schema: {
        summary: "Set one's own language (null: the browser's languages decide)",
        tags: ['auth'],
        body: z.object({ locale: localeSchema.nullable() }).strict(),
        response: { 200: z.object({ data: z.object({ user: apiUserSchema }) }) },
      },
    },
    (request, reply) =>
      mutate(request, reply, async (trx, user) => {
        await updateUser(trx, user.id, { locale: request.body.locale });
        // a changed user: their other devices follow at their next validation
        const changed = await findUser(trx, user.id);
        return { body: { data: { user: toApiUser(changed!) } }, usersChanged: [user.id] };
      }),
  );
}
