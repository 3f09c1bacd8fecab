import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { refreshReuseGraceMs, refreshTtlMs } from '../../../streams/config';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Login throttling: this many failures per username and IP… */
export const loginFailureLimit = 5;
/** …or this many from one IP, whatever the usernames… */
export const loginFailureLimitPerIp = 20;
/** …within this window answer 429 (CONTRACT: 5 per 15 min). */
export const loginFailureWindowMinutes = 15;

/**
 * How long a rotated refresh token may be presented again (seconds) and get a sibling of its
 * successor instead of revoking its family ({@link refreshReuseGraceMs}, which the tabs also read).
 */
export const refreshReuseGraceS = refreshReuseGraceMs / 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const window = sql<string>`now() - make_interval(mins => ${loginFailureWindowMinutes})`;

/**
 * Records a sign-in attempt of `username` from `ip` as a failure until it succeeds (then
 * {@link clearLoginFailures}), and answers how many seconds the caller must wait: 0 when the
 * attempt may go on, else until enough failures have left the window. An IP past
 * {@link loginFailureLimitPerIp} records nothing more, so guessing usernames (known or not, which
 * the answer never tells) keeps at most that many rows per IP and costs no password hash; a
 * username past {@link loginFailureLimit} from that IP is refused even with the right password.
 * Counting after inserting keeps concurrent guesses from slipping past either limit.
 */
export async function recordLoginAttempt(db: Db, username: string, ip: string): Promise<number> {
  const key = username.toLowerCase();
  // the table keeps only the window: at most loginFailureLimitPerIp rows of each recent IP
  await db.deleteFrom('login_failures').where('failed_at', '<=', window).execute();
  const inserted = await sql`
    insert into login_failures (username, ip)
    select ${key}, ${ip}
    where (select count(*) from login_failures where ip = ${ip} and failed_at > ${window}) < ${loginFailureLimitPerIp}
    returning ip`.execute(db);
  const counts = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*)`.as('ip'),
      sql<number>`count(*) filter (where username = ${key})`.as('key'),
    ])
    .where('ip', '=', ip)
    .where('failed_at', '>', window)
    .executeTakeFirstOrThrow();
  const perIp = Number(counts.ip);
  if (inserted.rows.length === 0 || perIp > loginFailureLimitPerIp)
    return secondsUntilBelow(db, ip, undefined, perIp - loginFailureLimitPerIp);
  const perKey = Number(counts.key);
  if (perKey > loginFailureLimit) return secondsUntilBelow(db, ip, key, perKey - loginFailureLimit);
  return 0;
}

/** Seconds until the failures of `ip` (of `username` only, when given) have lost `excess` + 1 of the oldest. */
async function secondsUntilBelow(db: Db, ip: string, username: string | undefined, excess: number) {
  let query = db
    .selectFrom('login_failures')
    .select(
      sql<number>`extract(epoch from failed_at + make_interval(mins => ${loginFailureWindowMinutes}) - now())`.as(
        's',
      ),
    )
    .where('ip', '=', ip)
    .where('failed_at', '>', window);
  if (username !== undefined) query = query.where('username', '=', username);
  const row = await query.orderBy('failed_at').offset(Math.max(0, excess)).limit(1).executeTakeFirst();
  return Math.max(1, Math.ceil(Number(row?.s ?? 1)));
}

/** Forgets the failures of `username` from `ip` (after a successful sign-in). */
export async function clearLoginFailures(db: Db, username: string, ip: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('username', '=', username.toLowerCase())
    .where('ip', '=', ip)
    .execute();
}

/**
 * Issues a refresh token in `familyId` (a new family when omitted) replacing `parentId` (none for a
 * sign-in): answers the opaque token, which is stored only as its sha256. The user's expired
 * tokens are dropped on the way.
 */
export async function issueRefreshToken(
  db: Db,
  userId: string,
  rememberMe: boolean,
  familyId: string = randomUUID(),
  parentId: string | null = null,
): Promise<{ refreshToken: string; familyId: string }> {
  await db
    .deleteFrom('refresh_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<', sql<string>`now()`)
    .execute();
  const refreshToken = randomBytes(32).toString('base64url');
  const ttl = rememberMe ? refreshTtlMs.rememberMe : refreshTtlMs.session;
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(refreshToken),
      remember_me: rememberMe,
      expires_at: new Date(Date.now() + ttl).toISOString(),
      used_at: null,
      revoked_at: null,
      parent_id: parentId,
    })
    .execute();
  return { refreshToken, familyId };
}

/** What presenting a refresh token led to. */
export type RotationResult =
  | { kind: 'rotated'; userId: string; refreshToken: string; familyId: string }
  /** Refused; `revokedFamilyId` when presenting it revoked its family (a reused token). */
  | { kind: 'rejected'; revokedFamilyId?: string };

/**
 * Rotates a refresh token inside `trx`: a live one is marked used and replaced by a new one of
 * the same family. A rotated one presented again within {@link refreshReuseGraceS} of its
 * rotation, while no token that replaced it has been rotated in turn, gets a sibling of its
 * successor: two tabs or devices sharing a session may present the same token at once. Otherwise
 * a rotated (or revoked) one presented again revokes its whole family, since someone holds a copy;
 * the caller must commit that revocation before answering 401. The presented token's row is
 * locked, and so are its successors', so concurrent presentations (on any process) decide in turn.
 */
export async function rotateRefreshToken(
  trx: Transaction<DB>,
  refreshToken: string,
): Promise<RotationResult> {
  const row = await trx
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'remember_me', 'used_at', 'revoked_at'])
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .select(sql<boolean>`used_at > now() - make_interval(secs => ${refreshReuseGraceS})`.as('in_grace'))
    .where('token_hash', '=', hashToken(refreshToken))
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { kind: 'rejected' };
  const reused =
    row.revoked_at !== null ||
    (row.used_at !== null && (!row.in_grace || (await successorRotated(trx, row.id))));
  if (reused) {
    await revokeFamily(trx, row.family_id);
    return { kind: 'rejected', revokedFamilyId: row.family_id };
  }
  if (row.expired) return { kind: 'rejected' };
  if (row.used_at === null) {
    await trx.updateTable('refresh_tokens').set({ used_at: sql`now()` }).where('id', '=', row.id).execute();
  }
  const next = await issueRefreshToken(trx, row.user_id, row.remember_me, row.family_id, row.id);
  return { kind: 'rotated', userId: row.user_id, ...next };
}

/** Whether a token that replaced `id` has been rotated itself (locking them, so a rotation in flight is waited for). */
async function successorRotated(trx: Transaction<DB>, id: string): Promise<boolean> {
  const successors = await trx
    .selectFrom('refresh_tokens')
    .select('used_at')
    .where('parent_id', '=', id)
    .forUpdate()
    .execute();
  return successors.some((successor) => successor.used_at !== null);
}

/** Revokes every token of a refresh family (logout, reuse detection). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Whether a refresh family has been revoked: its access tokens are refused from then on. A family
 * without rows is not (its rows outlive its access tokens: a refresh token lives 12 hours at least).
 */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Revokes every refresh family of `userId` except `keepFamilyId` (all of them when omitted),
 * after a password change or reset. Answers the families revoked.
 */
export async function revokeOtherFamilies(db: Db, userId: string, keepFamilyId?: string): Promise<string[]> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  const rows = await query.returning('family_id').execute();
  return [...new Set(rows.map((row) => row.family_id))];
}
