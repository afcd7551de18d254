// Edit, mark sold or list again, and delete: the owner only, checked here on the server.
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { membershipMessages } from '../../domain/membership';
import { rulesForTier } from '../../domain/tiers';
import { listingRuleMessages, uuidPattern } from '../../domain/listing';
import type { ListingView, UpdateListingBody } from '../../domain/listing-schemas';
import type { Database, Queryable } from '../db/open-database';
import { listings, users, type ListingRow, type UserRow } from '../db/schema';
import { changePostcodeCount } from '../map/postcode-counts';
import { checkListingContent } from './check-listing-content';
import { assertRoomForActiveListing } from './create-listing';
import { getListing, listingNotFound } from './get-listing';

async function lockOwnListing(tx: Queryable, listingId: string, ownerId: string): Promise<{ listing: ListingRow; owner: UserRow }> {
  if (!uuidPattern.test(listingId)) throw listingNotFound();
  // Lock the owner first (as create does), so limits hold against parallel requests.
  const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).for('update');
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
  if (!listing) throw listingNotFound();
  if (!owner || listing.sellerId !== owner.id) throw new AppError('FORBIDDEN', listingRuleMessages.notYourListing);
  return { listing, owner };
}

export async function updateListing(db: Database, input: { listingId: string; ownerId: string; body: UpdateListingBody }): Promise<ListingView> {
  await db.transaction(async (tx) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    await checkListingContent(tx, owner, input.body, listing.imageUrls);
    await tx
      .update(listings)
      .set({
        title: input.body.title,
        description: input.body.description,
        price: input.body.price,
        category: input.body.category,
        imageUrls: input.body.imageUrls,
      })
      .where(eq(listings.id, listing.id));
  });
  return getListing(db, input.listingId);
}

export async function setListingStatus(db: Database, input: { listingId: string; ownerId: string; isActive: boolean }): Promise<ListingView> {
  await db.transaction(async (tx) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    if (listing.isActive === input.isActive) return;
    if (input.isActive) await assertRoomForActiveListing(tx, owner);
    await tx.update(listings).set({ isActive: input.isActive, ...(input.isActive ? {} : { pinnedAt: null }) }).where(eq(listings.id, listing.id));
    await changePostcodeCount(tx, listing, input.isActive ? 1 : -1);
  });
  return getListing(db, input.listingId);
}

export async function deleteListing(db: Database, input: { listingId: string; ownerId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const { listing } = await lockOwnListing(tx, input.listingId, input.ownerId);
    await tx.delete(listings).where(eq(listings.id, listing.id));
    if (listing.isActive) await changePostcodeCount(tx, listing, -1);
  });
}

/** spec 1 and 9: a Connector (or Lifetime) member pins one listing; pinning another unpins the first. */
export async function pinListing(db: Database, input: { listingId: string; ownerId: string; pinned: boolean }): Promise<ListingView> {
  await db.transaction(async (tx) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    if (input.pinned) {
      const allowed = rulesForTier(owner.membershipTier).pinnedPosts;
      if (allowed < 1) throw new AppError('FORBIDDEN', membershipMessages.pinNotAllowed, { membershipTier: rulesForTier(owner.membershipTier).tier });
      if (!listing.isActive) throw new AppError('VALIDATION_FAILED', membershipMessages.pinSoldListing);
      await tx.update(listings).set({ pinnedAt: null }).where(and(eq(listings.sellerId, owner.id), isNotNull(listings.pinnedAt)));
      await tx.update(listings).set({ pinnedAt: new Date() }).where(eq(listings.id, listing.id));
    } else {
      await tx.update(listings).set({ pinnedAt: null }).where(eq(listings.id, listing.id));
    }
  });
  return getListing(db, input.listingId);
}
