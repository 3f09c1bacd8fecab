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
  /** Requests per minute one session may make (`API_RATE_LIMIT_PER_MINUTE`, default 1200; 0: no limit). */
  apiRateLimitPerMinute: number;
  /**
   * Which proxies' `X-Forwarded-For` names the client (`TRUST_PROXY`): false (default) takes the
   * socket's address; a number trusts that many hops; a list trusts those addresses or CIDR ranges
   * (`loopback`, `10.0.0.0/8`…); true trusts every hop (only when nothing reaches the server but
   * through the proxy). The login throttle and the logs use the address so found.
   */
  trustProxy: boolean | number | string[];
  /**
   * Whether browsers reach the app over HTTPS (`HTTPS`, default off; TLS ends at a proxy in
   * front): then responses send HSTS and ask for secure subresources. Off for a plain-HTTP LAN.
   */
  https: boolean;
  /** Lets a caller not on this machine read `/metrics` with `Authorization: Bearer <it>` (`METRICS_TOKEN`, default unset: loopback only). */
  metricsToken: string | undefined;
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
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    https: ['1', 'true', 'yes', 'on'].includes((env.HTTPS ?? '').toLowerCase()),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR || './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: !['0', 'false', 'no', 'off'].includes((env.DEMO_DATA ?? '1').toLowerCase()),
    distDir: resolve(env.DIST_DIR || join(root, 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    apiRateLimitPerMinute,
    metricsToken: env.METRICS_TOKEN || undefined,
    live: liveOptionsFromEnv(env),
  };
}

/** `TRUST_PROXY`: unset, `false` or `0` → false; `true` → true; a whole number → hops; else a comma list. */
function trustProxyFromEnv(text: string | undefined): Config['trustProxy'] {
  const value = (text ?? '').trim();
  if (['', 'false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
