import { randomUUID } from 'node:crypto';
import { AppError } from '../../domain/errors';
import { uploadedImages, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { startImageProcessing } from './process-image';

export type UploadedImage = { url: string; thumbnailUrl: string; width: number; height: number; bytes: number };

/**
 * Processes and stores one photo for a member, and records that it is theirs. All of it or none:
 * when a file cannot be stored (the bucket is unreachable) or the record fails, the files that were
 * stored go again and the member is asked to try again.
 */
export async function uploadImage(deps: Pick<ServerDeps, 'db' | 'storage' | 'log'>, input: { owner: UserRow; bytes: Buffer }): Promise<UploadedImage> {
  const parts = await startImageProcessing(input.bytes);
  const id = randomUUID();
  const folder = `media/listings/${id.slice(0, 2)}`;
  // The share image's key follows the photo's (shareImageUrl), so a listing finds its first photo's share image.
  const files = [
    { key: `${folder}/${id}.jpg`, bytes: parts.display.then((display) => display.data) },
    { key: `${folder}/${id}-thumb.jpg`, bytes: parts.thumbnail },
    { key: `${folder}/${id}-share.jpg`, bytes: parts.share },
  ];
  // Each file is stored as soon as it is made: the bucket's round trips overlap the encoding still going on.
  const stored = await Promise.allSettled(files.map(async (file) => deps.storage.put(file.key, await file.bytes, 'image/jpeg')));
  try {
    const failed = stored.find((result) => result.status === 'rejected');
    if (failed) {
      // A photo that would not decode says so; anything else is the storage's failure.
      if (failed.reason instanceof AppError) throw failed.reason;
      deps.log.warn({ err: failed.reason }, 'a photo could not be stored');
      throw new AppError('MEDIA_NOT_SAVED');
    }
    const display = await parts.display;
    const [url, thumbnailUrl] = stored.map((result) => (result as PromiseFulfilledResult<string>).value);
    await deps.db.insert(uploadedImages).values({
      ownerId: input.owner.id,
      url,
      thumbnailUrl,
      width: display.width,
      height: display.height,
      bytes: display.data.length,
    });
    return { url, thumbnailUrl, width: display.width, height: display.height, bytes: display.data.length };
  } catch (error) {
    // Removing a key that was never stored is harmless, so every one goes.
    await Promise.allSettled(files.map((file) => deps.storage.remove(file.key)));
    throw error;
  }
}
