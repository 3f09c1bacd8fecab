import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createRateLimiter } from '../../server/plugins/rate-limit';
import { setupTestServer } from './support/server';

const perMinute = 6;
const server = setupTestServer({ config: { apiRateLimitPerMinute: perMinute } });

describe('createRateLimiter', () => {
  it('allows a burst of perMinute, then one more every 60 000 / perMinute ms, per key', () => {
    let t = 0;
    const limiter = createRateLimiter(perMinute, () => t);
    const burst = Array.from({ length: perMinute }, () => limiter.take('a'));
    expect(burst).toEqual(Array(perMinute).fill(0));
    expect(limiter.take('a')).toBe(10_000); // one token refills in 60 000 / 6 ms
    expect(limiter.take('b')).toBe(0); // another key has its own bucket
    t += 9_999;
    expect(limiter.take('a')).toBe(1);
    t += 1;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10_000);
    t += 60_000 * 10; // a long pause refills only up to the burst size
    expect(Array.from({ length: perMinute + 1 }, () => limiter.take('a'))).toEqual([
      ...Array(perMinute).fill(0),
      10_000,
    ]);
  });
});

describe('API rate limit per token', () => {
  it('answers 429 with Retry-After once a token exceeds its rate; other tokens go on', async () => {
    const [ann, bob] = [await server.createUser(), await server.createUser()];
    const validate = (headers: Record<string, string>) =>
      server.app.inject({ method: 'GET', url: '/api/auth/validate', headers });
    for (let i = 0; i < perMinute; i++) expect((await validate(ann.headers)).statusCode).toBe(200);
    const limited = await validate(ann.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many requests. Please try again later',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate(bob.headers)).statusCode).toBe(200);
    // requests without a token (health, sign-in) are not counted against anyone
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('defaults to 1200 per minute and reads API_RATE_LIMIT_PER_MINUTE (0 turns it off)', () => {
    expect(loadConfig({}).apiRateLimitPerMinute).toBe(1200);
    expect(loadConfig({ API_RATE_LIMIT_PER_MINUTE: '0' }).apiRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
  });
});
