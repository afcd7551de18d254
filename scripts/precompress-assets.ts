// A Vite plugin that writes a gzip and a Brotli copy beside every text file of the built web app,
// once at build time; the server sends the copy the browser accepts (@fastify/static preCompressed).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this, compression saves less than the header costs. */
const minimumBytes = 1024;

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < minimumBytes) return;
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(content, { level: 9 }),
    brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
  ]);
  await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotli)]);
}

export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'neighbourly:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => compressible.test(file));
      await Promise.all(files.map(compressFile));
    },
  };
}
