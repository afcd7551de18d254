// Where uploaded media lives: listing photos and homepage videos. Local disk under DATA_DIR by
// default; an S3-compatible bucket (s3-storage.ts) when S3_BUCKET is set, so app servers share it
// (decision 24).
// A key is the file's public path without its leading slash, under one of the public folders
// ("media/listings/ab/cd.jpg" is served at /media/listings/ab/cd.jpg, "videos/ef.mp4" at /videos/ef.mp4).
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
  /** Resolves when the storage can take uploads (readiness: GET /api/health/ready). */
  check?: () => Promise<void>;
  /** How GET /media/* and /videos/* find what was stored (web/media-routes.ts). */
  serving: MediaServing;
};

/** Files under a folder the app serves from disk, or a bucket the app reads from (or sends browsers to, at publicUrl). */
export type MediaServing = { from: 'disk'; root: string } | { from: 'bucket'; publicUrl: string | undefined; read: (key: string, conditions: ReadConditions) => Promise<StoredMedia | null> };

/** What a browser's request carries that changes the answer: a byte range (video seeking), an ETag it holds. */
export type ReadConditions = { range?: string; ifNoneMatch?: string };

/** One stored file as read back: `status` 200, 206 for a range, 304 when the browser's copy is current, 416 for a range past its end. */
export type StoredMedia = {
  status: 200 | 206 | 304 | 416;
  body: Readable | null;
  headers: Record<string, string | number>;
};

/**
 * The storage failed (a bucket unreachable, a disk full), as opposed to what was being stored (a
 * client that went away): callers tell the member to try again, and nothing half-stored is left.
 */
export class MediaStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStorageError';
  }
}

/** How long a browser or CDN may keep an upload: they are never rewritten in place (a new upload gets a new name). */
export const uploadCacheControl = 'public, max-age=31536000, immutable';

/**
 * Where files no page serves are kept: members' data exports (decision 37), read back only by the
 * route that checks who asks. With a bucket, give public read to media/ and videos/ alone.
 */
export const privateFolder = 'exports';

const safeKey = /^(media|videos|exports)\/[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

export function isSafeKey(key: string): boolean {
  return safeKey.test(key) && !key.includes('..');
}

/** The storage key behind a URL that put() returned ("/media/listings/ab/cd.jpg" -> "media/listings/ab/cd.jpg"), or null. */
export function mediaKeyFromUrl(url: string): string | null {
  const key = url.startsWith('/') ? url.slice(1) : null;
  return key && isSafeKey(key) && mediaFolders.some((folder) => key.startsWith(`${folder}/`)) ? key : null;
}

/** A stored file read back as a stream (a photo into a data export, an export to its member); null when nothing is stored under the key. */
export async function openStored(storage: Pick<MediaStorage, 'serving'>, key: string): Promise<Readable | null> {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
  const { serving } = storage;
  if (serving.from === 'bucket') return (await serving.read(key, {}))?.body ?? null;
  const filePath = path.join(serving.root, key);
  try {
    await access(filePath, constants.R_OK);
  } catch {
    return null;
  }
  return createReadStream(filePath);
}

export function createLocalMediaStorage(dataDir: string): MediaStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(dataDir, key);
  };
  return {
    put: async (key, bytes) => {
      const filePath = resolve(key);
      try {
        await mkdir(path.dirname(filePath), { recursive: true });
        await writeFile(filePath, bytes);
      } catch (error) {
        throw new MediaStorageError(`could not write ${key}`, { cause: error });
      }
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
    check: async () => {
      // A server on PostgreSQL with APP_SECRET set may not have made DATA_DIR yet.
      await mkdir(dataDir, { recursive: true });
      await access(dataDir, constants.W_OK);
    },
    serving: { from: 'disk', root: dataDir },
  };
}
