// Edit, mark sold or list again, and delete: the owner only, checked here on the server.
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { ratingLimits } from '../../domain/ratings';
import { rulesForTier } from '../../domain/tiers';
import { priceCents, uuidPattern } from '../../domain/listing';
import type { ListingView, UpdateListingBody } from '../../domain/listing-schemas';
import { currentBannedWords } from '../admin';
import type { Queryable } from '../db/open-database';
import { announceConversations, announceListingConversations, listingConversationMembers } from '../conversations';
import { conversations, listings, messages, ratings, users, type ListingRow, type UserRow } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { changePostcodeCount, moveConditionCount } from '../map';
import { applyPlanLimits } from '../membership';
import { checkListingContent } from './check-listing-content';
import { assertRoomForActiveListing } from './create-listing';
import { getListing, listingNotFound, missingListing } from './get-listing';

export async function lockOwnListing(tx: Queryable, listingId: string, ownerId: string): Promise<{ listing: ListingRow; owner: UserRow }> {
  if (!uuidPattern.test(listingId)) throw listingNotFound();
  // Lock the owner first (as create does), so limits hold against parallel requests. Neither key
  // changes: a message or conversation naming them (a foreign key's share lock) does not wait for it.
  const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).for('no key update');
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('no key update');
  if (!listing) throw await missingListing(tx, listingId);
  if (!owner || listing.sellerId !== owner.id) throw new AppError('NOT_YOUR_LISTING');
  return { listing, owner };
}

export async function updateListing(deps: ServerDeps, input: { listingId: string; ownerId: string; body: UpdateListingBody }): Promise<ListingView> {
  const banned = await currentBannedWords(deps);
  const was = await writeTransaction(deps, async (tx, changes) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    // Saved as it was: nothing to check, write or make stale.
    if (isUnchanged(listing, input.body)) return listing;
    await checkListingContent(tx, owner, input.body, banned, listing.imageUrls);
    await tx
      .update(listings)
      .set({
        title: input.body.title,
        description: input.body.description,
        price: input.body.price,
        category: input.body.category,
        // Left out of the call: the condition it had (decision 44); null: not stated.
        ...(input.body.condition === undefined ? {} : { condition: input.body.condition }),
        imageUrls: input.body.imageUrls,
      })
      .where(eq(listings.id, listing.id));
    // The map's counts by condition (an inactive listing is in no count).
    if (listing.isActive && input.body.condition !== undefined) await moveConditionCount(tx, listing, listing.condition, input.body.condition);
    changes.touchListing(listing);
    return listing;
  });
  // A lower price on a listing for sale: those who saved it hear of it (a job, after the answer).
  if (was.isActive && priceCents(input.body.price) < priceCents(was.price)) {
    await deps.jobs.send('favourite-news', { listingId: was.id, news: 'price-drop', was: was.price });
  }
  return getListing(deps, { listingId: input.listingId });
}

function isUnchanged(listing: ListingRow, body: UpdateListingBody): boolean {
  return (
    listing.title === body.title &&
    listing.description === body.description &&
    listing.category === body.category &&
    (body.condition === undefined || listing.condition === body.condition) &&
    priceCents(listing.price) === priceCents(body.price) &&
    listing.imageUrls.length === body.imageUrls.length &&
    listing.imageUrls.every((url, index) => url === body.imageUrls[index])
  );
}

/**
 * Marked sold (optionally to the buyer of one of its conversations: ratings build on that) or
 * listed again. Its conversations hear of it, so their pages show "This item has been sold".
 */
export async function setListingStatus(
  deps: ServerDeps,
  input: { listingId: string; ownerId: string; isActive: boolean; soldToConversationId?: string | null },
): Promise<ListingView> {
  const { changed, soldNow } = await writeTransaction(deps, async (tx, changes) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    // Hidden by our team (or while reports are reviewed): only an admin brings it back.
    if (listing.hiddenAt) throw new AppError('LISTING_HIDDEN');
    const soldTo = input.isActive ? null : (input.soldToConversationId ?? null);
    if (soldTo !== null) await assertConversationOfSale(tx, soldTo, listing);
    if (listing.isActive === input.isActive && listing.soldToConversationId === soldTo) return { changed: false, soldNow: false };
    // Still sold, to someone else: only while the sale's buyer is not settled.
    if (!listing.isActive && !input.isActive && listing.soldToConversationId !== null && (await isBuyerSettled(tx, listing, deps.clock.now()))) {
      throw new AppError('SALE_BUYER_SETTLED');
    }
    changes.touchListing(listing);
    if (listing.isActive !== input.isActive && input.isActive) await assertRoomForActiveListing(tx, owner);
    // Listed again, a paused listing is simply active; marked sold, it is sold (not paused).
    await tx
      .update(listings)
      .set({
        isActive: input.isActive,
        pausedAt: null,
        soldToConversationId: soldTo,
        // A hold ends with the sale (decision 46).
        ...(input.isActive ? {} : { reservedForConversationId: null, reservedAt: null }),
        // The sale's date opens its 30 days of ratings (a change of buyer keeps the first date).
        soldAt: input.isActive ? null : (listing.soldAt ?? deps.clock.now()),
        ...(input.isActive ? {} : { pinnedAt: null }),
      })
      .where(eq(listings.id, listing.id));
    if (listing.isActive !== input.isActive) await changePostcodeCount(tx, listing, input.isActive ? 1 : -1);
    if (!input.isActive) {
      await applyPlanLimits(tx, owner.id, { restorePaused: false });
      changes.touch('members', owner.id);
    }
    // Sold now (not paused by a plan): those who saved it hear of it.
    return { changed: true, soldNow: listing.isActive && !input.isActive };
  });
  if (changed) await announceListingConversations(deps, { listingId: input.listingId });
  if (soldNow) await deps.jobs.send('favourite-news', { listingId: input.listingId, news: 'sold' });
  return getListing(deps, { listingId: input.listingId });
}

/** A sale names one of the listing's conversations in which both its members wrote (decision 26). */
async function assertConversationOfSale(tx: Queryable, conversationId: string, listing: ListingRow): Promise<void> {
  if (!uuidPattern.test(conversationId)) throw new AppError('SOLD_TO_UNKNOWN_CONVERSATION');
  const [conversation] = await tx
    .select({ id: conversations.id, buyerId: conversations.buyerId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.listingId, listing.id)))
    .limit(1);
  if (!conversation) throw new AppError('SOLD_TO_UNKNOWN_CONVERSATION');
  const writers = await tx
    .selectDistinct({ senderId: messages.senderId })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), inArray(messages.senderId, [conversation.buyerId, listing.sellerId])));
  if (writers.length < 2) throw new AppError('SOLD_TO_ONE_SIDED_CONVERSATION');
}

/** Either side rated the sale, or it is a day old: its buyer stays who they are. */
async function isBuyerSettled(tx: Queryable, listing: ListingRow, now: Date): Promise<boolean> {
  if (listing.soldAt && now.getTime() - listing.soldAt.getTime() >= ratingLimits.buyerSettledAfterHours * 60 * 60 * 1000) return true;
  const [rated] = await tx.select({ id: ratings.id }).from(ratings).where(eq(ratings.listingId, listing.id)).limit(1);
  return rated !== undefined;
}

export async function deleteListing(deps: ServerDeps, input: { listingId: string; ownerId: string }): Promise<void> {
  // Its conversations stay (closed, with the listing's title): their members hear of it.
  const talking = await listingConversationMembers(deps.db, input.listingId);
  await writeTransaction(deps, async (tx, changes) => {
    const { listing } = await lockOwnListing(tx, input.listingId, input.ownerId);
    changes.touchListing(listing);
    changes.touch('members', listing.sellerId);
    await tx.delete(listings).where(eq(listings.id, listing.id));
    if (listing.isActive) await changePostcodeCount(tx, listing, -1);
    await applyPlanLimits(tx, listing.sellerId, { restorePaused: false });
  });
  await announceConversations(deps, talking);
}

/**
 * spec 1 and 9: a Connector (or Lifetime) member holds as many pins as their plan's pinnedPosts (1).
 * Pinning one more moves the pin: the oldest pins beyond the allowance are released in the same
 * transaction that sets the new one, and with the owner's row locked (lockOwnListing) two pins by
 * one member take turns, so nobody ever sees more pins than the plan allows.
 */
export async function pinListing(deps: ServerDeps, input: { listingId: string; ownerId: string; pinned: boolean }): Promise<ListingView> {
  await writeTransaction(deps, async (tx, changes) => {
    const { listing, owner } = await lockOwnListing(tx, input.listingId, input.ownerId);
    if (!input.pinned) {
      if (listing.pinnedAt) {
        await tx.update(listings).set({ pinnedAt: null }).where(eq(listings.id, listing.id));
        changes.touchListing(listing);
      }
      return;
    }
    const rules = rulesForTier(owner.membershipTier);
    if (rules.pinnedPosts < 1) throw new AppError('PLAN_EXCLUDES_PINS', undefined, { membershipTier: rules.tier });
    if (!listing.isActive) throw new AppError('PIN_SOLD_LISTING');
    const otherPins = await tx
      .select({ id: listings.id, postcode: listings.postcode, state: listings.state, sellerId: listings.sellerId })
      .from(listings)
      .where(and(eq(listings.sellerId, owner.id), isNotNull(listings.pinnedAt), ne(listings.id, listing.id)))
      .orderBy(desc(listings.pinnedAt));
    const released = otherPins.slice(rules.pinnedPosts - 1);
    if (released.length > 0) await tx.update(listings).set({ pinnedAt: null }).where(inArray(listings.id, released.map((pin) => pin.id)));
    for (const pin of released) changes.touchListing(pin);
    // Pinned already: it keeps its place, so pinning again never jumps the queue of pinned posts.
    if (!listing.pinnedAt) {
      await tx.update(listings).set({ pinnedAt: deps.clock.now() }).where(eq(listings.id, listing.id));
      changes.touchListing(listing);
    }
  });
  return getListing(deps, { listingId: input.listingId });
}
