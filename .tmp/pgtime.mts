import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase } from '/work/main/src/server/db/open-database';
const h = await openDatabase({ pgliteDir: null });
const blob = await h.dumpPgliteDataDir!();
console.log('template bytes', blob.size);
await h.close();
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  const c = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: blob });
  const t1 = performance.now();
  await migrate(drizzle({ client: c }), { migrationsFolder: '/work/main/drizzle' });
  const t2 = performance.now();
  await c.query('select 1');
  const c2 = await PGlite.create({ extensions: { pg_trgm } });
  const t3 = performance.now();
  const g = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: blob, relaxedDurability: true } as any);
  const t4 = performance.now();
  console.log(`create+load ${(t1-t0)|0} migrate ${(t2-t1)|0} fresh-initdb ${(t3-t2)|0} relaxed ${(t4-t3)|0}`);
  await c.close(); await c2.close(); await g.close();
}
