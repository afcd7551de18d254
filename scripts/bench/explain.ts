// EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the server runs: the server's own query functions
// (browseListings, getListing, ...) are called with a Drizzle client that records each statement,
// then every recorded SELECT is run once to warm the cache and once under EXPLAIN.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { sessionSettingsSql, type Database } from '../../src/server/db/open-database';
import * as schema from '../../src/server/db/schema';

export type RecordedQuery = { sql: string; params: unknown[] };
export type ExplainedQuery = RecordedQuery & { plan: string; executionMs: number | null };


export function createRecordingDatabase(pool: pg.Pool): { db: Database; take: () => RecordedQuery[] } {
  const recorded: RecordedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => void recorded.push({ sql, params }) },
  }) as unknown as Database;
  return { db, take: () => recorded.splice(0) };
}

export async function explainQueries(pool: pg.Pool, queries: RecordedQuery[]): Promise<ExplainedQuery[]> {
  const client = await pool.connect();
  try {
    // The same session setting openDatabase() gives every connection.
    await client.query(sessionSettingsSql);
    const explained: ExplainedQuery[] = [];
    for (const query of queries.filter((entry) => /^\s*(select|with)\b/i.test(entry.sql))) {
      await client.query(query.sql, query.params as unknown[]);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params as unknown[]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
      explained.push({ ...query, plan, executionMs: execution ? Number(execution[1]) : null });
    }
    return explained;
  } finally {
    client.release();
  }
}

export function formatExplained(title: string, queries: ExplainedQuery[]): string {
  return queries
    .map((query, index) => {
      const params = query.params.map((param, position) => `$${position + 1} = ${JSON.stringify(param)}`).join(', ');
      return [`-- ${title}${queries.length > 1 ? ` (query ${index + 1} of ${queries.length})` : ''}`, query.sql, `-- params: ${params || 'none'}`, query.plan].join('\n');
    })
    .join('\n\n');
}
