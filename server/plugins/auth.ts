import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { apiPolicy, type Need } from '../../streams/permissions/policy';
import { userHolds } from '../../streams/permissions/rules';
import type { DB } from '../db/schema';
import { keptSecret } from '../db/secrets';
import { isFamilyRevoked } from '../modules/auth';
import { locationExists } from '../modules/locations';
import type { PermissionFlag } from '../modules/permissions';
import { findUser, type UserRecord } from '../modules/users';
import { forbidden, notFound, passwordChangeRequired, unauthorized } from './errors';

/** Access tokens live 15 minutes (CONTRACT). */
export const accessTokenTtlS = 15 * 60;

/** The signed-in caller: the user record plus the refresh family its token belongs to. */
export interface AuthUser extends UserRecord {
  /** Refresh-token family of this session (logout revokes it). */
  familyId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a user who has not yet chosen their password (first_login) may call the route, or
     * for which requests (e.g. reading their own record); default: not at all.
     */
    beforePasswordChosen?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyRequest {
    /** Set by `requireAuth` / `requirePermission`; null on routes without them. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** HS256 key of the access tokens, persisted in `server_secrets` (restarts log nobody out). */
    jwtKey: CryptoKey;
  }
}

/**
 * The JWT signing key, created on first use and kept in `server_secrets` so every process and
 * every restart shares it. Safe when several processes start at once (first insert wins).
 * Imported once as a CryptoKey: given raw bytes, jose would import them again for every token.
 */
export async function loadJwtKey(db: Kysely<DB>): Promise<CryptoKey> {
  const value = await keptSecret(db, 'jwt_hs256', () => randomBytes(32).toString('base64'));
  return crypto.subtle.importKey(
    'raw',
    Buffer.from(value, 'base64'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/**
 * Signs an access token for `userId` in refresh family `familyId`. `expiresInS` defaults to
 * 15 minutes; tests pass a negative one to mint an expired token.
 */
export function signAccessToken(
  key: CryptoKey,
  userId: string,
  familyId: string,
  expiresInS = accessTokenTtlS,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ fid: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInS)
    .sign(key);
}

/**
 * Verifies a bearer token and finds its user (current flags and locations: kept in memory and
 * forgotten when the user changes, see `SignedInCache`). Throws the 401 of CONTRACT when
 * the token is missing, expired, invalid, of a revoked refresh family, or its user no longer exists or is disabled. Used by `requireAuth`;
 * SSE calls it with `?token=`.
 */
export async function authenticateToken(app: FastifyInstance, token: string | undefined): Promise<AuthUser> {
  if (!token) throw unauthorized();
  const { subject, familyId } = await verifyAccessToken(app.jwtKey, token);
  // a token dies with its session: logout, a reused refresh token, a password change
  let revoked = app.signedIn.familyRevoked(familyId);
  if (revoked === undefined) {
    const generation = app.signedIn.generation;
    revoked = await isFamilyRevoked(app.db, familyId);
    app.signedIn.keepFamily(familyId, revoked, generation);
  }
  if (revoked) throw unauthorized();
  let user = app.signedIn.user(subject);
  if (user === undefined) {
    const generation = app.signedIn.generation;
    user = await findUser(app.db, subject);
    if (!user) throw unauthorized();
    app.signedIn.keepUser(user, generation);
  }
  if (user.disabled) throw unauthorized();
  return { ...user, familyId };
}

interface TokenClaims {
  subject: string;
  familyId: string;
  expiresAtMs: number;
}

/** Tokens verified with each key, oldest first: a token's claims never change until it expires. */
const verifiedTokens = new WeakMap<CryptoKey, Map<string, TokenClaims>>();
/** Verified tokens kept per key (about 3 MB); beyond, the oldest are verified again when used. */
const verifiedTokensKept = 10_000;

/**
 * The claims of a valid access token signed with `key`; throws CONTRACT's 401 otherwise. A token
 * is verified once and then looked up until it expires: checking its HMAC cost a tenth of a
 * request.
 */
async function verifyAccessToken(key: CryptoKey, token: string): Promise<TokenClaims> {
  let verified = verifiedTokens.get(key);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(key, verified);
  }
  const known = verified.get(token);
  if (known && Date.now() < known.expiresAtMs) return known;
  verified.delete(token);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthorized();
    throw error;
  }
  const { sub: subject, fid: familyId, exp } = payload;
  if (!subject || typeof familyId !== 'string' || !isUuid(subject) || exp === undefined) throw unauthorized();
  const claims = { subject, familyId, expiresAtMs: exp * 1000 };
  verified.set(token, claims);
  if (verified.size > verifiedTokensKept) verified.delete(verified.keys().next().value!);
  return claims;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * Signs the request in with `token` (401 as {@link authenticateToken} says), counts it against its
 * session's rate limit (429) and sets `request.user`. Until a first-login user has chosen their
 * password, only the routes that say so in `config.beforePasswordChosen` answer them; the rest
 * answer 403 saying why.
 */
export async function signIn(request: FastifyRequest, token: string | undefined): Promise<AuthUser> {
  const user = await authenticateToken(request.server, token);
  request.server.limitSession(user.familyId);
  request.user = user;
  if (user.first_login) {
    const allowed = request.routeOptions.config.beforePasswordChosen ?? false;
    if (!(typeof allowed === 'function' ? allowed(request) : allowed)) throw passwordChangeRequired();
  }
  return user;
}

/**
 * The guard of a signed-in route (the API's policy sets it): the request must carry
 * `Authorization: Bearer <access token>`; sets `request.user` (see {@link signIn}).
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  const header = request.headers.authorization;
  await signIn(request, header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined);
}

/** The guard of a route needing one of `flags`: signed in (401 otherwise) and holding one (403 otherwise). */
function requirePermission(...flags: [PermissionFlag, ...PermissionFlag[]]) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    await requireAuth(request);
    if (!flags.some((flag) => userHolds(request.user!, flag))) throw forbidden();
  };
}

/** The guard of each {@link Need}: none where the route signs in by itself or not at all. */
function guardOf(need: Need): preHandlerAsyncHookHandler | undefined {
  if (need === 'anyone' || need === 'token-in-query') return undefined;
  if (need === 'signed-in') return requireAuth;
  if (need === 'admin') return requireAdmin;
  return requirePermission(...need.anyOf);
}

/** The `apiPolicy` entry of an API route, undefined for the API document's own pages. */
export function needOf(method: string, url: string): Need | undefined {
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return undefined;
  const operation = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  const need = (apiPolicy as Record<string, Need>)[operation];
  if (need === undefined)
    throw new Error(`${operation} is not in the API's policy (streams/permissions/policy.ts)`);
  return need;
}

/**
 * Guards every API route registered after it with what `apiPolicy` says it needs, before its
 * body is acted on (so a refusal writes nothing); a route the policy does not name stops the
 * server from starting, and a route guarding itself is refused the same way.
 */
export function registerApiPolicy(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const needs = methods.map((method) => needOf(method, route.url));
    if (needs[0] === undefined) return;
    // one guard a route: a route of several methods could need several
    if (methods.length > 1)
      throw new Error(`${methods.join(', ')} ${route.url}: one method a route, each in the API's policy`);
    if (route.preHandler !== undefined)
      throw new Error(`${methods[0]} ${route.url} guards itself: its guard comes from the API's policy`);
    route.preHandler = guardOf(needs[0]);
  });
}

/** The guard of an administrator's route: signed in and an administrator (403 otherwise). */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  if (!request.user!.admin) throw forbidden();
}

/** The signed-in caller; throws 401 on a route without `requireAuth` (a programming error). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Sync check: may `user` see `locationId`? Admins see every location; others the ones assigned
 * to them. Use it to filter; use {@link assertLocationAccess} to guard a route.
 */
export function canSeeLocation(user: Pick<UserRecord, 'admin' | 'locationIds'>, locationId: string): boolean {
  return user.admin || user.locationIds.includes(locationId);
}

/**
 * `row` when it exists and lies in a location `user` may see; CONTRACT's 404 otherwise (a user
 * never learns that another location's resource exists).
 */
export function visible<T>(user: AuthUser, row: T | undefined, locationOf: (row: T) => string): T {
  if (row === undefined || !canSeeLocation(user, locationOf(row))) throw notFound();
  return row;
}

/**
 * Throws CONTRACT's 404 unless the location exists and the caller may see it, so a user cannot
 * even learn that another location's resource exists. Call it with the `locationId` of the
 * query, the body, or the row the path names (e.g. a pallet's location) before acting.
 */
export async function assertLocationAccess(request: FastifyRequest, locationId: string): Promise<void> {
  const user = currentUser(request);
  if (!isUuid(locationId) || !canSeeLocation(user, locationId)) throw notFound();
  if (!user.admin) return; // an assigned location exists (foreign key)
  if (!(await locationExists(request.server.db, locationId))) throw notFound();
}
