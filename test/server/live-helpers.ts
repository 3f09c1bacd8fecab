import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../server/config';
import { appendLiveEvent, type LiveMessage } from '../../server/db/live-events';
import type { DB } from '../../server/db/schema';
import type { LiveOptions } from '../../server/live-options';
import { openSse, type SseConnection, type SseMessage } from '../../server/modules/live/sse-client';
import { createTestDatabase, migratedDataDir, testDbKind } from './support/database';

/** The live options of the default config with `overrides` (tests shorten timings). */
export function liveConfig(overrides: Partial<LiveOptions>): { live: LiveOptions } {
  return { live: { ...loadConfig({}).live, ...overrides } };
}

/** A pallet message as the pallet routes log it. */
export const palletAdded = (n: number): LiveMessage => ({
  type: 'PALLET_UPDATE',
  action: 'add',
  pallets: [{ id: `pallet-${n}`, weight: n }],
});

/**
 * Commits `count` live events for `locationId` through `appendLiveEvent` (what `mutate` does for
 * every mutation), `perTransaction` of them in each transaction. Answers their ids.
 */
export async function commitEvents(
  db: Kysely<DB>,
  locationId: string,
  count: number,
  message: (n: number) => LiveMessage = palletAdded,
  perTransaction = 1,
): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let i = n; i < Math.min(count, n + perTransaction); i++) {
        ids.push((await appendLiveEvent(trx, locationId, message(i))).id);
      }
    });
  }
  return ids;
}

/** An SSE client that keeps every message it got. */
export interface Follower extends SseConnection {
  messages: SseMessage[];
  /** The ids of the `update` events, in arrival order. */
  updateIds(): number[];
}

/** Opens `url` as an event stream and records what arrives. */
export async function follow(url: string, headers: Record<string, string> = {}): Promise<Follower> {
  const messages: SseMessage[] = [];
  const connection = await openSse(url, (message) => messages.push(message), headers);
  return {
    ...connection,
    messages,
    updateIds: () => messages.filter((m) => m.event === 'update').map((m) => Number(m.id)),
  };
}

/** `/api/sse/location/{id}` on `base` with the query parameters given. */
export function sseUrl(
  base: string,
  locationId: string,
  query: Record<string, string | number> = {},
): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${base}/api/sse/location/${locationId}${params.size ? `?${params}` : ''}`;
}

/** 1..n (or from..to). */
export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** Waits (polling every 5 ms) until `check()` holds; fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Storage for real server processes on the engine `TEST_DB` names, migrated: a fresh PostgreSQL
 * database (`DATABASE_URL`, shareable by several processes) or a PGlite directory (`DATA_DIR`).
 * `env` also sets the admin password and no demo data; `remove()` drops it.
 */
export async function serverStorage(adminPassword: string): Promise<{
  env: Record<string, string>;
  remove(): Promise<void>;
}> {
  const env = { ADMIN_PASSWORD: adminPassword, DEMO_DATA: '0' };
  if (testDbKind === 'postgres') {
    const database = await createTestDatabase();
    return { env: { ...env, DATABASE_URL: database.url! }, remove: () => database.close() };
  }
  const dataDir = await migratedDataDir();
  return {
    env: { ...env, DATA_DIR: dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A signed-in admin and a location with a one-value catalogue, made through the API. */
export interface Warehouse {
  token: string;
  locationId: string;
}

/** JSON call to `base` with the admin's token; throws on a non-2xx answer. */
export async function api<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs in as `admin` and chooses the password `${adminPassword}-chosen`, creates a location and its catalogue. */
export async function prepareWarehouse(base: string, adminPassword: string): Promise<Warehouse> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword, rememberMe: false }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  // the admin's first sign-in: nothing else is answered until a password is chosen
  await api(base, token, 'POST', '/api/auth/change-password', {
    currentPassword: adminPassword,
    newPassword: `${adminPassword}-chosen`,
  });
  const { data } = await api<{ data: { id: string } }>(base, token, 'POST', '/api/locations', {
    name: `Live ${crypto.randomUUID().slice(0, 8)}`,
  });
  await api(base, token, 'PUT', '/api/catalog', {
    locationId: data.id,
    palletType: ['euro'],
    boxType: ['crate'],
    tomatoType: ['round'],
    tomatoOption: ['loose'],
  });
  return { token, locationId: data.id };
}

/** POST /api/pallets of one pallet of `weight` kg; answers the created pallet. */
export function createPallet(base: string, warehouse: Warehouse, weight: number): Promise<{ id: string }> {
  return api(base, warehouse.token, 'POST', '/api/pallets', {
    locationId: warehouse.locationId,
    palletType: 'euro',
    boxType: 'crate',
    tomatoType: 'round',
    tomatoOption: 'loose',
    weight,
  });
}
