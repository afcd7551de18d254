// Favourites: a member keeps listings to come back to (/saved). Up to favouriteLimits.perMember of
// them; a sold one stays, marked sold, for favouriteLimits.soldKeptDays after the sale, then drops
// off. They go with the listing (deleted) and with the member.
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { favouriteLimits, favouriteMail } from '../../domain/favourites';
import { formatPrice, uuidPattern } from '../../domain/listing';
import type { FavouriteView, ListingView } from '../../domain/listing-schemas';
import type { Queryable } from '../db/open-database';
import { preparedQuery } from '../db/prepared-statement';
import { conversations, favourites, listings, users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { JobData } from '../services/job-queue';
import type { ServerDeps } from '../deps';
import { listingNotFound } from './get-listing';
import { listingColumns, toListingView } from './listing-view';

/** A favourite still shows: its listing is for sale (or paused), or sold within the days it is kept. */
function stillKept(now: Date) {
  const soldSince = new Date(now.getTime() - favouriteLimits.soldKeptDays * 24 * 60 * 60 * 1000);
  return and(
    isNull(listings.hiddenAt),
    or(eq(listings.isActive, true), sql`${listings.pausedAt} is not null`, sql`${listings.updatedAt} > ${soldSince}`),
  );
}

async function findListing(db: Queryable, listingId: string, options: { hiddenToo?: boolean } = {}) {
  if (!uuidPattern.test(listingId)) throw listingNotFound();
  const [listing] = await db
    .select({ id: listings.id, sellerId: listings.sellerId, isActive: listings.isActive, pausedAt: listings.pausedAt, hiddenAt: listings.hiddenAt, price: listings.price })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  // Hidden by our team: nobody but its seller sees it, so nobody saves it.
  if (!listing || (listing.hiddenAt && !options.hiddenToo)) throw listingNotFound();
  return listing;
}

export async function saveFavourite(deps: Pick<ServerDeps, 'db' | 'contentVersion' | 'clock'>, input: { memberId: string; listingId: string }): Promise<void> {
  await writeTransaction(deps, async (tx, changes) => {
    // The member's row is locked so two saves at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.memberId)).for('update');
    const listing = await findListing(tx, input.listingId);
    if (listing.sellerId === input.memberId) throw new AppError('FAVOURITE_OWN_LISTING');
    if (!listing.isActive && listing.pausedAt === null) throw new AppError('FAVOURITE_SOLD_LISTING');
    const [kept] = await tx
      .select({ count: count() })
      .from(favourites)
      .innerJoin(listings, eq(listings.id, favourites.listingId))
      .where(and(eq(favourites.userId, input.memberId), stillKept(deps.clock.now())));
    // Sold ones past their days no longer count (they no longer show).
    if (kept.count >= favouriteLimits.perMember) {
      const [already] = await tx
        .select({ listingId: favourites.listingId })
        .from(favourites)
        .where(and(eq(favourites.userId, input.memberId), eq(favourites.listingId, listing.id)));
      if (!already) throw new AppError('FAVOURITE_LIMIT_REACHED');
    }
    const inserted = await tx
      .insert(favourites)
      .values({ userId: input.memberId, listingId: listing.id, priceWhenSaved: listing.price })
      .onConflictDoNothing()
      .returning({ listingId: favourites.listingId });
    if (inserted.length > 0) changes.touch('favourites', input.memberId);
  });
}

/** Taking away a favourite that is not there is fine; an unknown listing is not found. */
export async function removeFavourite(deps: Pick<ServerDeps, 'db' | 'contentVersion'>, input: { memberId: string; listingId: string }): Promise<void> {
  await writeTransaction(deps, async (tx, changes) => {
    await findListing(tx, input.listingId, { hiddenToo: true });
    const removed = await tx
      .delete(favourites)
      .where(and(eq(favourites.userId, input.memberId), eq(favourites.listingId, input.listingId)))
      .returning({ listingId: favourites.listingId });
    if (removed.length > 0) changes.touch('favourites', input.memberId);
  });
}

/** The member's favourites, the newest saved first. */
export async function listFavourites(deps: Pick<ServerDeps, 'db' | 'clock'>, input: { memberId: string }): Promise<FavouriteView[]> {
  const rows = await deps.db
    .select({ ...listingColumns, favouritedAt: favourites.createdAt, priceWhenSaved: favourites.priceWhenSaved })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(and(eq(favourites.userId, input.memberId), stillKept(deps.clock.now())))
    .orderBy(desc(favourites.createdAt), desc(favourites.listingId))
    .limit(favouriteLimits.perMember);
  return rows.map((row) => ({ ...toListingView(row), isFavourite: true, favouritedAt: row.favouritedAt.toISOString(), priceWhenSaved: row.priceWhenSaved }));
}

/** The ids of every listing the member has saved (at most a few more than the limit: sold ones drop off by date). */
export async function favouriteIdsOf(deps: Pick<ServerDeps, 'db'>, memberId: string): Promise<ReadonlySet<string>> {
  const rows = await favouriteIdsStatement(deps.db).execute({ member: memberId });
  return new Set(rows.map((row) => row.listingId));
}

/** Named: read on every browse and listing page of a member whose hearts are not in memory. */
const favouriteIdsStatement = preparedQuery('favourite_ids', (db, name) =>
  db.select({ listingId: favourites.listingId }).from(favourites).where(eq(favourites.userId, sql.placeholder('member'))).prepare(name),
);

/** The views with the member's own favourites marked: a page many viewers share, made one member's. */
export function markFavourites<View extends ListingView>(views: readonly View[], favouriteIds: ReadonlySet<string>): View[] {
  return views.map((view) => (favouriteIds.has(view.id) ? { ...view, isFavourite: true } : view));
}

/**
 * A saved listing's news by mail, to each member who saved it (the seller aside) and may hear of it
 * now: a drop below the lowest price they were told of (or saved it at), a sale they were not told
 * of, and nothing about this listing in the last day. The members to tell are claimed in one
 * statement, so two jobs for one listing never mail anyone twice.
 */
export async function mailFavouriteNews(deps: Pick<ServerDeps, 'db' | 'mail' | 'config' | 'clock'>, news: JobData['favourite-news']): Promise<number> {
  const [listing] = await deps.db
    .select({
      title: listings.title,
      price: listings.price,
      sellerId: listings.sellerId,
      isActive: listings.isActive,
      hiddenAt: listings.hiddenAt,
      // The buyer it is held for hears nothing of their own hold.
      heldForBuyerId: conversations.buyerId,
    })
    .from(listings)
    .leftJoin(conversations, eq(conversations.id, listings.reservedForConversationId))
    .where(eq(listings.id, news.listingId));
  // Gone, hidden, or no longer what the news says (sold again before a drop went out, relisted before a sale did, released before a hold was told).
  const stillNews = news.news === 'price-drop' ? listing?.isActive : news.news === 'sold' ? !listing?.isActive : listing?.isActive && listing.heldForBuyerId !== null;
  if (!listing || listing.hiddenAt || !stillNews) return 0;
  const toldColumn = news.news === 'reserved' ? sql`reserved_told_at` : sql`sold_told_at`;
  const now = deps.clock.now();
  const quietSince = new Date(now.getTime() - favouriteLimits.newsEveryHours * 60 * 60 * 1000);
  const isDrop = news.news === 'price-drop';
  // What each saver last knew: the lowest price they were told of, else the price they saved it at.
  const knownPrice = sql`coalesce(f.lowest_price_told, f.price_when_saved, ${isDrop ? news.was : null}::numeric)`;
  const claimed = await deps.db.execute(sql`
    with due as (
      select f.user_id, ${knownPrice} as was
      from ${favourites} f
      where f.listing_id = ${news.listingId}
        and f.user_id <> ${listing.sellerId}
        and f.user_id is distinct from ${listing.heldForBuyerId}::uuid
        and (f.last_told_at is null or f.last_told_at < ${quietSince.toISOString()}::timestamptz)
        and ${isDrop ? sql`${listing.price}::numeric < ${knownPrice}` : sql`f.${toldColumn} is null`}
      for update of f
    )
    update ${favourites} told
    set last_told_at = ${now.toISOString()}::timestamptz, ${isDrop ? sql`lowest_price_told = ${listing.price}::numeric` : sql`${toldColumn} = ${now.toISOString()}::timestamptz`}
    from due, ${users} u
    where told.listing_id = ${news.listingId} and told.user_id = due.user_id and u.id = due.user_id
    returning u.email, u.first_name, due.was::text as was
  `);
  const told = (claimed as unknown as { rows: { email: string; first_name: string | null; was: string }[] }).rows.map((row) => ({
    email: row.email,
    firstName: row.first_name,
    was: row.was,
  }));
  const url = `${deps.config.publicUrl}/listing/${news.listingId}`;
  for (const saver of told) {
    await deps.mail.send(
      news.news === 'price-drop'
        ? {
            to: saver.email,
            subject: favouriteMail.priceDropSubject(listing.title, formatPrice(listing.price)),
            text: favouriteMail.priceDropText(saver.firstName, listing.title, formatPrice(saver.was), formatPrice(listing.price), url),
          }
        : news.news === 'reserved'
          ? { to: saver.email, subject: favouriteMail.reservedSubject(listing.title), text: favouriteMail.reservedText(saver.firstName, listing.title, url) }
          : { to: saver.email, subject: favouriteMail.soldSubject(listing.title), text: favouriteMail.soldText(saver.firstName, listing.title, `${deps.config.publicUrl}/saved`) },
    );
  }
  return told.length;
}
