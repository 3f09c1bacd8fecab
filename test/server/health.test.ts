import { describe, expect, it } from 'vitest';
import { testDbKind } from './support/database';
import { setupTestServer } from './support/server';

const server = setupTestServer();

describe('GET /api/health', () => {
  it('answers ok with the engine in use and the uptime', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'ok', db: testDbKind, uptimeS: expect.any(Number) });
    expect(body.uptimeS).toBeGreaterThanOrEqual(0);
  });

  it('needs no token', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('unknown API paths and errors', () => {
  it('answers 404 with CONTRACT body for an unknown /api path', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The requested resource was not found', code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/users/{id}',
        '/api/permissions/users/{id}/restrictions',
        '/api/user-locations',
        '/api/analytics/events',
        '/api/insights/events/{id}/intervention',
      ]),
    );
    expect(res.json().paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect((await server.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });
});
