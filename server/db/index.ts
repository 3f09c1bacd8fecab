import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import {
  type Compilable,
  CompiledQuery,
  Kysely,
  type PGlite as KyselyPGlite,
  type LogEvent,
  PGliteDialect,
  type PGliteQueryResults,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { Config } from '../config';
import { poolSources, queryDuration } from '../metrics';
import type { DB } from './schema';

/**
 * A statement-level handle inside one transaction, for SQL scripts Kysely cannot run
 * (several statements in one string). Used by the migration runner.
 */
export interface ScriptTransaction {
  /** One statement with `$1…` parameters; answers its rows. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** A script of any number of statements without parameters. */
  exec(script: string): Promise<void>;
}

/** The one database interface the server uses, whichever engine is behind it. */
export interface Database {
  /** Typed query builder; `db.transaction().execute(trx => …)` for transactions. */
  db: Kysely<DB>;
  /** `pglite` (embedded, under DATA_DIR or in memory) or `postgres` (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** The embedded engine (PGlite only): the live module LISTENs on it for committed events. */
  pglite?: PGlite;
  /** Runs `work` in one transaction with raw script access (commits, or rolls back on a throw). */
  scriptTransaction<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /** Closes the pool or the embedded engine; call once, after the last query. */
  close(): Promise<void>;
}

/** The SQL text of every precompiled statement, and the name it is prepared under on each engine. */
const statementNames = new Map<string, string>();

/**
 * A statement built with Kysely on its first run and afterwards run from its SQL text as a named
 * prepared statement (parsed and planned once per connection): for the statements of every
 * request, whose building, compiling and planning cost more than running them. `build` must use
 * each of its parameters once, in order, as a value (`$1`, `$2`…), never to shape the statement
 * (checked on the first run).
 */
export function precompiled<P extends unknown[], R>(build: (db: Kysely<DB>, ...params: P) => Compilable<R>) {
  let text: string | undefined;
  return async (db: Kysely<DB>, ...params: P): Promise<R[]> => {
    if (text === undefined) {
      const query = build(db, ...params).compile();
      if (JSON.stringify(query.parameters) !== JSON.stringify(params)) {
        throw new Error(`precompiled: parameters must be used once each, in order: ${query.sql}`);
      }
      text = query.sql;
      if (!statementNames.has(text)) statementNames.set(text, `precompiled_${statementNames.size + 1}`);
    }
    return (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows;
  };
}

/**
 * Value parsers shared by both engines so that rows look the same everywhere:
 * int8 and numeric become numbers, timestamps become ISO-8601 strings (what the API answers).
 */
const parsers: Record<number, (value: string) => unknown> = {
  20: Number, // int8 (counters, counts, live event ids: far below 2^53)
  1700: Number, // numeric (weights in kg)
  1114: (value) => new Date(`${value}Z`).toISOString(), // timestamp (stored as UTC)
  1184: (value) => new Date(value).toISOString(), // timestamptz
};

/** Kysely's log hook: every query's time goes to the metrics. */
const timeQuery = (event: LogEvent) =>
  queryDuration.observe(
    { outcome: event.level === 'error' ? 'error' : 'ok' },
    event.queryDurationMillis / 1000,
  );

/**
 * Opens the database the config names: a `pg` pool when `databaseUrl` is set, else PGlite under
 * `dataDir` (`memory://` for an in-memory one). Apply migrations with `migrate(database)` after.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: {
    poolSize?: number;
    /** PGlite only: start from this dump of a data directory (`pglite.dumpDataDir()`) instead of an empty one. */
    loadDataDir?: Blob;
  } = {},
): Promise<Database> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl, options.poolSize ?? 10);
  return createPglite(config.dataDir, options.loadDataDir);
}

async function createPostgres(connectionString: string, max: number): Promise<Database> {
  // loaded only here: an embedded start does not pay for the driver
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's connection may drop (a restarted server, a terminated backend): the pool
  // discards it and connects again on demand. Without a listener that error would crash the process.
  pool.on('error', () => {});
  // Kysely's connections run precompiled statements by name: `pg` prepares each once per client.
  const clients = new WeakMap<object, PostgresPoolClient>();
  const namedPool: PostgresPool = {
    Client: pg.Client,
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let named = clients.get(client);
      if (!named) {
        named = {
          query: (text: string, values: unknown[]) =>
            client.query({ name: statementNames.get(text), text, values }),
          release: (destroy?: boolean) => client.release(destroy),
        } as unknown as PostgresPoolClient; // Kysely's cursor overload of `query` is never used (no streaming)
        clients.set(client, named);
      }
      return named;
    },
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namedPool }), log: timeQuery });
  const unsample = poolSources(() => [
    { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
    { labels: { state: 'idle' }, value: pool.idleCount },
    { labels: { state: 'waiting' }, value: pool.waitingCount },
  ]);
  return {
    db,
    kind: 'postgres',
    async scriptTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async (text, params) => (await client.query(text, params)).rows,
          exec: async (script) => {
            await client.query(script); // no parameters: simple protocol, several statements allowed
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      unsample();
      await db.destroy();
    },
  };
}

async function createPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let dir = dataDir;
  if (dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    dir = join(dataDir, 'pgdata');
  }
  const pglite = await PGlite.create(dir, { parsers, loadDataDir });
  const db = new Kysely<DB>({
    dialect: new PGliteDialect({ pglite: namedStatements(pglite) }),
    log: timeQuery,
  });
  return {
    db,
    kind: 'pglite',
    pglite,
    scriptTransaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: async (text, params) => (await tx.query(text, params)).rows as never[],
          exec: async (script) => {
            await tx.exec(script);
          },
        }),
      ),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * The engine as Kysely's dialect sees it, running precompiled statements as named prepared
 * statements (PGlite's own `query` parses and describes every statement anew). They go through
 * Kysely's connection, so they take PGlite's locks as any query does: one outside a transaction
 * waits for the running transaction to end, one inside runs in it.
 */
function namedStatements(pglite: PGlite): KyselyPGlite {
  const { serialize } = protocol;
  const parameterTypes = new Map<string, number[]>(); // statements prepared in this engine
  const run = (name: string, text: string, params: unknown[] = [], inTransaction: boolean) =>
    pglite._runExclusiveQuery(async () => {
      let types = parameterTypes.get(name);
      if (!types) {
        const described = await pglite.execProtocolStream(
          Buffer.concat([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        const description = described.find((message) => message.name === 'parameterDescription');
        types = (description as { dataTypeIDs?: number[] } | undefined)?.dataTypeIDs ?? [];
        parameterTypes.set(name, types);
      }
      const oids = types;
      const values = params.map((value, index) =>
        value == null ? null : (pglite.serializers[oids[index]] ?? String)(value),
      );
      const messages = await pglite.execProtocolStream(
        Buffer.concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!inTransaction) await pglite.syncToFs();
      return parse.parseResults(messages, pglite.parsers, {
        rowMode: 'object',
      })[0] as PGliteQueryResults<never>;
    });
  return {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    get waitReady() {
      return pglite.waitReady;
    },
    close: () => pglite.close(),
    query: (text, params, options) => {
      const name = statementNames.get(text);
      if (!name) return pglite.query(text, params, options);
      return pglite._runExclusiveTransaction(() => run(name, text, params, false));
    },
    transaction: (callback) =>
      pglite.transaction((tx) =>
        callback({
          query: (text, params, options) => {
            const name = statementNames.get(text);
            return name ? run(name, text, params, true) : tx.query(text, params, options);
          },
          rollback: () => tx.rollback(),
        }),
      ),
  };
}
