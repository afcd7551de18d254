// The ceiling of one API call: a bare Fastify (the app's version) with a pg pool of the app's size,
// answering each route with exactly one SQL statement the app runs for that call, copied from the
// app (recorded through its own query functions, see bench-conversations.ts) and given the same
// parameters. No session, no validation, no schema: what the framework and PostgreSQL cost alone.
// Started by `npm run bench:conversations` as its own process:
//   CEILING_QUERIES=<file.json> DATABASE_URL=... PORT=... POOL_SIZE=10 tsx scripts/bench/sql-ceiling.ts
// GET /q/<name>?member=&conversation=   POST /q/<name> {"conversation","sender","body"}
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/** A parameter as recorded, or one the request fills in. */
export type CeilingParam = string | number | boolean | null | { arg: CeilingArg };
export type CeilingArg = 'member' | 'conversation' | 'sender' | 'body';
export type CeilingQuery = {
  name: string;
  method: 'GET' | 'POST';
  sql: string;
  params: CeilingParam[];
  /** Run as a named prepared statement (planned once per connection), as the app runs its conversation statements. */
  prepared?: boolean;
};

async function main(): Promise<void> {
  const queries = JSON.parse(readFileSync(process.env.CEILING_QUERIES ?? '', 'utf8')) as CeilingQuery[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10), connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  for (const query of queries) {
    const fill = (source: Partial<Record<CeilingArg, string>>) =>
      query.params.map((param) => (param !== null && typeof param === 'object' ? (source[param.arg] ?? null) : param));
    const run = (values: unknown[]) => pool.query(query.prepared ? { name: query.name, text: query.sql, values } : { text: query.sql, values });
    if (query.method === 'GET') {
      app.get(`/q/${query.name}`, async (request) => (await run(fill(request.query as Partial<Record<CeilingArg, string>>))).rows);
    } else {
      app.post(`/q/${query.name}`, async (request, reply) => {
        const { rows } = await run(fill(request.body as Partial<Record<CeilingArg, string>>));
        return reply.code(201).send(rows[0]);
      });
    }
  }
  const shutdown = () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  console.log(`sql-ceiling listening on ${process.env.PORT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
