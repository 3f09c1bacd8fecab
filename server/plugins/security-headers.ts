import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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
 * The headers helmet sets for `options`, worked out once. Fastify's helmet plugin built helmet's
 * middleware again for every request, parsing the CSP each time: a third of the CPU of a list
 * answered from memory (bench:api: 53 µs a request, 36 without).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By, which Fastify never sets
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every response (helmet's): the app's CSP, no framing, no sniffing,
 * same-origin referrers and isolation; HSTS (a year) and upgrade-insecure-requests only when the
 * app is served over HTTPS, since a warehouse LAN may run plain HTTP and HSTS would lock its
 * browsers out. The event stream writes its own head and copies these (see live/routes.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...appDirectives, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
