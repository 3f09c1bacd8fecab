import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { findKey, forgetOldKeys, insertKey, keepKeyAnswer } from '../db/idempotency-keys';
import { appendLiveEvent, type LiveMessage } from '../db/live-events';
import type { DB } from '../db/schema';
import { type AnalyticsEventInput, insertAnalyticsEvents } from '../modules/analytics';
import { type AuthUser, currentUser } from './auth';
import { fieldError, invalid } from './errors';

/** What a mutation's work answers to {@link mutate}. */
export interface MutationOutcome<T> {
  /** The answer, serialized by the route's response schema. */
  body: T;
  /** HTTP status; default 200 (use 201 for a creation). */
  status?: number;
  /** Live messages to log in the same transaction, each for its location (SSE sends them). */
  live?: { locationId: string; message: LiveMessage }[];
  /** Analytics events to record in the same transaction; `user_id` defaults to the caller. */
  analytics?: AnalyticsEventInput[];
  /**
   * Users whose row, flags or locations it changed: this process reads them again from the commit
   * on; other processes when the trigger's notification reaches them.
   */
  usersChanged?: string[];
  /** Refresh families it revoked: their access tokens are refused by this process from the commit on. */
  sessionsRevoked?: string[];
}

/** How long an Idempotency-Key answer is kept and replayed (CONTRACT: 24 h). */
export const idempotencyTtlHours = 24;

const keyPattern = /^[\x21-\x7e]{1,200}$/;

/**
 * Runs one mutation as ONE transaction: `work(trx, user)` does the writes and answers a
 * {@link MutationOutcome}; its live messages (via `appendLiveEvent`) and analytics events are
 * written in the same transaction, so all of it commits or none. Throw an `HttpError`
 * (`notFound()`, `conflict(…)`) from `work` to roll everything back and answer it.
 *
 * Honours `Idempotency-Key` (per user, 24 h): the key is claimed inside the transaction, so a
 * repeat (even a concurrent one, which waits on the key's row) answers the first answer's status
 * and body again and changes nothing. Use it in every authenticated mutating handler:
 *
 * ```ts
 * app.post('/api/things', { schema }, (req, reply) => // guarded by the API's policy
 *   mutate(req, reply, async (trx, user) => {
 *     const thing = await insertThing(trx, req.body);
 *     return { status: 201, body: thing, live: [{ locationId, message }], analytics: [{ … }] };
 *   }));
 * ```
 */
export async function mutate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Transaction<DB>, user: AuthUser) => Promise<MutationOutcome<T>>,
): Promise<T> {
  const user = currentUser(request);
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header : undefined;
  if (header !== undefined && (key === undefined || !keyPattern.test(key))) {
    throw invalid({
      'Idempotency-Key': fieldError('IDEMPOTENCY_KEY_INVALID', 'must be 1 to 200 visible ASCII characters'),
    });
  }
  const { signedIn } = request.server;
  const answer = await request.server.db.transaction().execute(async (trx) => {
    if (key !== undefined) {
      const stored = await claimKey(trx, user.id, key, request.method, request.url);
      if (stored) return { ...stored, committed: [], usersChanged: [], sessionsRevoked: [] };
    }
    const outcome = await work(trx, user);
    await insertAnalyticsEvents(
      trx,
      (outcome.analytics ?? []).map((event) => ({ ...event, user_id: event.user_id ?? user.id })),
    );
    const status = outcome.status ?? 200;
    if (key !== undefined) {
      await keepKeyAnswer(trx, user.id, key, status, outcome.body ?? null);
    }
    // last: a live event locks its location's counter row until the commit, and every other
    // change of the location waits for that lock
    const committed = [];
    for (const { locationId, message } of outcome.live ?? [])
      committed.push(await appendLiveEvent(trx, locationId, message));
    return {
      status,
      body: outcome.body,
      committed,
      usersChanged: outcome.usersChanged ?? [],
      sessionsRevoked: outcome.sessionsRevoked ?? [],
    };
  });
  // this process's own changes apply at once, before their notifications come back
  for (const event of answer.committed) signedIn.committed(event.locationId, event.id);
  for (const userId of answer.usersChanged) signedIn.forget(userId);
  signedIn.revoked(answer.sessionsRevoked);
  reply.code(answer.status);
  return answer.body as T;
}

/**
 * Claims `key` for this request, or answers the stored first answer. The insert takes the key's
 * row lock, so a concurrent repeat waits here until the first commits, then replays it.
 */
async function claimKey(
  trx: Transaction<DB>,
  userId: string,
  key: string,
  method: string,
  path: string,
): Promise<{ status: number; body: unknown } | undefined> {
  await forgetOldKeys(trx, userId, idempotencyTtlHours);
  if (await insertKey(trx, userId, key, method, path)) return undefined;
  const stored = await findKey(trx, userId, key);
  if (stored.method !== method || stored.path !== path || stored.status_code === null) {
    throw invalid({
      'Idempotency-Key': fieldError('IDEMPOTENCY_KEY_REUSED', 'was already used for a different request'),
    });
  }
  return { status: stored.status_code, body: stored.body };
}
