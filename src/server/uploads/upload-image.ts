import { randomUUID } from 'node:crypto';
import { uploadedImages, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { processImage } from './process-image';

export type UploadedImage = { url: string; thumbnailUrl: string; width: number; height: number; bytes: number };

/** Processes and stores one photo for a member, and records that it is theirs. */
export async function uploadImage(deps: Pick<ServerDeps, 'db' | 'storage'>, input: { owner: UserRow; bytes: Buffer }): Promise<UploadedImage> {
  const processed = await processImage(input.bytes);
  const id = randomUUID();
  const folder = `media/listings/${id.slice(0, 2)}`;
  const url = await deps.storage.put(`${folder}/${id}.jpg`, processed.display, 'image/jpeg');
  const thumbnailUrl = await deps.storage.put(`${folder}/${id}-thumb.jpg`, processed.thumbnail, 'image/jpeg');
  // Its key follows the photo's (shareImageUrl), so a listing finds its first photo's share image.
  await deps.storage.put(`${folder}/${id}-share.jpg`, processed.share, 'image/jpeg');
  await deps.db.insert(uploadedImages).values({
    ownerId: input.owner.id,
    url,
    thumbnailUrl,
    width: processed.width,
    height: processed.height,
    bytes: processed.display.length,
  });
  return { url, thumbnailUrl, width: processed.width, height: processed.height, bytes: processed.display.length };
}
