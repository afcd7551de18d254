// npm run media:migrate-to-s3: copies the media kept on this server's disk (DATA_DIR/media and
// DATA_DIR/videos) to the S3_BUCKET bucket under the same keys, so every stored URL ("/media/…",
// "/videos/…") means the same file once the servers use the bucket (decision 24). A key already in
// the bucket with the same size is left alone, so the command can be run again (after an
// interruption, or once more just before the switch) and copies only what is missing.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { createS3MediaStorage, type S3MediaStorage } from '../src/server/services/s3-storage';
import { MediaStorageError, isSafeKey, mediaFolders } from '../src/server/services/storage';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

type MigrationCounts = { copied: number; copiedBytes: number; alreadyThere: number; skipped: string[] };

/** Every file under a folder, as keys relative to DATA_DIR ("media/listings/ab/cd.jpg"). */
async function* filesUnder(dataDir: string, folder: string): AsyncGenerator<string> {
  const entries = await readdir(path.join(dataDir, folder), { withFileTypes: true }).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const key = `${folder}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(dataDir, key);
    else if (entry.isFile()) yield key;
  }
}

async function migrateMediaToBucket(input: { dataDir: string; storage: S3MediaStorage; onCopied?: (key: string) => void }): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, copiedBytes: 0, alreadyThere: 0, skipped: [] };
  for (const folder of mediaFolders) {
    for await (const key of filesUnder(input.dataDir, folder)) {
      const contentType = contentTypes[path.extname(key).toLowerCase()];
      // Half-written uploads (".upload-…") and anything the app would not serve stay behind.
      if (!isSafeKey(key) || !contentType) {
        counts.skipped.push(key);
        continue;
      }
      const filePath = path.join(input.dataDir, key);
      const { size } = await stat(filePath);
      if ((await input.storage.sizeOf(key)) === size) {
        counts.alreadyThere += 1;
        continue;
      }
      await input.storage.putStream(key, createReadStream(filePath), contentType);
      counts.copied += 1;
      counts.copiedBytes += size;
    }
  }
  return counts;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.s3) {
    console.error('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, the S3 credentials) the media should move to.');
    process.exit(1);
  }
  const storage = createS3MediaStorage(config.s3);
  try {
    await storage.check();
    console.log(`Copying media from ${config.dataDir} to bucket ${config.s3.bucket}…`);
    const counts = await migrateMediaToBucket({ dataDir: config.dataDir, storage });
    console.log(
      `Copied ${counts.copied} file(s) (${(counts.copiedBytes / 1024 / 1024).toFixed(1)} MB); ${counts.alreadyThere} already in the bucket; ${counts.skipped.length} skipped (not media).`,
    );
    for (const key of counts.skipped) console.log(`  skipped ${key}`);
  } finally {
    storage.close();
  }
}

main().catch((error: unknown) => {
  // A bad setting or an unreachable bucket is said in a line.
  console.error(error instanceof ConfigError || error instanceof MediaStorageError ? error.message : error);
  process.exit(1);
});
