import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../server/app';
import type { App } from '../../../server/app-type';
import { type Config, loadConfig } from '../../../server/config';
import type { DB } from '../../../server/db/schema';
import { hashPassword } from '../../../server/modules/auth/passwords';
import type { PermissionFlag } from '../../../server/modules/permissions/flags';
import { signAccessToken } from '../../../server/plugins/auth';
import { createTestDatabase, type TestDatabase } from './database';

/** A user made by {@link TestServer.createUser}, with a valid token and its headers. */
export interface TestUser {
  id: string;
  username: string;
  password: string;
  /** A 15-minute access token (refresh family: a fresh random id). */
  token: string;
  /** `{ authorization: 'Bearer …' }`, for `app.inject({ headers })`. */
  headers: { authorization: string };
}

/** What a user is made of: every field optional. */
export interface UserSpec {
  username?: string;
  password?: string;
  admin?: boolean;
  firstLogin?: boolean;
  /** SPEC 3 flags granted. */
  permissions?: PermissionFlag[];
  /** Location ids assigned. */
  locations?: string[];
}

/** One test file's server: an app over its own database, and helpers to fill it. */
export interface TestServer {
  app: App;
  database: TestDatabase;
  db: Kysely<DB>;
  /** Inserts a location; answers its id and name. */
  createLocation(name?: string): Promise<{ id: string; name: string }>;
  /** Inserts a user (first_login false unless asked) with a token ready to use. */
  createUser(spec?: UserSpec): Promise<TestUser>;
  /** Signs an access token for `userId`; a negative `expiresInS` gives an expired one. */
  tokenFor(userId: string, expiresInS?: number): Promise<string>;
  /**
   * Signs `user` in through the API: a stored session of its own (the tokens `createUser` makes
   * belong to none), which a sign-out or a password reset ends.
   */
  signIn(user: Pick<TestUser, 'username' | 'password'>): Promise<{ token: string; refreshToken: string }>;
}

/** Options of {@link setupTestServer}. */
export interface TestServerOptions {
  /** Fastify logger (e.g. `{ level: 'trace', stream }` to read the log); default off. */
  logger?: FastifyServerOptions['logger'];
  /** Settings over the defaults (e.g. `{ live: { ...defaults.live, heartbeatMs: 100 } }`). */
  config?: Partial<Config>;
  /** Extra routes for this file only (e.g. to exercise `mutate`), added before the app is ready. */
  routes?: (app: App) => void;
}

/**
 * Moves the rotations of `userId`'s refresh tokens `seconds` into the past, as if that long had
 * gone by since each was presented: past the reuse grace window, a rotated token is reuse.
 */
export async function ageRotations(db: Kysely<DB>, userId: string, seconds: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ used_at: sql`used_at - make_interval(secs => ${seconds})` })
    .where('user_id', '=', userId)
    .where('used_at', 'is not', null)
    .execute();
}

const unique = () => randomBytes(4).toString('hex');

/**
 * Registers `beforeAll`/`afterAll` that build the app over a fresh database of its own
 * (`TEST_DB` picks PGlite in memory or a new PostgreSQL database, dropped after) and answers
 * a {@link TestServer} whose fields are ready inside tests and hooks. Call once per file:
 *
 * ```ts
 * const server = setupTestServer();
 * it('…', async () => {
 *   const loc = await server.createLocation();
 *   const ann = await server.createUser({ permissions: ['manage_pallets'], locations: [loc.id] });
 *   const res = await server.app.inject({ method: 'GET', url: '/api/…', headers: ann.headers });
 * });
 * ```
 */
export function setupTestServer(options: TestServerOptions = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = {
      ...loadConfig({}),
      apiRateLimitPerMinute: 0, // tests make many calls with one token; rate-limit.test.ts turns it on
      ...options.config,
      dataDir: 'memory://',
      databaseUrl: database.url,
      demoData: false,
    };
    const app = await buildApp(config, { database, logger: options.logger ?? false });
    options.routes?.(app);
    await app.ready();
    Object.assign(server, {
      app,
      database,
      db: database.db,
      tokenFor: (userId: string, expiresInS?: number) =>
        signAccessToken(app.jwtKey, userId, crypto.randomUUID(), expiresInS),
      async createLocation(name = `Location ${unique()}`) {
        return database.db
          .insertInto('locations')
          .values({ name })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow();
      },
      async createUser(spec: UserSpec = {}) {
        const username = spec.username ?? `user_${unique()}`;
        const password = spec.password ?? `pw-${unique()}-${unique()}`;
        const { id } = await database.db
          .insertInto('users')
          .values({
            username,
            password_hash: await hashPassword(password),
            admin: spec.admin ?? false,
            first_login: spec.firstLogin ?? false,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (spec.permissions?.length) {
          await database.db
            .insertInto('user_permissions')
            .values(spec.permissions.map((name) => ({ user_id: id, name })))
            .execute();
        }
        if (spec.locations?.length) {
          await database.db
            .insertInto('user_locations')
            .values(spec.locations.map((location_id) => ({ user_id: id, location_id })))
            .execute();
        }
        const token = await server.tokenFor(id);
        return { id, username, password, token, headers: { authorization: `Bearer ${token}` } };
      },
      async signIn({ username, password }) {
        const answer = await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password },
        });
        if (answer.statusCode !== 200)
          throw new Error(`sign-in refused: ${answer.statusCode} ${answer.body}`);
        return answer.json();
      },
    } satisfies TestServer);
  });
  afterAll(async () => {
    await server.app?.close();
    await server.database?.close();
  });
  return server;
}
