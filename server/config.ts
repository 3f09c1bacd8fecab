import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LiveOptions, liveOptionsFromEnv } from './modules/live/options';

/**
 * Where the repository lives, so paths do not depend on the working directory (this file and
 * the bundled server, build/server.mjs, both sit one level below it).
 */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The server's settings, read once from the environment by {@link loadConfig}. */
export interface Config {
  /** TCP port to listen on (`PORT`, default 8080; 0 picks a free one). */
  port: number;
  /** Interface to listen on (`HOST`, default 127.0.0.1). */
  host: string;
  /** `postgres://…` to use a PostgreSQL server (`DATABASE_URL`); unset means embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite's home (`DATA_DIR`, default ./data); `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** Password of the `admin` created on an empty database (`ADMIN_PASSWORD`); unset: random, printed once. */
  adminPassword: string | undefined;
  /** Seed demo data on an empty database (`DEMO_DATA`, default on; `0` or `false` turns it off). */
  demoData: boolean;
  /** The built single-page app served at `/` (`DIST_DIR`, default ./dist of the repository). */
  distDir: string;
  /** Pino log level (`LOG_LEVEL`, default info). */
  logLevel: string;
  /** Requests per minute one bearer token may make (`API_RATE_LIMIT_PER_MINUTE`, default 1200; 0: no limit). */
  apiRateLimitPerMinute: number;
  /** Live events: heartbeat, retention, limits (`SSE_*`, `LIVE_*`; see server/modules/live/options.ts). */
  live: LiveOptions;
}

/** Reads {@link Config} from `env` (default `process.env`), applying the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`);
  }
  const apiRateLimitPerMinute = Number(env.API_RATE_LIMIT_PER_MINUTE ?? 1200);
  if (!Number.isInteger(apiRateLimitPerMinute) || apiRateLimitPerMinute < 0) {
    throw new Error(
      `API_RATE_LIMIT_PER_MINUTE must be a whole number, got "${env.API_RATE_LIMIT_PER_MINUTE}"`,
    );
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR || './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: !['0', 'false', 'no', 'off'].includes((env.DEMO_DATA ?? '1').toLowerCase()),
    distDir: resolve(env.DIST_DIR || join(root, 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    apiRateLimitPerMinute,
    live: liveOptionsFromEnv(env),
  };
}
