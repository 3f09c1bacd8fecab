import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/app';
import { setupTestServer } from './support/server';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

/** The server's own logger options at the most verbose level, writing into `lines`. */
const server = setupTestServer({ logger: { ...loggerOptions('trace'), stream } });

describe('the log', () => {
  it('never holds a password, an access token or a refresh token', async () => {
    const ann = await server.createUser({ admin: true, password: 'Secret-Password-1' });
    const inject = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
      server.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

    await inject('POST', '/api/auth/login', { username: ann.username, password: 'Wrong-Password-2' });
    const session = (
      await inject('POST', '/api/auth/login', { username: ann.username, password: 'Secret-Password-1' })
    ).json();
    const rotated = (
      await inject('POST', '/api/auth/refresh-token', { refreshToken: session.refreshToken })
    ).json();
    // presented again within the grace window: a sibling session
    const sibling = (
      await inject('POST', '/api/auth/refresh-token', { refreshToken: session.refreshToken })
    ).json();
    const next = (
      await inject('POST', '/api/auth/login', { username: ann.username, password: 'Secret-Password-1' })
    ).json();
    await inject(
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'Secret-Password-1', newPassword: 'Next-Password-3' },
      next.token,
    );
    await inject(
      'POST',
      '/api/users',
      { username: 'logged.user', password: 'Created-Password-4' },
      next.token,
    );
    const location = crypto.randomUUID();
    await inject('GET', `/api/sse/location/${location}?token=${next.token}&lastEventId=1`);
    await inject('GET', `/api/sse/location/${location}?%74oken=${next.token}`); // "token", percent-encoded
    await inject('GET', `/api/sse/location/${location}?t%6Fken=${encodeURIComponent(next.token)}`);
    await inject('GET', '/api/auth/validate', undefined, `${next.token}x`);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10); // the log was really written
    expect(log).toContain('/api/auth/login');
    for (const secret of [
      'Secret-Password-1',
      'Wrong-Password-2',
      'Next-Password-3',
      'Created-Password-4',
      session.token,
      session.refreshToken,
      rotated.token,
      rotated.refreshToken,
      sibling.token,
      sibling.refreshToken,
      next.token,
      next.refreshToken,
      next.token.split('.')[2], // the signature alone is the secret part
    ]) {
      for (const line of lines) expect(line).not.toContain(secret);
    }
    expect(log).toContain(`"url":"/api/sse/location/${location}"`); // the path, never its query
  });
});
