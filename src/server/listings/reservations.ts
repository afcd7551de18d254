// A listing held for one buyer (decision 46): the seller's "Hold for this buyer" and "Release hold",
// and the hold an accepted offer makes. Every step locks the buyer's conversation before the
// listing, the order offers take too, so a hold, a release and an accepted offer at once wait for
// each other instead of deadlocking. The held buyer's thread says so; every conversation about the
// listing hears of it (its header shows who it is held for); the listing's answers are made afresh.
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import type { ListingView } from '../../domain/listing-schemas';
import { reservationMessages } from '../../domain/reservations';
import { announce, announceListingConversations, storeMessage } from '../conversations';
import type { Queryable, Transaction } from '../db/open-database';
import { conversations, listings } from '../db/schema';
import { writeTransaction, type Changes } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { getListing, listingNotFound, missingListing } from './get-listing';

type ReserveDeps = Pick<ServerDeps, 'db' | 'clock' | 'contentVersion' | 'memberEvents' | 'jobs'>;

/**
 * Holds the listing for the conversation, in a transaction that already holds the conversation's
 * row: 'held' when it was not held before, 'already' when it was held for this conversation. A
 * listing held for another buyer, or no longer for sale, is refused with `heldForAnother`'s words.
 */
export async function reserveListing(
  tx: Queryable,
  changes: Changes,
  input: { listingId: string; conversationId: string; now: Date; heldForAnother?: string },
): Promise<'held' | 'already'> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
  if (!listing || !listing.isActive || listing.hiddenAt) throw new AppError('LISTING_SOLD', reservationMessages.notForSale);
  if (listing.reservedForConversationId === input.conversationId) return 'already';
  if (listing.reservedForConversationId !== null) throw new AppError('LISTING_RESERVED', input.heldForAnother ?? reservationMessages.heldForAnother);
  await tx.update(listings).set({ reservedForConversationId: input.conversationId, reservedAt: input.now }).where(eq(listings.id, listing.id));
  changes.touchListing(listing);
  return 'held';
}

/** After a hold or its release has committed: every conversation about the listing, and those who saved it (a hold, once). */
export async function announceHold(deps: ReserveDeps, input: { listingId: string; held: boolean }): Promise<void> {
  await announceListingConversations(deps, { listingId: input.listingId });
  if (input.held) await deps.jobs.send('favourite-news', { listingId: input.listingId, news: 'reserved' });
}

/** The listing, its seller checked, without a lock (the steps lock the conversation first). */
async function ownListing(tx: Transaction, listingId: string, ownerId: string) {
  if (!uuidPattern.test(listingId)) throw listingNotFound();
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId));
  if (!listing) throw await missingListing(tx, listingId);
  if (listing.sellerId !== ownerId) throw new AppError('NOT_YOUR_LISTING');
  return listing;
}

/** PUT /api/listings/:id/reservation {conversationId}: the seller holds the listing for that conversation's buyer. */
export async function holdListing(deps: ReserveDeps, input: { ownerId: string; listingId: string; conversationId: string }): Promise<ListingView> {
  const stored = await writeTransaction(deps, async (tx, changes) => {
    const listing = await ownListing(tx, input.listingId, input.ownerId);
    if (!uuidPattern.test(input.conversationId)) throw new AppError('RESERVE_FOR_UNKNOWN_CONVERSATION');
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(conversations.listingId, listing.id)))
      .for('update');
    if (!conversation) throw new AppError('RESERVE_FOR_UNKNOWN_CONVERSATION');
    const held = await reserveListing(tx, changes, { listingId: listing.id, conversationId: conversation.id, now: deps.clock.now() });
    if (held === 'already') return null;
    // Through the sending statement: a block either way refuses the hold, and nothing of it is kept.
    return storeMessage(tx, deps.clock, { conversationId: conversation.id, senderId: input.ownerId, body: reservationMessages.heldLine });
  });
  if (stored) {
    await announce(deps, stored.memberIds, { type: 'message', message: stored.message });
    await announceHold(deps, { listingId: input.listingId, held: true });
  }
  return getListing(deps, { listingId: input.listingId });
}

/** DELETE /api/listings/:id/reservation: the seller releases the hold; a listing not held is left as it is. */
export async function releaseListing(deps: ReserveDeps, input: { ownerId: string; listingId: string }): Promise<ListingView> {
  const released = await writeTransaction(deps, async (tx, changes) => {
    const listing = await ownListing(tx, input.listingId, input.ownerId);
    const heldFor = listing.reservedForConversationId;
    if (heldFor === null) return null;
    await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, heldFor)).for('update');
    // Cleared only if still held for that conversation: a change in between leaves it to the caller's next look.
    const [cleared] = await tx
      .update(listings)
      .set({ reservedForConversationId: null, reservedAt: null })
      .where(and(eq(listings.id, listing.id), eq(listings.reservedForConversationId, heldFor)))
      .returning({ id: listings.id });
    if (!cleared) return null;
    changes.touchListing(listing);
    // The buyer's thread says so; a thread that refuses the line (a block) still has the hold released.
    await tx.execute(sql`savepoint release_line`);
    try {
      return await storeMessage(tx, deps.clock, { conversationId: heldFor, senderId: input.ownerId, body: reservationMessages.releasedLine });
    } catch (error) {
      await tx.execute(sql`rollback to savepoint release_line`);
      if (!(error instanceof AppError)) throw error;
      return 'released' as const;
    }
  });
  if (released && released !== 'released') await announce(deps, released.memberIds, { type: 'message', message: released.message });
  if (released) await announceHold(deps, { listingId: input.listingId, held: false });
  return getListing(deps, { listingId: input.listingId });
}
