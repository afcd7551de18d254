// Ratings from real exchanges (decision 21). A listing marked sold to the buyer of one of its
// conversations is an exchange: the buyer may rate the seller and the seller the buyer, once each,
// 1 to 5 stars with an optional comment, within 30 days of the sale. A member's average and count
// live on their row (cards show them without a join); the rated member may answer once.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import type { CreateRatingBody, RatingView } from '../../domain/moderation-schemas';
import { bannedWordsInRating, ratingLimits, ratingMessages } from '../../domain/ratings';
import { findBannedWords } from '../../domain/text-filter';
import { currentBannedWords } from '../admin';
import type { Queryable } from '../db/open-database';
import { conversations, listings, ratings, users, type UserRow } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

const dayMs = 24 * 60 * 60 * 1000;
/** Ratings a member's page lists (newest first). */
const ratingsShown = 100;

type Exchange = { listingId: string; listingTitle: string; buyerId: string; sellerId: string; soldAt: Date; closesAt: Date };

/** The sale of a listing through a conversation, if it was sold so. */
async function findExchange(db: Queryable, listingId: string): Promise<Exchange | null> {
  if (!uuidPattern.test(listingId)) throw new AppError('LISTING_NOT_FOUND');
  const [row] = await db
    .select({ listing: listings, buyerId: conversations.buyerId })
    .from(listings)
    .leftJoin(conversations, eq(conversations.id, listings.soldToConversationId))
    .where(eq(listings.id, listingId));
  if (!row) throw new AppError('LISTING_NOT_FOUND');
  const { listing, buyerId } = row;
  if (listing.isActive || !buyerId || !listing.soldAt) return null;
  return {
    listingId: listing.id,
    listingTitle: listing.title,
    buyerId,
    sellerId: listing.sellerId,
    soldAt: listing.soldAt,
    closesAt: new Date(listing.soldAt.getTime() + ratingLimits.windowDays * dayMs),
  };
}

const raters = alias(users, 'rater');

function selectRatings(db: Queryable) {
  return db
    .select({ rating: ratings, rater: { id: raters.id, firstName: raters.firstName, lastName: raters.lastName } })
    .from(ratings)
    .innerJoin(raters, eq(raters.id, ratings.raterId));
}

function toRatingView(row: Awaited<ReturnType<typeof selectRatings>>[number]): RatingView {
  const { rating, rater } = row;
  return {
    id: rating.id,
    listingId: rating.listingId,
    listingTitle: rating.listingTitle,
    stars: rating.stars,
    comment: rating.comment,
    raterRole: rating.raterRole,
    // Last names show as an initial, as on listing cards.
    rater: { id: rater.id, firstName: rater.firstName, lastName: rater.lastName ? rater.lastName.slice(0, 1) : null },
    rateeId: rating.rateeId,
    reply: rating.reply,
    repliedAt: rating.repliedAt?.toISOString() ?? null,
    createdAt: rating.createdAt.toISOString(),
  };
}

async function assertNoBannedWords(deps: ServerDeps, text: string | undefined): Promise<void> {
  if (!text) return;
  const found = findBannedWords([text], await currentBannedWords(deps));
  if (found.length > 0) throw new AppError('CONTENT_FILTERED', bannedWordsInRating(found), { bannedWords: found });
}

export async function createRating(deps: ServerDeps, input: { rater: UserRow; body: CreateRatingBody }): Promise<RatingView> {
  const comment = input.body.comment ? input.body.comment : undefined;
  await assertNoBannedWords(deps, comment);
  const id = await writeTransaction(deps, async (tx, changes) => {
    // The listing's row is locked so two raters of one side take turns: one rating each way per listing.
    if (uuidPattern.test(input.body.listingId)) await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, input.body.listingId)).for('update');
    const exchange = await findExchange(tx, input.body.listingId);
    const raterRole = exchange?.buyerId === input.rater.id ? 'buyer' : exchange?.sellerId === input.rater.id ? 'seller' : null;
    if (!exchange || !raterRole) throw new AppError('RATING_NOT_ALLOWED', ratingMessages.noExchange);
    const rateeId = raterRole === 'buyer' ? exchange.sellerId : exchange.buyerId;
    if (rateeId === input.rater.id) throw new AppError('RATE_YOURSELF');
    if (deps.clock.now() > exchange.closesAt) throw new AppError('RATING_NOT_ALLOWED', ratingMessages.windowClosed);
    // A listing gives one rating each way, whoever its buyer was over time (decision 26).
    const [sameSide] = await tx.select({ id: ratings.id }).from(ratings).where(and(eq(ratings.listingId, exchange.listingId), eq(ratings.raterRole, raterRole))).limit(1);
    if (sameSide) throw new AppError('ALREADY_RATED');
    const [created] = await tx
      .insert(ratings)
      .values({ listingId: exchange.listingId, listingTitle: exchange.listingTitle, raterId: input.rater.id, rateeId, raterRole, stars: input.body.stars, comment: comment ?? null })
      .onConflictDoNothing()
      .returning({ id: ratings.id });
    if (!created) throw new AppError('ALREADY_RATED');
    await tx
      .update(users)
      .set({ ratingSum: sql`${users.ratingSum} + ${input.body.stars}`, ratingCount: sql`${users.ratingCount} + 1` })
      .where(eq(users.id, rateeId));
    changes.touch('members', rateeId);
    // Every card of theirs shows the new average.
    await touchMemberListings(tx, changes, rateeId);
    return created.id;
  });
  const [row] = await selectRatings(deps.db).where(eq(ratings.id, id));
  return toRatingView(row);
}

/** Whether the member asking may rate the other side of a listing's exchange, and their rating once given. */
export async function getExchangeRating(deps: ServerDeps, input: { member: UserRow; listingId: string }) {
  const exchange = await findExchange(deps.db, input.listingId);
  const side = exchange?.buyerId === input.member.id ? 'buyer' : exchange?.sellerId === input.member.id ? 'seller' : null;
  if (!exchange || !side) return { canRate: false, given: null, closesAt: null, otherMember: null };
  const otherId = side === 'buyer' ? exchange.sellerId : exchange.buyerId;
  const [[given], [other]] = await Promise.all([
    selectRatings(deps.db).where(and(eq(ratings.listingId, exchange.listingId), eq(ratings.raterId, input.member.id))),
    deps.db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.id, otherId)),
  ]);
  return {
    canRate: !given && deps.clock.now() <= exchange.closesAt,
    given: given ? toRatingView(given) : null,
    closesAt: exchange.closesAt.toISOString(),
    otherMember: other ?? null,
  };
}

export async function listMemberRatings(deps: ServerDeps, input: { memberId: string }): Promise<RatingView[]> {
  if (!uuidPattern.test(input.memberId)) throw new AppError('SELLER_NOT_FOUND');
  const [member] = await deps.db.select({ id: users.id, closedAt: users.closedAt }).from(users).where(eq(users.id, input.memberId));
  // A member who closed their account has no page: their ratings are read only where they were given.
  if (!member || member.closedAt) throw new AppError('SELLER_NOT_FOUND');
  const rows = await selectRatings(deps.db)
    .where(and(eq(ratings.rateeId, input.memberId), isNull(ratings.removedAt)))
    .orderBy(desc(ratings.createdAt))
    .limit(ratingsShown);
  return rows.map(toRatingView);
}

/** The rated member answers a rating on their page, once. */
export async function replyToRating(deps: ServerDeps, input: { member: UserRow; ratingId: string; reply: string }): Promise<RatingView> {
  if (!uuidPattern.test(input.ratingId)) throw new AppError('RATING_NOT_FOUND');
  await assertNoBannedWords(deps, input.reply);
  await writeTransaction(deps, async (tx, changes) => {
    const [rating] = await tx.select().from(ratings).where(eq(ratings.id, input.ratingId)).for('update');
    if (!rating || rating.removedAt) throw new AppError('RATING_NOT_FOUND');
    if (rating.rateeId !== input.member.id) throw new AppError('NOT_YOUR_RATING');
    if (rating.reply !== null) throw new AppError('ALREADY_ANSWERED');
    await tx.update(ratings).set({ reply: input.reply, repliedAt: deps.clock.now() }).where(eq(ratings.id, rating.id));
    changes.touch('members', rating.rateeId);
  });
  const [row] = await selectRatings(deps.db).where(eq(ratings.id, input.ratingId));
  return toRatingView(row);
}
