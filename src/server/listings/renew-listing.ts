// POST /api/listings/:id/renew: the seller moves a listing back to the top of newest first, once its
// plan's listing time has passed (decision 34). Its place and its listing time then start again.
import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { listingTimeMessages, listingTimeStatus } from '../../domain/listing-times';
import type { ListingView } from '../../domain/listing-schemas';
import { listings } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { lockOwnListing } from './change-listing';
import { getListing } from './get-listing';

export async function renewListing(deps: ServerDeps, input: { listingId: string; ownerId: string }): Promise<ListingView> {
  await writeTransaction(deps, async (tx, changes) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    // Sold, paused or hidden: not in browse, so there is no place to move it back to.
    if (!listing.isActive) throw new AppError('RENEW_NOT_FOR_SALE');
    const now = deps.clock.now();
    const status = listingTimeStatus({ listedAt: listing.listedAt, tier: owner.membershipTier, belowNewest: listing.rankedAt < listing.listedAt, now });
    if (!status.canRenew) throw new AppError('RENEW_TOO_SOON', listingTimeMessages.notDue(status.renewableFrom));
    await tx.update(listings).set({ listedAt: now, rankedAt: now }).where(eq(listings.id, listing.id));
    changes.touchListing(listing);
  });
  return getListing(deps, { listingId: input.listingId });
}
