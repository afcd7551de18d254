import { spawn } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// make a template folder by running once without template
async function start(template?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-t-'));
  if (template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  const port = 40000 + Math.floor(Math.random() * 1000);
  const t0 = performance.now();
  const child = spawn('node', ['--max-old-space-size=192', 'dist/server/main.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', NODE_ENV: 'test', LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  for (;;) { try { const r = await fetch(`http://127.0.0.1:${port}/api/health`); if (r.ok) break; } catch {} await new Promise(r => setTimeout(r, 50)); }
  const t1 = performance.now();
  console.log('healthy after', (t1 - t0) | 0, 'ms', template ? 'template' : 'fresh');
  await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
  console.log('stopped after', (performance.now() - t1) | 0);
  return path.join(dataDir, 'pglite');
}
const tpl = await start();
await start(tpl); await start(tpl);
