// One Drizzle client over either embedded PGlite (zero-setup default) or PostgreSQL via `pg`.
// Both run the same migrations and the same queries.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema';
import { projectPath } from '../project-paths';
import { retryDroppedReads } from './retry-reads';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs SQL text as it is (several statements when there are no values), for the job queue, whose
   * library brings its own statements (services/job-queue.ts).
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /** The pool's connections now (PGlite: its one connection inside the process). */
  poolCounts: () => PoolCounts;
  /** Calls `listener` with each query's time in seconds from now on (PostgreSQL; PGlite's are not timed). */
  observeQueries: (listener: QueryListener) => void;
  /** PGlite only: its whole data directory as a tar, to start other databases from (the tests' template). */
  dumpPgliteDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

export type PoolCounts = { total: number; idle: number; waiting: number; max: number };
type QueryListener = (seconds: number) => void;

/**
 * Every connection sets the trigram similarity from which a known word is a candidate for a misspelt
 * one (search-spelling.ts, decision 42; the edit distance then decides). The default 0.3 missed
 * "mehcan" for "mechan", a swap that shares only three trigrams of eleven.
 */
const trigramThreshold = '0.2';

/** The same settings as a statement, for a connection opened without connectionOptions (PGlite, the bench's explain). */
export const sessionSettingsSql = `set pg_trgm.similarity_threshold = ${trigramThreshold}`;

/**
 * Settings of every PostgreSQL connection the app opens (primary and replicas). JIT compiling pays
 * off for long reports, not for a request's few milliseconds: a search window whose estimate passed
 * jit_above_cost took 13 ms instead of 3 (decision 40).
 */
export const connectionOptions = `-c pg_trgm.similarity_threshold=${trigramThreshold} -c jit=off`;

export const migrationsFolder = projectPath('drizzle');

export type OpenDatabaseOptions = {
  /** postgres:// URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `null` keeps PGlite in memory (tests). */
  pgliteDir?: string | null;
  /** Connections in the `pg` pool. */
  poolSize?: number;
  /** A PGlite data directory to start from (PGlite's dumpDataDir), already migrated: the tests' copy of one database. */
  pgliteTemplate?: Blob;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? null, options.pgliteTemplate);
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    options: connectionOptions,
  });
  // A client that loses its server must not crash the process, whether idle in the pool or
  // checked out for a transaction (pg emits 'error' on it, and the pool only listens while it is
  // idle); the query that was running, or the next one, reports the failure instead.
  pool.on('error', () => {});
  // A read whose connection dropped before it answered is tried again on another (retry-reads.ts).
  retryDroppedReads(pool);
  const queryListeners = new Set<QueryListener>();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    timeQueries(client, queryListeners);
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  await migrateNodePostgres(db, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    observeQueries: (listener) => {
      queryListeners.add(listener);
    },
    close: () => pool.end(),
  };
}

/**
 * Every query a pooled client runs is timed for the listeners, in both of the forms it is called:
 * with a callback (the pool's own query, which pg-boss uses) and for a promise (drizzle, in a
 * transaction). All queries pass through a client, so this is the one place that sees them all.
 */
function timeQueries(client: pg.PoolClient, listeners: ReadonlySet<QueryListener>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]): unknown => {
    if (listeners.size === 0) return query(...args);
    const started = performance.now();
    const done = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...outcome: unknown[]) => {
        done();
        return (callback as (...values: unknown[]) => unknown)(...outcome);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
  client.query = timed as typeof client.query;
}

async function openPglite(directory: string | null, template?: Blob): Promise<DatabaseHandle> {
  // Loaded only here, so a server on PostgreSQL never carries PGlite's WebAssembly in memory.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  if (directory) mkdirSync(path.dirname(directory), { recursive: true });
  // The extensions the migrations create must be bundled into PGlite explicitly.
  const extensions = { pg_trgm };
  const client = directory ? await PGlite.create(directory, { extensions }) : await PGlite.create({ extensions, ...(template ? { loadDataDir: template } : {}) });
  return pgliteHandle(client);
}

/**
 * The app's handle over an open PGlite client, migrated; closing the handle closes the client. The
 * tests hand in clients of their own (a pool of databases reset between servers).
 */
export async function pgliteHandle(client: PGlite): Promise<DatabaseHandle> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const pgliteDb = drizzlePglite({ client, schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  await client.query(sessionSettingsSql);
  // The two drivers share one query builder; only the result wrapper differs, which we do not use.
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      return (await client.exec(text)).at(-1) ?? { rows: [] };
    },
    ping: async () => {
      await client.query('select 1');
    },
    poolCounts: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    observeQueries: () => {},
    dumpPgliteDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
