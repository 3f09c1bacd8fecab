import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Observable } from 'rxjs';
import type { Config } from './config';
import type { Database } from './db/index';
import type { Change } from './db/notify';
import type { DB } from './db/schema';
import type { SignedInCache } from './plugins/signed-in';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database the app was built over (`kind` says which engine). */
    database: Database;
    /** Shorthand for `database.db`. */
    db: Kysely<DB>;
    /** The config the app was built with. */
    config: Config;
    /** What this process hears of changes committed by any process sharing the database. */
    changes$: Observable<Change>;
    /** Signed-in users and locations' last live event ids, kept while every change is heard. */
    signedIn: SignedInCache;
    /** Whether this process's change listener is up (false from a lost connection until it listens again). */
    listening: () => boolean;
  }
}

/**
 * The Fastify instance with the zod type provider: what the app's plugins and each module's
 * routes receive. In a file of its own so that modules need not import the app that registers them.
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
