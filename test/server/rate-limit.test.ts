import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { signAccessToken } from '../../server/plugins/auth';
import { createRateLimiter } from '../../server/plugins/rate-limit';
import { setupTestServer } from './support/server';

const perMinute = 6;
// app.inject comes from 127.0.0.1: as if through a proxy on the same machine
const server = setupTestServer({ config: { apiRateLimitPerMinute: perMinute, trustProxy: ['loopback'] } });

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

describe('API rate limit per session', () => {
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
      params: { retryAfterS: Number(limited.headers['retry-after']) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate(bob.headers)).statusCode).toBe(200);
    // requests without a token (health, sign-in) are not counted against anyone
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('keys the limit on the verified session: neither spacing the header nor another token of it starts afresh', async () => {
    const ann = await server.createUser();
    const session = crypto.randomUUID();
    const [first, second] = await Promise.all([
      signAccessToken(server.app.jwtKey, ann.id, session),
      signAccessToken(server.app.jwtKey, ann.id, session, 600),
    ]);
    const validate = (authorization: string) =>
      server.app.inject({ method: 'GET', url: '/api/auth/validate', headers: { authorization } });
    for (let i = 0; i < perMinute; i++) expect((await validate(`Bearer ${first}`)).statusCode).toBe(200);
    for (const authorization of [`Bearer  ${first}`, `Bearer ${first} `, `Bearer ${second}`]) {
      expect((await validate(authorization)).statusCode, JSON.stringify(authorization)).toBe(429);
    }
  });

  it('defaults to 1200 per minute and reads API_RATE_LIMIT_PER_MINUTE (0 turns it off)', () => {
    expect(loadConfig({}).apiRateLimitPerMinute).toBe(1200);
    expect(loadConfig({ API_RATE_LIMIT_PER_MINUTE: '0' }).apiRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it("throttles sign-in by the address a trusted proxy names, and by the socket's otherwise", async () => {
    const fail = (remoteAddress: string, forwardedFor: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: 'nobody', password: 'wrong-guess' },
      });
    expect((await fail('127.0.0.1', '10.7.7.7')).statusCode).toBe(401);
    expect((await fail('10.8.8.8', '10.7.7.7')).statusCode).toBe(401); // not a trusted proxy
    const rows = await server.db.selectFrom('login_failures').select('ip').orderBy('ip').execute();
    expect(rows.map((row) => row.ip)).toEqual(['10.7.7.7', '10.8.8.8']);
  });

  it('reads TRUST_PROXY as off, every hop, a number of hops or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });
});
