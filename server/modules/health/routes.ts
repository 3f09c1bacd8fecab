import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app';

const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  uptimeS: z.number(),
});

/** GET /api/health: `{status: "ok", db, uptimeS}` once the database answers (500 otherwise). */
export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        tags: ['operations'],
        security: [],
        response: { 200: healthSchema },
      },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, db: app.database.kind, uptimeS: Math.round(process.uptime()) };
    },
  );
}
