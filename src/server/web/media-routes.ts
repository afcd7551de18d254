// GET /media/* and /videos/*: what the media storage holds (services/storage.ts), at the same
// address wherever it is kept (decision 24). From disk with @fastify/static; from a bucket by a
// redirect to MEDIA_PUBLIC_URL (a CDN) when set, else streamed through the app. The bundled default
// homepage video ships with the web app (dist/web/videos) and is always served from there.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mediaFolders, mediaKeyFromUrl, uploadCacheControl, type MediaServing, type MediaStorage } from '../services/storage';

/** The bundled defaults keep their names across releases, so they revalidate daily. */
const bundledCacheControl = 'public, max-age=86400';

export async function registerMediaRoutes(app: FastifyInstance, options: { storage: MediaStorage; webRoot: string }): Promise<void> {
  const serving = options.storage.serving;
  for (const folder of mediaFolders) {
    const bundled = path.join(options.webRoot, folder);
    if (serving.from === 'disk') {
      await serveFromDisk(app, { folder, root: path.join(serving.root, folder), bundled });
      continue;
    }
    // One route per bundled file (wildcard: false), so every other path falls to the bucket's route.
    if (existsSync(bundled)) {
      await app.register(fastifyStatic, {
        root: bundled,
        prefix: `/${folder}/`,
        decorateReply: false,
        index: false,
        wildcard: false,
        cacheControl: false,
        setHeaders: (reply) => reply.header('cache-control', bundledCacheControl),
      });
    }
    serveFromBucket(app, { folder, serving });
  }
}

async function serveFromDisk(app: FastifyInstance, options: { folder: string; root: string; bundled: string }): Promise<void> {
  const { root, bundled } = options;
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root: existsSync(bundled) ? [root, bundled] : root,
    prefix: `/${options.folder}/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', filePath.startsWith(root + path.sep) ? uploadCacheControl : bundledCacheControl),
  });
}

function serveFromBucket(app: FastifyInstance, options: { folder: string; serving: Extract<MediaServing, { from: 'bucket' }> }): void {
  const { serving } = options;
  app.get<{ Params: { '*': string } }>(`/${options.folder}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = mediaKeyFromUrl(`/${options.folder}/${request.params['*']}`);
    if (!key) return reply.callNotFound();
    // Where the key lives never changes, but the CDN's address might: a temporary redirect, kept a day.
    if (serving.publicUrl) return reply.header('cache-control', bundledCacheControl).redirect(`${serving.publicUrl}/${key}`, 302);
    const range = request.headers.range;
    const ifNoneMatch = request.headers['if-none-match'];
    const stored = await serving.read(key, { range, ifNoneMatch });
    if (!stored) return reply.callNotFound();
    reply.code(stored.status).headers(stored.headers);
    return stored.body ? reply.send(stored.body) : reply.send();
  });
}
