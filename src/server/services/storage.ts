// Where uploaded media lives. Local disk under DATA_DIR by default; an S3-compatible adapter can
// implement the same two calls when app servers must share media.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type MediaStorage = {
  /** Stores the bytes under a key such as "listings/ab/cd.jpg" and returns the public URL. */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<string>;
  remove: (key: string) => Promise<void>;
};

const safeKey = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** The storage key behind a URL that put() returned ("/media/listings/ab/cd.jpg" -> "listings/ab/cd.jpg"), or null. */
export function mediaKeyFromUrl(url: string): string | null {
  const key = url.startsWith('/media/') ? url.slice('/media/'.length) : null;
  return key && safeKey.test(key) && !key.includes('..') ? key : null;
}

export function createLocalMediaStorage(dataDir: string): MediaStorage {
  const root = path.join(dataDir, 'media');
  const resolve = (key: string) => {
    if (!safeKey.test(key) || key.includes('..')) throw new Error(`unsafe media key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, bytes) => {
      const filePath = resolve(key);
      await mkdir(path.dirname(filePath), { recursive: true });
      await writeFile(filePath, bytes);
      return `/media/${key}`;
    },
    remove: async (key) => {
      await rm(resolve(key), { force: true });
    },
  };
}
