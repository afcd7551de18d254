import { randomUUID } from 'node:crypto';
import { uploadedImages, type UserRow } from '../db/schema';
import type { Database } from '../db/open-database';
import type { MediaStorage } from '../services/storage';
import { processImage } from './process-image';

export type UploadedImage = { url: string; thumbnailUrl: string; width: number; height: number; bytes: number };

/** Processes and stores one photo for a member, and records that it is theirs. */
export async function uploadImage(input: { db: Database; storage: MediaStorage; owner: UserRow; bytes: Buffer }): Promise<UploadedImage> {
  const processed = await processImage(input.bytes);
  const id = randomUUID();
  const folder = `listings/${id.slice(0, 2)}`;
  const url = await input.storage.put(`${folder}/${id}.jpg`, processed.display, 'image/jpeg');
  const thumbnailUrl = await input.storage.put(`${folder}/${id}-thumb.jpg`, processed.thumbnail, 'image/jpeg');
  await input.db.insert(uploadedImages).values({
    ownerId: input.owner.id,
    url,
    thumbnailUrl,
    width: processed.width,
    height: processed.height,
    bytes: processed.display.length,
  });
  return { url, thumbnailUrl, width: processed.width, height: processed.height, bytes: processed.display.length };
}
