import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestServer } from './support/server';

/** A built app of its own: index.html and one hashed asset. */
const distDir = mkdtempSync(join(tmpdir(), 'warehouse-dist-'));
mkdirSync(join(distDir, 'assets'));
writeFileSync(
  join(distDir, 'index.html'),
  '<!doctype html><title>Tomato Warehouse</title><div id="root"></div>',
);
writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');

const server = setupTestServer({ config: { distDir } });
const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => server.app.inject({ method, url });

describe('the built app at /', () => {
  it('serves index.html for / and for every client route (history fallback)', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/mobile/operator/standard-pallet/42?from=storage',
      '/login?expired=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Tomato Warehouse</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves assets with a long cache, and a missing file is a 404, not the app', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await get('/assets/index-old999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('never falls back for /api paths or for non-GET requests', async () => {
    for (const [url, method] of [
      ['/api/nothing-here', 'GET'],
      ['/api', 'GET'],
      ['/dashboard', 'POST'],
    ] as const) {
      const res = await get(url, method);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'The requested resource was not found', code: 'NOT_FOUND' });
    }
  });

  it('sends security headers', async () => {
    const res = await get('/dashboard');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
