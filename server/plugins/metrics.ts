import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-type';
import { httpDuration, httpRequests, registry } from '../metrics';
import { notFound } from './errors';

const loopback = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether `request` may read the metrics: with `Authorization: Bearer <METRICS_TOKEN>` when a
 * token is set, else only from this machine. A request a proxy passed on (it carries
 * `X-Forwarded-For` or `Forwarded`) is not from this machine, even when the proxy is.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token && typeof header === 'string' && header.startsWith('Bearer ')) {
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && loopback.test(request.socket.remoteAddress ?? '');
}

/**
 * Counts every answered request by route pattern and status, times it, and serves the process's
 * metrics in Prometheus text format at `GET /metrics` (outside /api, whose `/api/metrics` prefix
 * is the analytics') to loopback callers or holders of `METRICS_TOKEN`; others get 404.
 */
export function registerMetrics(app: App, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) throw notFound();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
