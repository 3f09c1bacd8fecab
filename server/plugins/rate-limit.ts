import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors';

/** A token bucket per key: `take(key)` answers 0 when allowed, else the ms until it would be. */
export interface RateLimiter {
  take(key: string): number;
}

/**
 * Token buckets of `perMinute` requests per key, refilled continuously (bursts up to
 * `perMinute`). `now` is injectable for tests. Full buckets are forgotten, so memory follows the
 * keys active in the last minute.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastSweep = now();
  return {
    take(key) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, b] of buckets) if (b.tokens + (t - b.at) * refillPerMs >= perMinute) buckets.delete(k);
        lastSweep = t;
      }
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: t };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * refillPerMs);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / refillPerMs);
      bucket.tokens -= 1;
      return 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one request of a signed-in session (its refresh family) against CONTRACT's API rate
     * limit; throws 429 with `Retry-After` past it. Called by `signIn` once the token is verified.
     */
    limitSession(familyId: string): void;
  }
}

/**
 * CONTRACT's API rate limit: more than `perMinute` requests of one session (in this process)
 * answer 429 with `Retry-After`; 0 turns it off. The key is the verified session, not the
 * `Authorization` text, which spaces or another token of the same session would vary. Requests
 * without a valid token never reach it (they answer 401); sign-in has its own throttle.
 */
export function registerSessionRateLimit(app: FastifyInstance, perMinute: number): void {
  const limiter = perMinute > 0 ? createRateLimiter(perMinute) : undefined;
  app.decorate('limitSession', (familyId: string) => {
    const waitMs = limiter?.take(familyId) ?? 0;
    if (waitMs > 0) throw tooManyRequests(waitMs / 1000);
  });
}
