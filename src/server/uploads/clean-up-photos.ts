// Photos no listing shows: uploads never put on a listing (a form left half-filled, a server that
// died while saving one) and photos of deleted listings or taken off in an edit. Once a photo has
// gone untouched for the grace period and no listing of its owner shows it, its row and its files
// (display, thumbnail, share image) go. Safe with several app servers running it at once: each batch claims its rows with FOR UPDATE
// SKIP LOCKED, and putting a photo on a listing touches (and so locks) its row in the listing's
// transaction (check-listing-content.ts), so a photo is never taken while a listing is taking it.
import { inArray, lt, sql } from 'drizzle-orm';
import { shareImageUrl } from '../../domain/page-head';
import { listings, uploadedImages } from '../db/schema';
import type { ServerDeps } from '../deps';
import { mediaKeyFromUrl } from '../services/storage';

export type PhotoCleanUpResult = { removed: number; stillShown: number; failedFiles: string[] };

export type PhotoCleanUpInput = {
  graceMs: number;
  now?: Date;
  batchSize?: number;
  /** Stops after this many batches; the next run carries on. */
  maxBatches?: number;
};

export async function cleanUpPhotos(deps: Pick<ServerDeps, 'db' | 'storage'>, input: PhotoCleanUpInput): Promise<PhotoCleanUpResult> {
  const now = input.now ?? new Date();
  const cutoff = new Date(now.getTime() - input.graceMs);
  const batchSize = input.batchSize ?? 200;
  const result: PhotoCleanUpResult = { removed: 0, stillShown: 0, failedFiles: [] };

  for (let batch = 0; batch < (input.maxBatches ?? 50); batch += 1) {
    const { claimed, orphans } = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: uploadedImages.id,
          url: uploadedImages.url,
          thumbnailUrl: uploadedImages.thumbnailUrl,
          // A listing may only show photos its own seller uploaded, so only their listings are searched.
          shown: sql<boolean>`exists (select 1 from ${listings} where ${listings.sellerId} = ${uploadedImages.ownerId} and ${listings.imageUrls} @> array[${uploadedImages.url}]::text[])`,
        })
        .from(uploadedImages)
        .where(lt(uploadedImages.touchedAt, cutoff))
        .orderBy(uploadedImages.touchedAt)
        .limit(batchSize)
        .for('update', { of: uploadedImages, skipLocked: true });
      const unshown = rows.filter((row) => !row.shown);
      const shown = rows.filter((row) => row.shown);
      if (unshown.length > 0) await tx.delete(uploadedImages).where(inArray(uploadedImages.id, unshown.map((row) => row.id)));
      // Checked and in use: not looked at again for another grace period.
      if (shown.length > 0) await tx.update(uploadedImages).set({ touchedAt: now }).where(inArray(uploadedImages.id, shown.map((row) => row.id)));
      return { claimed: rows.length, orphans: unshown };
    });

    // Files go after the rows are gone for good: a failure here leaves a file nobody can reach,
    // never a listing pointing at a missing file.
    for (const orphan of orphans) {
      for (const url of [orphan.url, orphan.thumbnailUrl, shareImageUrl(orphan.url)]) {
        const key = mediaKeyFromUrl(url);
        if (!key) continue;
        await deps.storage.remove(key).catch(() => result.failedFiles.push(url));
      }
    }
    result.removed += orphans.length;
    result.stillShown += claimed - orphans.length;
    if (claimed < batchSize) break;
  }
  return result;
}
