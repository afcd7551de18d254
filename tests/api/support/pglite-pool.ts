// Loading a PGlite database from the run's template costs about a second of CPU (WebAssembly's
// start, the data directory, postgres's own start), and the API tier starts about eighty servers.
// So a worker keeps the databases its servers closed and hands them out again, put back to the
// template: every table emptied, sequences restarted, the rows the template held written again and
// the session reset. A database whose relations no longer match the template's (a test made a
// table, or a queue of its own) or that fails to reset is closed instead, never handed out again.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgliteHandle, type DatabaseHandle } from '../../../src/server/db/open-database';

type Snapshot = {
  /** Every relation of the template, listed in one string to compare. */
  relations: string;
  /** The tables emptied on reset: all but the migrations' record. */
  tables: string[];
  /** The template's rows, by table, as JSON (pg-boss's version and queues). */
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

type Pooled = { client: PGlite; snapshot: Snapshot };

const relationsQuery = `
  select coalesce(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ',' order by n.nspname, c.relname), '') as relations
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'S', 'v', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

const quoted = (schema: string, name: string) => `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const [{ relations }] = (await client.query<{ relations: string }>(relationsQuery)).rows;
  const tables = (
    await client.query<{ schema: string; name: string }>(`
      select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg_toast%'`)
  ).rows.map(({ schema, name }) => quoted(schema, name));
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const [{ json }] = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`)).rows;
    if (json) rows.push({ table, json });
  }
  const sequences = (
    await client.query<{ schema: string; name: string; last_value: string | null; start_value: string }>(
      `select schemaname as schema, sequencename as name, last_value::text, start_value::text from pg_sequences where schemaname <> 'drizzle'`,
    )
  ).rows.map((sequence) => ({ name: quoted(sequence.schema, sequence.name), lastValue: sequence.last_value ?? sequence.start_value, isCalled: sequence.last_value !== null }));
  return { relations, tables, rows, sequences };
}

async function reset({ client, snapshot }: Pooled): Promise<boolean> {
  try {
    // A server stopped in the middle of a transaction leaves it open; nothing of it may stay.
    await client.exec('rollback');
    const [{ relations }] = (await client.query<{ relations: string }>(relationsQuery)).rows;
    if (relations !== snapshot.relations) return false;
    await client.exec(`truncate ${snapshot.tables.join(', ')} restart identity cascade`);
    for (const { table, json } of snapshot.rows) {
      await client.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
    }
    for (const { name, lastValue, isCalled } of snapshot.sequences) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [name, lastValue, isCalled]);
    }
    await client.exec('discard all');
    return true;
  } catch {
    return false;
  }
}

const idle: Pooled[] = [];
const maxIdle = 3;
let created = 0;

async function take(template: Blob | undefined): Promise<Pooled> {
  const reused = idle.pop();
  if (reused) return reused;
  const client = await PGlite.create({ extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  created += 1;
  // Migrated first (as every handle is), so the snapshot is the database the app starts on.
  await pgliteHandle(client);
  return { client, snapshot: await takeSnapshot(client) };
}

/**
 * A database put back to the run's template (or a new one loaded from it). Closing the handle gives
 * the database back: from then on this handle answers as a closed PGlite does, whoever still holds it.
 */
export async function leasePglite(template: Blob | undefined): Promise<DatabaseHandle> {
  const pooled = await take(template);
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    if (idle.length < maxIdle && (await reset(pooled))) idle.push(pooled);
    else await pooled.client.close();
  };
  const lease = new Proxy(pooled.client, {
    get(target, property) {
      if (property === 'close') return release;
      if (property === 'closed') return !open || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!open) return Promise.reject(new Error('PGlite is closed'));
        return (value as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return pgliteHandle(lease);
}

/** How many databases this worker loaded from the template (the rest were reused). */
export function pgliteDatabasesCreated(): number {
  return created;
}
