// A seller whose listing was hidden by reports asks our team to look at it (decision 26): the
// request puts it first in the admin's queue. Asking again changes nothing.
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { moderationMessages } from '../../domain/moderation';
import { listings, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';

export async function requestListingReview(deps: ServerDeps, input: { seller: UserRow; listingId: string }): Promise<{ message: string }> {
  if (!uuidPattern.test(input.listingId)) throw new AppError('LISTING_NOT_FOUND');
  const [listing] = await deps.db
    .select({ sellerId: listings.sellerId, hiddenReason: listings.hiddenReason })
    .from(listings)
    .where(eq(listings.id, input.listingId));
  // Someone else's listing is not found, as it is to anyone but its seller.
  if (!listing || listing.sellerId !== input.seller.id) throw new AppError('LISTING_NOT_FOUND');
  if (listing.hiddenReason !== 'reports') throw new AppError('REVIEW_NOT_NEEDED');
  await deps.db
    .update(listings)
    .set({ reviewRequestedAt: deps.clock.now() })
    .where(and(eq(listings.id, input.listingId), eq(listings.hiddenReason, 'reports'), isNull(listings.reviewRequestedAt)));
  return { message: moderationMessages.reviewRequested };
}
