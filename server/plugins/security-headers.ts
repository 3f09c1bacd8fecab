import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** CSP directives as helmet takes them: name → sources. */
type Directives = Record<string, string[]>;

/**
 * The app's Content-Security-Policy: everything from the app's own origin, nothing inline, and
 * WebAssembly compiled from the app's own `.wasm` (the camera's QR decoder). Images may be
 * `data:` URLs (the label preview) and `blob:` ones.
 */
export const appDirectives: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The API docs page (Swagger UI, under /api/docs only) also styles elements inline and draws
 * `data:` images; it loads nothing from elsewhere.
 */
export const docsDirectives: Directives = {
  ...appDirectives,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/** A CSP header value from directives (and `upgrade-insecure-requests` when served over HTTPS). */
export function cspText(directives: Directives, https: boolean): string {
  const parts = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/**
 * Security headers on every response (@fastify/helmet): the app's CSP, no framing, no sniffing,
 * same-origin referrers and isolation; HSTS (a year) and upgrade-insecure-requests only when the
 * app is served over HTTPS, since a warehouse LAN may run plain HTTP and HSTS would lock its
 * browsers out. The event stream writes its own head and copies these (see live/routes.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, https: boolean): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...appDirectives, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
