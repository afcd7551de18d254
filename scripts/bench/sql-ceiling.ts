// App statements replayed: a bare Fastify (the app's version) with a pg pool of the app's size,
// answering each route with exactly the SQL statements the app runs for that call, copied from the
// app (recorded through its own query functions, see bench.ts and bench-conversations.ts) and given
// the same parameters. No session, no validation, no schema, no compression. The app's share of it
// is what Node and Fastify cost around the query; it says nothing of whether the query is good (a
// slow query is as slow here), which is what the budgets and the anchor (anchor-server.ts) are for.
// Started by `npm run bench` and `npm run bench:conversations` as its own process:
//   CEILING_QUERIES=<file.json> DATABASE_URL=... PORT=... POOL_SIZE=10 tsx scripts/bench/sql-ceiling.ts
// GET /q/<name>?member=&conversation=&words=&listing=   POST /q/<name> {"conversation","sender","body"}
// Entries sharing a name are one call: its statements run in order, and a GET answers with all their rows.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { fillsFromRequest, type CeilingArg, type CeilingQuery } from './ceiling-calls';
import { serveCeiling } from './ceiling-server';

async function main(): Promise<void> {
  const queries = JSON.parse(readFileSync(process.env.CEILING_QUERIES ?? '', 'utf8')) as CeilingQuery[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10), connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  const calls = new Map<string, CeilingQuery[]>();
  for (const query of queries) calls.set(query.name, [...(calls.get(query.name) ?? []), query]);
  for (const [name, statements] of calls) {
    const run = (source: Partial<Record<CeilingArg, string>>) => {
      const fill = (query: CeilingQuery) => query.params.map((param) => (fillsFromRequest(param) ? (source[param.arg] ?? null) : param));
      return statements.reduce<Promise<pg.QueryResult[]>>(
        async (done, query, index) => {
          const results = await done;
          const values = fill(query);
          return [...results, await pool.query(query.prepared ? { name: `${name}_${index}`, text: query.sql, values } : { text: query.sql, values })];
        },
        Promise.resolve([]),
      );
    };
    if (statements[0].method === 'GET') {
      app.get(`/q/${name}`, async (request) => (await run(request.query as Partial<Record<CeilingArg, string>>)).flatMap((result) => result.rows));
    } else {
      app.post(`/q/${name}`, async (request, reply) => {
        const results = await run(request.body as Partial<Record<CeilingArg, string>>);
        return reply.code(201).send(results.at(-1)?.rows[0]);
      });
    }
  }
  await serveCeiling(app, { label: 'sql-ceiling', close: () => pool.end() });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
