// src/server/main.ts bundled as `npm run build:server` bundles it (esbuild, packages left to
// node_modules), into a folder of this run's own inside the project, so its imports and the
// project's files (migrations, postcodes) resolve as they do for dist/server/main.js.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inject } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

export async function buildServerBundle(): Promise<{ file: string; remove: () => Promise<void> }> {
  const folder = path.join(projectRoot, 'node_modules', '.cache', `test-server-${process.pid}-${randomBytes(3).toString('hex')}`);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, 'main.js');
  await build({ entryPoints: [path.join(projectRoot, 'src/server/main.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: file, logLevel: 'warning' });
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** How to start the server as a process: the run's bundle, or under tsx outside the API project. */
export function serverEntry(): string[] {
  let bundle: string | undefined;
  try {
    bundle = inject('serverBundle');
  } catch {
    // Not in a Vitest worker.
  }
  return bundle ? [bundle] : ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')];
}
