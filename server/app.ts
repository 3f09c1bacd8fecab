import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Subject } from 'rxjs';
import { idleReapMs } from '../streams/config';
import type { App } from './app-type';
import type { Config } from './config';
import type { Database } from './db/index';
import { type Change, listenChanges } from './db/notify';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { healthRoutes } from './modules/health/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { liveRoutes } from './modules/live/routes';
import { locationRoutes } from './modules/locations/routes';
import { orderRoutes } from './modules/orders/routes';
import { palletRoutes } from './modules/pallets/routes';
import { permissionRoutes } from './modules/permissions/routes';
import { printingRoutes } from './modules/printing/routes';
import { scaleRoutes } from './modules/scales/routes';
import { storageRoutes } from './modules/storage/routes';
import { userRoutes } from './modules/users/routes';
import { registerPgliteDump } from './ops/control';
import { loadJwtKey, registerApiPolicy } from './plugins/auth';
import { notFound, registerErrorHandler } from './plugins/errors';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerMetrics } from './plugins/metrics';
import { openApiTransform } from './plugins/openapi';
import { registerSessionRateLimit } from './plugins/rate-limit';
import { cspText, docsDirectives, registerSecurityHeaders } from './plugins/security-headers';
import { SignedInCache } from './plugins/signed-in';

/**
 * Every module's routes, each a Fastify plugin registered in this order (its hooks and
 * decorations stay its own). Add yours here (one line).
 */
const routeModules = [
  healthRoutes,
  authRoutes,
  userRoutes,
  permissionRoutes,
  locationRoutes,
  analyticsRoutes,
  liveRoutes,
  catalogRoutes,
  palletRoutes,
  orderRoutes,
  storageRoutes,
  dashboardRoutes,
  printingRoutes,
  scaleRoutes,
  inventoryRoutes,
];

/** Options of {@link buildApp}. */
export interface BuildOptions {
  /** An open, migrated database (see `createDatabase` and `migrate`). The app does not close it. */
  database: Database;
  /** Fastify logger option; default: pino at `config.logLevel` with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
}

/** Pino options shared by the server and the log tests: no bodies, no query strings, no tokens, no passwords. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        // the path alone: a query may carry the SSE token, spelt in any percent-encoding
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

/**
 * server.close() closes the keep-alive sockets idle at that moment and then waits for the rest.
 * Two kinds would hold it far longer: a socket whose request began before the close and ended
 * after it (idle until keepAliveTimeout, 72 s), and a socket a client opened but never sent a
 * request on (which Node counts as busy). Until the server has closed, close both kinds; sockets
 * with a request in flight, and event streams, finish on their own.
 */
function reapSocketsWhileClosing(app: App): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', (done) => {
    const reap = () => {
      app.server.closeIdleConnections();
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    };
    const reaping = setInterval(reap, idleReapMs).unref();
    app.server.once('close', () => clearInterval(reaping));
    done();
  });
}

/**
 * Starts this process's LISTEN for committed changes: the signed-in cache applies them first,
 * then every subscriber of `app.changes$` (the live hub) hears them. Stops when the app closes.
 */
async function listenForChanges(app: App): Promise<void> {
  const { database, config } = app;
  const changes = new Subject<Change>();
  const signedIn = new SignedInCache();
  let listening = false;
  app.decorate('signedIn', signedIn);
  app.decorate('listening', () => listening);
  app.decorate('changes$', changes.asObservable());
  const stop = await listenChanges(
    database.kind === 'pglite'
      ? { kind: 'pglite', pglite: database.pglite! }
      : { kind: 'postgres', connectionString: config.databaseUrl! },
    (change) => {
      if (change.kind === 'listening' || change.kind === 'lost') listening = change.kind === 'listening';
      signedIn.apply(change);
      changes.next(change);
    },
    (error) => app.log.error({ err: error }, 'listening for changes'),
  );
  app.addHook('onClose', async () => {
    await stop();
    changes.complete();
  });
}

/**
 * Builds the whole HTTP app over an open database: zod validation and serialization, CONTRACT's
 * error bodies, auth (JWT key loaded from the database), every route module, OpenAPI at
 * /api/docs, and the built SPA from `config.distDir` with history fallback. Used by main.ts and
 * by tests (`app.inject`). Closing the app does not close the database.
 */
export async function buildApp(config: Config, options: BuildOptions): Promise<App> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('jwtKey', await loadJwtKey(options.database.db));
  app.decorateRequest('user', null);
  await listenForChanges(app);
  reapSocketsWhileClosing(app);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSessionRateLimit(app, config.apiRateLimitPerMinute);
  registerMetrics(app, config.metricsToken);
  registerSecurityHeaders(app, config.https);
  registerApiPolicy(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tomato Warehouse API',
        version: '1',
        description: 'Pallets, orders, storage and live events of a tomato grower (see CONTRACT).',
      },
      servers: [{ url: '/', description: 'the server that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // what Swagger UI needs, on its own pages only
    staticCSP: cspText(docsDirectives, config.https),
  });
  for (const routes of routeModules) await app.register(routes);
  registerPgliteDump(app);

  const spa = existsSync(join(config.distDir, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      // the build writes .br and .gz beside each file: served to clients that accept them
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.startsWith(join(config.distDir, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // client routes get the app; /api paths and missing files (a name with an extension) get a 404
    const clientRoute = !/^\/api(\/|$)/.test(path) && !/\.[^/]*$/.test(path);
    if (spa && (request.method === 'GET' || request.method === 'HEAD') && clientRoute) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    throw notFound();
  });
  return app;
}
