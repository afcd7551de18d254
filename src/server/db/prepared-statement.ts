// Hot statements written once: their SQL text is built when the module loads (values are
// placeholders), and PostgreSQL plans each once per connection under its name, instead of the query
// builder assembling the text and the server planning it again on every request. Both drivers run
// them (PGlite ignores the name); the Drizzle logger still sees every statement.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './open-database';
import { mapRowsByPlan } from './row-mapping';

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

/**
 * Drizzle's `.prepare()` wants a name; without one (undefined) both drivers send an unnamed
 * statement, which PostgreSQL plans with the values of each execution.
 */
const unnamed = undefined as unknown as string;

type PreparedBuilder = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * A query-builder statement (`.prepare(name)` with `sql.placeholder` values), built once per
 * database handle; its rows are mapped as Drizzle maps them, by a plan made once (row-mapping.ts).
 * With a name PostgreSQL plans it once per connection and may settle on one generic plan for every
 * value: right for lookups by key. A statement whose best plan depends on its values (a search, an
 * area of any size) passes `null` and is planned afresh with each request's values; its SQL text is
 * still built only once.
 */
export function preparedQuery<Query extends PreparedBuilder>(name: string | null, build: (db: Queryable, name: string) => Query): (db: Queryable) => Query {
  if (name !== null) {
    if (names.has(name)) throw new Error(`A prepared statement named ${name} already exists.`);
    names.add(name);
  }
  const byHandle = new WeakMap<Queryable, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = mapRowsByPlan(build(db, name ?? unnamed));
      byHandle.set(db, query);
    }
    return query;
  };
}
