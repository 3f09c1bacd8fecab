import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { setupTestServer } from './support/server';

/** A built app of its own: index.html and one hashed asset. */
const distDir = mkdtempSync(join(tmpdir(), 'warehouse-dist-'));
mkdirSync(join(distDir, 'assets'));
writeFileSync(
  join(distDir, 'index.html'),
  '<!doctype html><title>Tomato Warehouse</title><div id="root"></div>',
);
writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
// what the build writes beside each file (vite.config.ts, precompress)
const page = '<!doctype html><title>Tomato Warehouse</title><div id="root"></div>';
for (const [file, text] of [
  ['index.html', page],
  ['assets/index-abc123.js', 'console.log("app")'],
]) {
  writeFileSync(join(distDir, `${file}.br`), brotliCompressSync(text));
  writeFileSync(join(distDir, `${file}.gz`), gzipSync(text));
}

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

  it('sends the compressed copy the client accepts, brotli first, and the plain file otherwise', async () => {
    const as = (url: string, encoding: string) =>
      server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    for (const url of ['/assets/index-abc123.js', '/', '/dashboard']) {
      const br = await as(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      const gz = await as(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      const plain = await as(url, 'identity');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const text = plain.body;
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(text);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(text);
    }
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

describe('Content-Security-Policy and HSTS', () => {
  const directives = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );

  it("holds the app and the API to the app's own origin, with WebAssembly for the camera, and no HSTS on plain HTTP", async () => {
    for (const url of ['/dashboard', '/assets/index-abc123.js', '/api/health']) {
      const res = await get(url);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['script-src'], url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp['style-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['upgrade-insecure-requests'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('lets the API docs page, and only it, style inline', async () => {
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('sends HSTS and upgrades subresources when served over HTTPS', async () => {
    const https = await buildApp(
      { ...server.app.config, https: true },
      { database: server.database, logger: false },
    );
    try {
      const res = await https.inject({ method: 'GET', url: '/dashboard' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await https.close();
    }
  });
});
