import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestServer } from './support/server';

const token = 'metrics-token-for-the-test';
const server = setupTestServer({ config: { metricsToken: token } });

/** Prometheus text format: `# HELP`/`# TYPE` lines, and samples `name{label="v",…} value`. */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

async function scrape(): Promise<Map<string, number>> {
  const res = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.body);
}

describe('GET /api/ready', () => {
  it('is ready with the database up, migrated and listened to', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 naming a migration the database lacks', async () => {
    const [last] = (
      await sql<{
        version: string;
      }>`select version from schema_migrations order by version desc limit 1`.execute(server.db)
    ).rows;
    await sql`delete from schema_migrations where version = ${last.version}`.execute(server.db);
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: expect.stringContaining(last.version) });
    } finally {
      await sql`insert into schema_migrations (version) values (${last.version})`.execute(server.db);
    }
  });
});

describe('GET /metrics', () => {
  it('counts requests by route and status, and times them', async () => {
    const key = 'warehouse_http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = (await scrape()).get(key) ?? 0;
    for (let i = 0; i < 3; i++) await server.app.inject({ method: 'GET', url: '/api/health' });
    const after = await scrape();
    expect(after.get(key)).toBe(before + 3);
    expect(after.get('warehouse_http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(
      before + 3,
    );
    expect(after.get('warehouse_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
  });

  it('counts failed sign-ins', async () => {
    const key = 'warehouse_login_failures_total{reason="bad_credentials"}';
    const before = (await scrape()).get(key) ?? 0;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect((await scrape()).get(key)).toBe(before + 1);
  });

  it('refuses a remote caller, and one a proxy passed on, without the token', async () => {
    const remote = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(404);
    const proxied = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(proxied.statusCode).toBe(404);
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(404);
    const withToken = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('warehouse_sse_connections');
  });
});
