// One way to read listings with their seller, shared by every listing query.
import { eq, sql } from 'drizzle-orm';
import type { ListingView } from '../../domain/listing-schemas';
import { averageRating } from '../../domain/ratings';
import { listingStatusOf } from '../../domain/reservations';
import { rulesForTier } from '../../domain/tiers';
import type { Queryable } from '../db/open-database';
import { listings, users } from '../db/schema';

export const listingColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  price: listings.price,
  category: listings.category,
  condition: listings.condition,
  location: listings.location,
  imageUrls: listings.imageUrls,
  sellerId: listings.sellerId,
  isActive: listings.isActive,
  reservedAt: listings.reservedAt,
  postcode: listings.postcode,
  suburb: listings.suburb,
  state: listings.state,
  pinnedAt: listings.pinnedAt,
  pausedAt: listings.pausedAt,
  hiddenReason: listings.hiddenReason,
  createdAt: listings.createdAt,
  listedAt: listings.listedAt,
  rankedAt: listings.rankedAt,
  updatedAt: listings.updatedAt,
  /** Newest first's order to the microsecond, for keyset cursors. */
  rankedAtText: sql<string>`${listings.rankedAt}::text`,
  sellerFirstName: users.firstName,
  sellerLastName: users.lastName,
  sellerProfileImageUrl: users.profileImageUrl,
  sellerMembershipTier: users.membershipTier,
  sellerRatingSum: users.ratingSum,
  sellerRatingCount: users.ratingCount,
  sellerEmailVerified: users.isEmailVerified,
  sellerPhoneVerified: users.isPhoneVerified,
  sellerCardVerified: users.isCardVerified,
};

export function selectListingsWithSeller(db: Queryable) {
  return db.select(listingColumns).from(listings).innerJoin(users, eq(users.id, listings.sellerId));
}

export type ListingRowWithSeller = Awaited<ReturnType<typeof selectListingsWithSeller>>[number];

export function toListingView(row: ListingRowWithSeller, distanceKm?: number | null): ListingView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    category: row.category,
    condition: row.condition ?? null,
    location: row.location,
    imageUrls: row.imageUrls,
    sellerId: row.sellerId,
    isActive: row.isActive,
    status: listingStatusOf(row),
    postcode: row.postcode,
    suburb: row.suburb,
    state: row.state,
    // A pin outlives neither the listing nor the plan that allowed it.
    isPinned: row.pinnedAt !== null && row.isActive && rulesForTier(row.sellerMembershipTier).pinnedPosts > 0,
    isPaused: row.pausedAt !== null,
    hiddenReason: row.hiddenReason ?? null,
    ...(distanceKm === undefined ? {} : { distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10 }),
    // Shared by every viewer; the routes mark the signed-in member's own favourites (favourites.ts).
    isFavourite: false,
    createdAt: row.createdAt.toISOString(),
    listedAt: row.listedAt.toISOString(),
    // The upkeep moved it below the listings within their time (decision 34): its rank is behind its listing.
    belowNewest: row.rankedAt < row.listedAt,
    updatedAt: row.updatedAt.toISOString(),
    seller: {
      id: row.sellerId,
      firstName: row.sellerFirstName,
      lastName: row.sellerLastName,
      profileImageUrl: row.sellerProfileImageUrl,
      membershipTier: rulesForTier(row.sellerMembershipTier).tier,
      ratingAverage: averageRating(row.sellerRatingSum, row.sellerRatingCount),
      ratingCount: row.sellerRatingCount,
      isEmailVerified: row.sellerEmailVerified,
      isPhoneVerified: row.sellerPhoneVerified,
      isCardVerified: row.sellerCardVerified,
    },
  };
}
