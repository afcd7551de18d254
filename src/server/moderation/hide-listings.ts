// Listings out of sight while not sold (decision 21): hidden by reports, by an admin, or while their
// seller is suspended. A hidden listing is inactive like a sold one, so browse, search, the map and
// the seller page leave it out through their own indexes; `hidden_reason` tells the seller why.
import { and, eq, inArray } from 'drizzle-orm';
import type { ListingHiddenReason } from '../../domain/moderation';
import type { Queryable } from '../db/open-database';
import { listings, type ListingRow } from '../db/schema';
import type { Changes } from '../db/write-transaction';
import { changePostcodeCount } from '../map';
import { applyPlanLimits } from '../membership';

/** Hides these listings (active ones only) for `reason`; says which were hidden. */
export async function hideListings(tx: Queryable, changes: Changes, input: { listings: readonly ListingRow[]; reason: ListingHiddenReason; now: Date }): Promise<ListingRow[]> {
  const showing = input.listings.filter((listing) => listing.isActive);
  if (showing.length === 0) return [];
  await tx
    .update(listings)
    .set({ isActive: false, pinnedAt: null, hiddenAt: input.now, hiddenReason: input.reason, reviewRequestedAt: null })
    .where(inArray(listings.id, showing.map((listing) => listing.id)));
  for (const listing of showing) {
    await changePostcodeCount(tx, listing, -1);
    changes.touchListing(listing);
  }
  return showing;
}

/** Brings back a member's listings hidden for `reason` (a lifted suspension); says how many. */
export async function showHiddenListings(tx: Queryable, changes: Changes, input: { sellerId: string; reason: ListingHiddenReason }): Promise<number> {
  const hidden = await tx
    .update(listings)
    .set({ isActive: true, hiddenAt: null, hiddenReason: null, reviewRequestedAt: null })
    .where(and(eq(listings.sellerId, input.sellerId), eq(listings.hiddenReason, input.reason)))
    .returning();
  for (const listing of hidden) {
    await changePostcodeCount(tx, listing, 1);
    changes.touchListing(listing);
  }
  return hidden.length;
}

/** Brings back one hidden listing (its reports were dismissed). */
export async function showListing(tx: Queryable, changes: Changes, listing: ListingRow): Promise<void> {
  if (listing.hiddenAt === null) return;
  await tx.update(listings).set({ isActive: true, hiddenAt: null, hiddenReason: null, reviewRequestedAt: null }).where(eq(listings.id, listing.id));
  await changePostcodeCount(tx, listing, 1);
  changes.touchListing(listing);
  // The seller may have listed another while it was hidden: more than the plan allows waits for their choice.
  await applyPlanLimits(tx, listing.sellerId, { restorePaused: false });
  changes.touch('members', listing.sellerId);
}
