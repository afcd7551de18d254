import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
for (const f of ['/tmp/tpl.tar', '/tmp/tpl-small.tar', '/tmp/tpl.tar', '/tmp/tpl-small.tar']) {
  const blob = new Blob([readFileSync(f)]);
  const t0 = performance.now();
  const c = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: blob });
  const t1 = performance.now();
  const r = await c.query('select count(*) from listings');
  console.log(f, (t1 - t0) | 0, JSON.stringify(r.rows));
  await c.close();
}
const t0 = performance.now();
const c = await PGlite.create({ extensions: { pg_trgm } });
console.log('fresh', (performance.now() - t0) | 0);
const t1 = performance.now();
const d = await PGlite.create({ });
console.log('fresh no ext', (performance.now() - t1) | 0);
