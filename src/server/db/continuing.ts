// A request's later statements wait at the front of the pool's queue. Under load every connection is
// taken and new statements queue behind dozens of others; a search that runs three or four
// statements one after another (its windows, the step to the next day with listings, the rest) queued
// behind all of them each time, and the searches' tail set the reads' p99. A statement of a request
// already under way now goes first: the request finishes sooner and frees what it holds, and the new
// requests behind it wait about as long as before (the same work is done in the same time).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Queryable } from './open-database';
import * as schema from './schema';

const handles = new WeakMap<Queryable, Queryable>();

/**
 * The same database, for a request's later statements: on a PostgreSQL pool they queue first. On
 * PGlite (one connection, no pool) and in a transaction (its own connection) it is `db` itself.
 */
export function continuing(db: Queryable): Queryable {
  let handle = handles.get(db);
  if (!handle) {
    handle = continuingHandle(db) ?? db;
    handles.set(db, handle);
  }
  return handle;
}

function continuingHandle(db: Queryable): Queryable | null {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  // The waiters of pg-pool (3.x), in the order the connections go to them.
  const waiting = (pool as unknown as { _pendingQueue?: unknown[] })._pendingQueue;
  if (!Array.isArray(waiting)) return null;
  // The pool itself in every other respect (Drizzle checks it is a Pool; a transaction still checks out its own client).
  const front = Object.create(pool) as pg.Pool;
  /** Calls the pool's own method; the waiter it queued (at once, when every connection is taken: pg-pool's connect) goes first. */
  const first =
    <Method extends 'query' | 'connect'>(method: Method) =>
    (...args: unknown[]) => {
      const before = waiting.length;
      const result = (pool[method] as (...given: unknown[]) => unknown)(...args);
      if (waiting.length === before + 1) waiting.unshift(waiting.pop());
      return result;
    };
  front.query = first('query') as pg.Pool['query'];
  // A transaction checks out its client with connect.
  front.connect = first('connect') as pg.Pool['connect'];
  return drizzle({ client: front, schema });
}
