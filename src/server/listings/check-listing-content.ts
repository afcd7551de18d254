// Rules a listing's content must meet on create and on edit, checked on the server.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { tooManyImagesMessage } from '../../domain/images';
import type { CreateListingBody } from '../../domain/listing-schemas';
import { findBannedWords } from '../../domain/text-filter';
import { rulesForTier } from '../../domain/tiers';
import type { Queryable } from '../db/open-database';
import { uploadedImages, type UserRow } from '../db/schema';

/**
 * `bannedWords`: the list as the message filter reads it (currentBannedWords), taken before the
 * listing's transaction: from memory until an admin changes it, not a query while the seller's row
 * is locked.
 */
export async function checkListingContent(db: Queryable, seller: UserRow, body: CreateListingBody, bannedWords: readonly string[], keptImageUrls: string[] = []): Promise<void> {
  const rules = rulesForTier(seller.membershipTier);
  if (body.imageUrls.length > rules.maxImagesPerListing) {
    throw new AppError('IMAGE_LIMIT_REACHED', tooManyImagesMessage(rules.tier), {
      imageLimit: rules.maxImagesPerListing,
      membershipTier: rules.tier,
    });
  }

  // Photos must be ones this seller uploaded (or ones the listing already had). Touching them
  // locks their rows until the listing is saved, so the photo clean-up never takes one meanwhile.
  const newUrls = [...new Set(body.imageUrls)].filter((url) => !keptImageUrls.includes(url));
  if (newUrls.length > 0) {
    const owned = await db
      .update(uploadedImages)
      .set({ touchedAt: sql`now()` })
      .where(and(eq(uploadedImages.ownerId, seller.id), inArray(uploadedImages.url, newUrls)))
      .returning({ url: uploadedImages.url });
    if (owned.length !== newUrls.length) throw new AppError('UNKNOWN_IMAGE');
  }

  const found = findBannedWords([body.title, body.description], bannedWords);
  if (found.length > 0) {
    throw new AppError('CONTENT_FILTERED', undefined, { bannedWords: found });
  }
}
