// Where uploaded media lives: listing photos and homepage videos. Local disk under DATA_DIR by
// default; an S3-compatible adapter can implement the same calls when app servers must share media.
// A key is the file's public path without its leading slash, under one of the public folders
// ("media/listings/ab/cd.jpg" is served at /media/listings/ab/cd.jpg, "videos/ef.mp4" at /videos/ef.mp4).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The folders media is served from, each at /<folder>/ (web/routes.ts). */
export const mediaFolders = ['media', 'videos'] as const;

export type MediaStorage = {
  /** Stores the bytes under a key and returns the public URL. */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<string>;
  /**
   * Streams a file in under a key (never whole in memory) and returns the public URL. The file
   * appears under its key only once it is complete; a stream that fails leaves nothing behind.
   */
  putStream: (key: string, source: Readable, contentType: string) => Promise<string>;
  remove: (key: string) => Promise<void>;
};

const safeKey = /^(media|videos)\/[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

function isSafeKey(key: string): boolean {
  return safeKey.test(key) && !key.includes('..');
}

/** The storage key behind a URL that put() returned ("/media/listings/ab/cd.jpg" -> "media/listings/ab/cd.jpg"), or null. */
export function mediaKeyFromUrl(url: string): string | null {
  const key = url.startsWith('/') ? url.slice(1) : null;
  return key && isSafeKey(key) ? key : null;
}

export function createLocalMediaStorage(dataDir: string): MediaStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(dataDir, key);
  };
  return {
    put: async (key, bytes) => {
      const filePath = resolve(key);
      await mkdir(path.dirname(filePath), { recursive: true });
      await writeFile(filePath, bytes);
      return `/${key}`;
    },
    putStream: async (key, source) => {
      const filePath = resolve(key);
      await mkdir(path.dirname(filePath), { recursive: true });
      // Written beside its final place under a hidden name (never served), then renamed at once.
      const partial = path.join(path.dirname(filePath), `.upload-${randomUUID()}`);
      try {
        await pipeline(source, createWriteStream(partial));
        await rename(partial, filePath);
      } finally {
        await rm(partial, { force: true });
      }
      return `/${key}`;
    },
    remove: async (key) => {
      await rm(resolve(key), { force: true });
    },
  };
}
