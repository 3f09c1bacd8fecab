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

/**
 * CONTRACT's API rate limit per token: more than `perMinute` requests with one bearer token
 * (in this process) answer 429 with `Retry-After`. 0 turns it off. Sign-in has its own limit.
 */
export function registerTokenRateLimit(app: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const limiter = createRateLimiter(perMinute);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const waitMs = limiter.take(header);
    if (waitMs > 0) {
      reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
      throw tooManyRequests();
    }
  });
}
