// The sitemap files' ceiling: a bare Fastify with a pg pool of the app's size, reading a part with the
// app's own batch statements and keyset loop (readPartRows) and sending each row's id as a line. No
// XML, no escaping, no compression, no hooks: what the framework and PostgreSQL cost alone.
// Started by `npm run bench:sitemap` as its own process:
//   DATABASE_URL=... PORT=... POOL_SIZE=10 tsx scripts/bench/sitemap-ceiling.ts
// GET /:kind/:part/:parts   (kind: listings or sellers)
import { Readable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../../src/server/db/open-database';
import { readPartRows } from '../../src/server/seo/stream-sitemap-file';
import { serveCeiling } from './ceiling-server';

async function* idLines(db: Database, file: { kind: 'listings' | 'sellers'; part: number; parts: number }): AsyncGenerator<string> {
  for await (const rows of readPartRows(db, file)) yield rows.map((row) => `${row.id}\n`).join('');
}

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10), connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  const db = drizzle({ client: pool }) as unknown as Database;
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  app.get('/:kind/:part/:parts', async (request, reply) => {
    const params = request.params as { kind: string; part: string; parts: string };
    const file = { kind: params.kind === 'sellers' ? ('sellers' as const) : ('listings' as const), part: Number(params.part), parts: Number(params.parts) };
    return reply.type('text/plain').send(Readable.from(idLines(db, file), { objectMode: true, highWaterMark: 1 }));
  });
  await serveCeiling(app, { label: 'sitemap-ceiling', close: () => pool.end() });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
