import { makeDatabaseTemplates } from '/work/main/tests/api/support/database-template';
import pg from 'pg';
const url = 'postgres://postgres@127.0.0.1:5432/test';
const { templates, remove } = await makeDatabaseTemplates([url]);
const tpl = templates.postgresTemplates[url];
const admin = new pg.Client({ connectionString: url }); await admin.connect();
for (const strategy of ['wal_log', 'file_copy', 'wal_log', 'file_copy']) {
  const t0 = performance.now();
  await admin.query(`create database "x_${strategy}" template "${tpl}" strategy ${strategy}`);
  const t1 = performance.now();
  await admin.query(`drop database "x_${strategy}" with (force)`);
  console.log(strategy, 'create', (t1 - t0) | 0, 'drop', (performance.now() - t1) | 0);
}
await admin.end(); await remove();
