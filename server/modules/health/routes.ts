import { z } from 'zod';
import { readyTimeoutMs } from '../../../streams/config';
import type { App } from '../../app-type';
import { pendingMigrations } from '../../db/migrate';
import { ping } from '../../db/sql';

const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  uptimeS: z.number(),
});

const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  reason: z.string().optional(),
});

/**
 * Why this process should not take traffic, or undefined when it should: the database does not
 * answer (within {@link readyTimeoutMs}), it lacks migrations this build needs, or the change
 * listener is down (live events and sign-in changes from other processes would go unheard).
 */
async function notReadyBecause(app: App): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('the database does not answer'), readyTimeoutMs);
  });
  const check = (async () => {
    try {
      await ping(app.db);
    } catch (error) {
      return `the database is unreachable: ${(error as Error).message}`;
    }
    const pending = await pendingMigrations(app.database).catch(() => ['?']);
    if (pending.length > 0) return `migrations not applied: ${pending.join(', ')} (run npm run migrate)`;
    if (!app.listening()) return 'the change listener is down (reconnecting to the database)';
    return undefined;
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (alive: `{status: "ok", db, uptimeS}` once the database answers, 500 otherwise)
 * and GET /api/ready (may take traffic: 200 `{status: "ready"}`, or 503 with the reason).
 */
export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        tags: ['operations'],
        response: { 200: healthSchema },
      },
    },
    async () => {
      await ping(app.db);
      return { status: 'ok' as const, db: app.database.kind, uptimeS: Math.round(process.uptime()) };
    },
  );
  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Whether this process may take traffic',
        description:
          'Ready when the database answers, every migration of this build is applied and the change listener is up; 503 with the reason otherwise (a proxy or orchestrator stops sending traffic).',
        tags: ['operations'],
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const reason = await notReadyBecause(app);
      if (reason === undefined) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'unavailable' as const, reason });
    },
  );
}
