import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '/work/main/src/server/db/open-database';
const src = process.argv[2];
for (let i = 0; i < 3; i++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pgdir-'));
  await cp(src, path.join(dataDir, 'pglite'), { recursive: true });
  const t0 = performance.now();
  const h = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const t1 = performance.now();
  await h.close();
  console.log('open dir', (t1 - t0) | 0, 'close', (performance.now() - t1) | 0);
}
