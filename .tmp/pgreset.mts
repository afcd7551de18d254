import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
const c = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync('/tmp/tpl.tar')]) });
console.log('loaded');
const tables = (await c.query<{ s: string; t: string; kind: string }>(`select n.nspname s, c.relname t, c.relkind kind from pg_class c join pg_namespace n on n.oid=c.relnamespace where c.relkind in ('r','p') and n.nspname not in ('pg_catalog','information_schema','pg_toast') order by 1,2`)).rows;
console.log(tables.length, tables.map(t=>`${t.s}.${t.t}${t.kind}`).join(' '));
const counts = [];
for (const t of tables) { const r = await c.query<{n:number}>(`select count(*)::int n from "${t.s}"."${t.t}"`); if (r.rows[0].n) counts.push(`${t.s}.${t.t}=${r.rows[0].n}`); }
console.log('seeded', counts.join(' '));
const seqs = (await c.query(`select schemaname, sequencename, last_value from pg_sequences`)).rows;
console.log('seqs', JSON.stringify(seqs));
const list = tables.filter(t => t.s !== 'drizzle').map(t => `"${t.s}"."${t.t}"`).join(', ');
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await c.exec(`truncate ${list} restart identity cascade`);
  console.log('truncate', (performance.now() - t0) | 0);
}
