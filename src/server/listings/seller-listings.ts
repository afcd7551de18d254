// A member's own listings, a seller's public listings and profile, and the dashboard's numbers.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import type { ListingView, SellerProfile, UserStats } from '../../domain/listing-schemas';
import { averageRating } from '../../domain/ratings';
import { rulesForTier } from '../../domain/tiers';
import { listings, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { countActiveListings } from './create-listing';
import { listingColumns, selectListingsWithSeller, toListingView } from './listing-view';

const sellerPageSize = 100;

export async function listMyListings(deps: ServerDeps, input: { ownerId: string }): Promise<ListingView[]> {
  const rows = await deps.db
    .select({ ...listingColumns, reviewRequestedAt: listings.reviewRequestedAt })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.sellerId, input.ownerId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return rows.map((row) => (row.hiddenReason === 'reports' ? { ...toListingView(row), reviewRequested: row.reviewRequestedAt !== null } : toListingView(row)));
}

export async function listSellerListings(deps: ServerDeps, input: { sellerId: string }): Promise<ListingView[]> {
  if (!uuidPattern.test(input.sellerId)) throw new AppError('SELLER_NOT_FOUND');
  const rows = await selectListingsWithSeller(deps.db)
    .where(and(eq(listings.sellerId, input.sellerId), eq(listings.isActive, true)))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(sellerPageSize);
  return rows.map((row) => toListingView(row));
}

export async function getSellerProfile(deps: ServerDeps, input: { sellerId: string }): Promise<SellerProfile> {
  if (!uuidPattern.test(input.sellerId)) throw new AppError('SELLER_NOT_FOUND');
  const [user] = await deps.db.select().from(users).where(eq(users.id, input.sellerId)).limit(1);
  // A member who closed their account has no page any more (decision 37).
  if (!user || user.closedAt) throw new AppError('SELLER_NOT_FOUND');
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    membershipTier: rulesForTier(user.membershipTier).tier,
    ratingAverage: averageRating(user.ratingSum, user.ratingCount),
    ratingCount: user.ratingCount,
    memberSince: user.createdAt.toISOString(),
    isEmailVerified: user.isEmailVerified,
    isPhoneVerified: user.isPhoneVerified,
    isCardVerified: user.isCardVerified,
    suburb: user.suburb,
    state: user.state,
    activeListingCount: await countActiveListings(deps.db, user.id),
  };
}

export async function getUserStats(deps: ServerDeps, input: { member: UserRow }): Promise<UserStats> {
  const user = input.member;
  const rows = await deps.db
    .select({ isActive: listings.isActive, isPaused: sql<boolean>`${listings.pausedAt} is not null`, isHidden: sql<boolean>`${listings.hiddenAt} is not null`, value: count() })
    .from(listings)
    .where(eq(listings.sellerId, user.id))
    .groupBy(listings.isActive, sql`${listings.pausedAt} is not null`, sql`${listings.hiddenAt} is not null`);
  const sum = (matches: (row: (typeof rows)[number]) => boolean) => rows.filter(matches).reduce((total, row) => total + row.value, 0);
  const active = sum((row) => row.isActive);
  const paused = sum((row) => !row.isActive && row.isPaused);
  const hidden = sum((row) => !row.isActive && !row.isPaused && row.isHidden);
  const sold = sum((row) => !row.isActive && !row.isPaused && !row.isHidden);
  const rules = rulesForTier(user.membershipTier);
  return {
    totalListings: active + sold + paused + hidden,
    activeListings: active,
    soldListings: sold,
    pausedListings: paused,
    hiddenListings: hidden,
    membershipTier: rules.tier,
    listingLimit: rules.listingLimit,
  };
}
