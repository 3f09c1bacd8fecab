import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import {
  loginFailureLimit,
  loginFailureLimitPerIp,
  refreshReuseGraceS,
} from '../../server/modules/auth/repository';
import { permissionFlags } from '../../server/modules/permissions/flags';
import { ageRotations, setupTestServer } from './support/server';

const server = setupTestServer();

function login(body: unknown, remoteAddress = '127.0.0.1') {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body as object,
    remoteAddress,
  });
}

function refresh(refreshToken: string) {
  return server.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
}

const validate = (token: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/auth/validate',
    headers: { authorization: `Bearer ${token}` },
  });

describe('POST /api/auth/login', () => {
  it('answers a token, a refresh token and SPEC 3 user for good credentials', async () => {
    const ann = await server.createUser({
      permissions: ['desktop_access', 'manage_pallets'],
      firstLogin: true,
    });
    const res = await login({ username: ann.username, password: ann.password, rememberMe: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      id: ann.id,
      username: ann.username,
      admin: false,
      first_login: true,
      desktop_access: true,
      mobile_access: false,
      force_mobile_mode_enabled: false,
      skipTokenValidation: false,
      autoRefreshTokens: true,
    });
    expect(Object.keys(body.user.permissions).sort()).toEqual([...permissionFlags].sort());
    expect(body.user.permissions.manage_pallets).toBe(true);
    expect(body.user.permissions.manage_orders).toBe(false);
    expect((await validate(body.token)).json().data.user.id).toBe(ann.id);
  });

  it('accepts the username in any case', async () => {
    const ann = await server.createUser({ username: 'CaseUser' });
    expect((await login({ username: 'caseuser', password: ann.password })).statusCode).toBe(200);
  });

  it('answers 401 "Invalid username or password" for a wrong password or an unknown user', async () => {
    const ann = await server.createUser();
    for (const body of [
      { username: ann.username, password: 'wrong password' },
      { username: 'nobody-here', password: 'whatever1' },
    ]) {
      const res = await login(body, '10.0.0.9');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers 422 with details for missing fields and 400 for malformed JSON', async () => {
    const res = await login({ username: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Invalid data provided', code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().details).sort()).toEqual(['password', 'username']);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Malformed request body', code: 'MALFORMED_BODY' });
  });

  it('answers 422 naming username for a control character in it (PostgreSQL cannot compare NUL)', async () => {
    for (const username of ['ann\u0000', 'ann\nbob']) {
      const res = await login({ username, password: 'whatever-1' });
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual({ username: 'must not contain control characters' });
    }
  });

  it(`throttles after ${loginFailureLimit} failures per username and IP with 429, even for the right password`, async () => {
    const ann = await server.createUser();
    for (let i = 0; i < loginFailureLimit; i++) {
      expect((await login({ username: ann.username, password: 'wrong-guess' }, '10.1.1.1')).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ username: ann.username, password: ann.password }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many requests. Please try again later',
      code: 'RATE_LIMITED',
      params: { retryAfterS: Number(blocked.headers['retry-after']) },
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(15 * 60 - 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // another IP, or another username from that IP, is not throttled
    expect((await login({ username: ann.username, password: ann.password }, '10.1.1.2')).statusCode).toBe(
      200,
    );
    const bob = await server.createUser();
    expect((await login({ username: bob.username, password: bob.password }, '10.1.1.1')).statusCode).toBe(
      200,
    );
  });

  it(`throttles an IP after ${loginFailureLimitPerIp} failures whatever the usernames, keeping no more rows`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < loginFailureLimitPerIp; i++) {
      const guess = await login({ username: `nobody_${i}_${Date.now()}`, password: 'wrong-guess' }, ip);
      expect(guess.statusCode).toBe(401);
    }
    const ann = await server.createUser();
    const blocked = await login({ username: ann.username, password: ann.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await login({ username: 'nobody_else', password: 'wrong-guess' }, ip)).statusCode).toBe(429);
    // unknown usernames stop adding rows once the IP is throttled
    const rows = await server.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(loginFailureLimitPerIp);
    expect((await login({ username: ann.username, password: ann.password }, '10.9.9.10')).statusCode).toBe(
      200,
    );
  });

  it('counts failures only within the window, and a success clears them', async () => {
    const ann = await server.createUser();
    for (let i = 0; i < loginFailureLimit - 1; i++) {
      await login({ username: ann.username, password: 'wrong-guess' }, '10.2.2.2');
    }
    expect((await login({ username: ann.username, password: ann.password }, '10.2.2.2')).statusCode).toBe(
      200,
    );
    for (let i = 0; i < loginFailureLimit; i++) {
      expect((await login({ username: ann.username, password: 'wrong-guess' }, '10.2.2.2')).statusCode).toBe(
        401,
      );
    }
    // failures older than 15 minutes no longer count
    await server.db
      .updateTable('login_failures')
      .set({ failed_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('ip', '=', '10.2.2.2')
      .execute();
    expect((await login({ username: ann.username, password: ann.password }, '10.2.2.2')).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: a new pair each time, and a token presented again after the grace window revokes its whole family', async () => {
    const ann = await server.createUser();
    const first = (await login({ username: ann.username, password: ann.password })).json();
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refreshToken).not.toBe(first.refreshToken);
    expect(pair.user.id).toBe(ann.id);
    expect((await validate(pair.token)).statusCode).toBe(200);

    await ageRotations(server.db, ann.id, refreshReuseGraceS + 1);
    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('Session expired. Please login again.');
    // the legitimate holder's newest tokens died with the family
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await validate(pair.token)).statusCode).toBe(401);
    // other sessions of the same user are untouched
    const other = (await login({ username: ann.username, password: ann.password })).json();
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  /** The refresh family a refresh token belongs to, read by its hash. */
  const familyOf = async (refreshToken: string) =>
    (
      await server.db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', createHash('sha256').update(refreshToken).digest('hex'))
        .executeTakeFirstOrThrow()
    ).family_id;

  it('answers a token presented twice at once, and again 2 s later, with working sessions of its family', async () => {
    const ann = await server.createUser();
    const first = (await login({ username: ann.username, password: ann.password })).json();
    const family = await familyOf(first.refreshToken);
    const together = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    await ageRotations(server.db, ann.id, 2);
    const later = await refresh(first.refreshToken);
    const sessions = [...together, later].map((answer) => {
      expect(answer.statusCode).toBe(200);
      return answer.json();
    });
    expect(new Set(sessions.map((s) => s.refreshToken)).size).toBe(3);
    for (const session of sessions) {
      expect(await familyOf(session.refreshToken)).toBe(family);
      expect((await validate(session.token)).statusCode).toBe(200);
    }
    // each goes on rotating on its own
    for (const session of sessions) expect((await refresh(session.refreshToken)).statusCode).toBe(200);
  });

  it('takes a token for reuse once a token that replaced it was rotated in turn, even within the window', async () => {
    const ann = await server.createUser();
    const r0 = (await login({ username: ann.username, password: ann.password })).json();
    const r1 = (await refresh(r0.refreshToken)).json();
    const r2 = (await refresh(r1.refreshToken)).json();
    expect((await refresh(r0.refreshToken)).statusCode).toBe(401);
    for (const session of [r1, r2]) expect((await validate(session.token)).statusCode).toBe(401);
    expect((await refresh(r2.refreshToken)).statusCode).toBe(401);
  });

  it('takes a token for reuse once a sibling given in the window was rotated', async () => {
    const ann = await server.createUser();
    const r0 = (await login({ username: ann.username, password: ann.password })).json();
    await refresh(r0.refreshToken);
    const sibling = (await refresh(r0.refreshToken)).json();
    expect((await refresh(sibling.refreshToken)).statusCode).toBe(200);
    expect((await refresh(r0.refreshToken)).statusCode).toBe(401);
  });

  it('answers 401 for an unknown or expired refresh token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const ann = await server.createUser();
    const session = (await login({ username: ann.username, password: ann.password })).json();
    await server.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', ann.id)
      .execute();
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('keeps refresh tokens 30 days with rememberMe and 12 hours without', async () => {
    const ann = await server.createUser();
    for (const [rememberMe, hours] of [
      [true, 30 * 24],
      [false, 12],
    ] as const) {
      await login({ username: ann.username, password: ann.password, rememberMe });
      const row = await server.db
        .selectFrom('refresh_tokens')
        .select('expires_at')
        .where('user_id', '=', ann.id)
        .where('remember_me', '=', rememberMe)
        .executeTakeFirstOrThrow();
      const lifetimeH = (new Date(row.expires_at).getTime() - Date.now()) / 3_600_000;
      expect(lifetimeH).toBeGreaterThan(hours - 0.1);
      expect(lifetimeH).toBeLessThan(hours + 0.1);
    }
  });

  it('stores refresh tokens only hashed', async () => {
    const ann = await server.createUser();
    const session = (await login({ username: ann.username, password: ann.password })).json();
    const rows = await server.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', ann.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(session.refreshToken);
  });
});

describe('GET /api/auth/validate', () => {
  it('answers 401 without a token, with an expired, forged or garbage one, and for a deleted user', async () => {
    const ann = await server.createUser();
    const expired = await server.tokenFor(ann.id, -60);
    const forged = `${ann.token.slice(0, -4)}AAAA`;
    for (const headers of [
      {},
      { authorization: `Bearer ${expired}` },
      { authorization: `Bearer ${forged}` },
      { authorization: 'Bearer garbage' },
      { authorization: ann.token },
    ]) {
      const res = await server.app.inject({ method: 'GET', url: '/api/auth/validate', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Session expired. Please login again.', code: 'UNAUTHORIZED' });
    }
    expect((await validate(ann.token)).statusCode).toBe(200); // now kept in memory
    await server.db.deleteFrom('users').where('id', '=', ann.id).execute();
    // deleted by hand in SQL: refused as soon as the process hears of it (PGlite: at the commit)
    await expect.poll(async () => (await validate(ann.token)).statusCode, { interval: 5 }).toBe(401);
  });

  it('refuses a token it has accepted once the token expires', async () => {
    const ann = await server.createUser();
    const token = await server.tokenFor(ann.id, 2);
    const expiresAtMs = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000;
    expect((await validate(token)).statusCode).toBe(200);
    expect((await validate(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAtMs - Date.now() + 50));
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('verifies tokens with the key kept in the database, so a new process accepts them', async () => {
    const ann = await server.createUser();
    const again = await buildApp(
      { ...loadConfig({}), dataDir: 'memory://', databaseUrl: server.database.url },
      { database: server.database, logger: false },
    );
    try {
      const res = await again.inject({ method: 'GET', url: '/api/auth/validate', headers: ann.headers });
      expect(res.statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe('POST /api/auth/logout', () => {
  it("revokes the caller's refresh family", async () => {
    const ann = await server.createUser();
    const session = (await login({ username: ann.username, password: ann.password })).json();
    const other = (await login({ username: ann.username, password: ann.password })).json();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  function change(token: string, body: object) {
    return server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  }

  it('changes the password, clears first_login and ends the other sessions', async () => {
    const ann = await server.createUser({ firstLogin: true });
    const session = (await login({ username: ann.username, password: ann.password })).json();
    const elsewhere = (await login({ username: ann.username, password: ann.password })).json();
    const res = await change(session.token, { currentPassword: ann.password, newPassword: 'a-new-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await validate(session.token)).json().data.user.first_login).toBe(false);
    expect((await login({ username: ann.username, password: ann.password }, '10.3.3.3')).statusCode).toBe(
      401,
    );
    expect((await login({ username: ann.username, password: 'a-new-secret' }, '10.3.3.3')).statusCode).toBe(
      200,
    );
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
  });

  it('answers 422 for a wrong current password or a new one under 8 characters, changing nothing', async () => {
    const ann = await server.createUser({ firstLogin: true });
    const before = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    const wrong = await change(ann.token, { currentPassword: 'not-it-at-all', newPassword: 'long enough' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details).toEqual({ currentPassword: 'Current password is incorrect' });
    const short = await change(ann.token, { currentPassword: ann.password, newPassword: 'short' });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().details)).toEqual(['newPassword']);
    const after = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('answers 401 with an expired token', async () => {
    const ann = await server.createUser();
    const res = await change(await server.tokenFor(ann.id, -1), {
      currentPassword: ann.password,
      newPassword: 'x'.repeat(9),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('before a first-login user has chosen their password', () => {
  it('answers only change-password, validate, logout and their own record; the rest 403 saying why', async () => {
    const loc = await server.createLocation();
    const admin = await server.createUser({ admin: true, firstLogin: true, locations: [loc.id] });
    const other = await server.createUser();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({ method, url, headers: admin.headers, payload });
    for (const [method, url, payload] of [
      ['POST', '/api/locations', { name: 'Made before the password' }],
      ['GET', '/api/users'],
      ['GET', `/api/users/${other.id}`],
      ['GET', `/api/permissions/users/${admin.id}/restrictions`],
      ['GET', '/api/user-locations'],
      ['GET', `/api/dashboard/overview?locationId=${loc.id}`],
      ['GET', `/api/sse/location/${loc.id}?token=${admin.token}`],
    ] as const) {
      const res = await call(method, url, payload);
      expect(`${method} ${url}: ${res.statusCode}`).toBe(`${method} ${url}: 403`);
      expect(res.json()).toEqual({
        message: 'Please choose a new password before continuing',
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
    }
    expect(
      await server.db.selectFrom('locations').where('name', '=', 'Made before the password').execute(),
    ).toEqual([]);
    expect((await call('GET', '/api/auth/validate')).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${admin.id}`)).statusCode).toBe(200);
    const changed = await call('POST', '/api/auth/change-password', {
      currentPassword: admin.password,
      newPassword: 'chosen-at-last',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('POST', '/api/locations', { name: 'Made after the password' })).statusCode).toBe(201);
    expect((await call('POST', '/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('an access token dies with its session', () => {
  it('after logout, after its refresh token is reused, and after a password change elsewhere', async () => {
    const ann = await server.createUser();
    const signIn = async () => (await login({ username: ann.username, password: ann.password })).json();
    const [out, stolen, other, changer] = [await signIn(), await signIn(), await signIn(), await signIn()];
    for (const session of [out, stolen, other, changer])
      expect((await validate(session.token)).statusCode).toBe(200);

    await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${out.token}` },
    });
    expect((await validate(out.token)).statusCode).toBe(401);

    const rotated = (await refresh(stolen.refreshToken)).json();
    await ageRotations(server.db, ann.id, refreshReuseGraceS + 1);
    expect((await refresh(stolen.refreshToken)).statusCode).toBe(401); // reuse revokes the family
    for (const token of [stolen.token, rotated.token]) expect((await validate(token)).statusCode).toBe(401);

    expect((await validate(other.token)).statusCode).toBe(200);
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${changer.token}` },
      payload: { currentPassword: ann.password, newPassword: 'changed-elsewhere' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await validate(other.token)).statusCode).toBe(401);
    expect((await validate(changer.token)).statusCode).toBe(200);
  });
});
