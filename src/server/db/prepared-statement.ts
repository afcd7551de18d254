// Hot statements written once: their SQL text is built when the module loads (values are
// placeholders), and PostgreSQL plans each once per connection under its name, instead of the query
// builder assembling the text and the server planning it again on every request. Both drivers run
// them (PGlite ignores the name); the Drizzle logger still sees every statement.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './open-database';

const dialect = new PgDialect();
const names = new Set<string>();

type PreparedQuery = { execute: (values: Record<string, unknown>) => Promise<unknown> };
type QuerySession = { prepareQuery: (query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean) => PreparedQuery };

export type PreparedStatement<Values extends Record<string, unknown>, Row> = (db: Queryable, values: Values) => Promise<Row[]>;

/**
 * A named statement. `build` receives a placeholder for each value name and returns the SQL; every
 * call then passes the values. Rows come as the driver gives them (bigint and timestamps as text).
 */
export function preparedStatement<Values extends Record<string, unknown>, Row>(
  name: string,
  build: (value: { [K in keyof Values]: Placeholder<K & string> }) => SQL,
): PreparedStatement<Values, Row> {
  // One text per name on a connection: a second statement under the same name would fail there.
  if (names.has(name)) throw new Error(`A prepared statement named ${name} already exists.`);
  names.add(name);
  const placeholders = new Proxy({}, { get: (_target, key: string) => sql.placeholder(key) }) as { [K in keyof Values]: Placeholder<K & string> };
  const query = dialect.sqlToQuery(build(placeholders));
  return async (db, values) => {
    const session = (db as unknown as { session: QuerySession }).session;
    const result = (await session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

type PreparedBuilder = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * A query-builder statement prepared under a name (`.prepare(name)` with `sql.placeholder` values),
 * made once per database handle: Drizzle maps its rows as usual, PostgreSQL plans it once per connection.
 */
export function preparedQuery<Query extends PreparedBuilder>(name: string, build: (db: Queryable, name: string) => Query): (db: Queryable) => Query {
  if (names.has(name)) throw new Error(`A prepared statement named ${name} already exists.`);
  names.add(name);
  const byHandle = new WeakMap<Queryable, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db, name);
      byHandle.set(db, query);
    }
    return query;
  };
}
