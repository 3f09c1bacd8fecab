import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LiveOptions, liveOptionsFromEnv } from './live-options';

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
  /**
   * The TCP ports label printers may be reached on (`PRINTER_PORTS`, default 9100, Zebra's raw
   * port): a comma list of ports and ranges (`9100,9101-9103`). A printer on any other port is
   * refused, so the test print cannot make the server knock on arbitrary services.
   */
  printerPorts: PortRanges;
  /** Live events: heartbeat, retention, limits (`SSE_*`, `LIVE_*`; see server/live-options.ts). */
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
    printerPorts: portRangesFromEnv(env.PRINTER_PORTS ?? '9100'),
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

/** Inclusive port ranges, `[from, to]` each. */
export type PortRanges = readonly (readonly [number, number])[];

/** `PRINTER_PORTS`: `9100`, `9100,9101-9103`…; throws on anything else. */
function portRangesFromEnv(text: string): PortRanges {
  return text.split(',').map((item) => {
    const match = item.trim().match(/^(\d{1,5})(?:-(\d{1,5}))?$/);
    const [from, to] = [Number(match?.[1]), Number(match?.[2] ?? match?.[1])];
    if (!match || from < 1 || to > 65_535 || from > to) {
      throw new Error(`PRINTER_PORTS must be ports and ranges such as 9100,9101-9103, got "${text}"`);
    }
    return [from, to] as const;
  });
}

/** Whether `port` lies in one of `ranges`. */
export const portAllowed = (ranges: PortRanges, port: number) =>
  ranges.some(([from, to]) => port >= from && port <= to);

/** The ranges as an operator writes them: `9100, 9101-9103`. */
export const portRangesText = (ranges: PortRanges) =>
  ranges.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(', ');
