// The anchor the cache-off budgets were written against: a bare Fastify (the app's version) with a
// pg pool of the app's size, answering one primary-key lookup, the cheapest read PostgreSQL has.
// Its SQL is written here, not recorded from the app, so no change to the app moves it: measured
// in every run, it is also the run's no-change control (how much a figure moves when nothing did).
//   DATABASE_URL=... PORT=... POOL_SIZE=10 tsx scripts/bench/anchor-server.ts
// GET /listing?id=<uuid>: the listing's row as JSON.
import Fastify from 'fastify';
import pg from 'pg';
import { serveCeiling } from './ceiling-server';

const anchorStatement = 'select * from listings where id = $1';

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10), connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  app.get('/listing', async (request, reply) => {
    const { id } = request.query as { id?: string };
    const { rows } = await pool.query({ name: 'anchor', text: anchorStatement, values: [id ?? null] });
    return rows[0] ?? reply.code(404).send({ error: 'not found' });
  });
  await serveCeiling(app, { label: 'anchor', close: () => pool.end() });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
