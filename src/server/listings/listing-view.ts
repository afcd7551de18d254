// One way to read listings with their seller, shared by every listing query.
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { shownDistanceKm } from '../../domain/geo';
import type { ListingView } from '../../domain/listing-schemas';
import { averageRating } from '../../domain/ratings';
import { listingStatusOf } from '../../domain/reservations';
import { membershipTiers, rulesForTier } from '../../domain/tiers';
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
    ...(distanceKm === undefined ? {} : { distanceKm: distanceKm === null ? null : shownDistanceKm(distanceKm) }),
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

/** The tiers whose pins show (rulesForTier's pinnedPosts), written into the statement's text. */
const tiersWithPins = sql.raw(
  membershipTiers
    .filter((tier) => rulesForTier(tier).pinnedPosts > 0)
    .map((tier) => `'${tier}'`)
    .join(', '),
);

/** A time as Date's toISOString writes it (to the millisecond, in UTC). */
const isoTime = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How a shared page's text begins each listing: a member's hearts replace it (pageText). */
export const unfavouredStart = '{"isFavourite":false,';

/**
 * toListingView of a listing and its seller, as PostgreSQL writes it: the JSON text of the view,
 * read by the app as one string (no row of 33 fields to parse, map, turn into a view, encode and
 * write out again). It holds no distance (added per viewer) and starts with unfavouredStart. The
 * rules are toListingView's, with the tiers' as values from the domain module; a test holds the two
 * to the same answer on every kind of listing and seller (tests/api/listing-view-json.test.ts).
 */
export const listingViewJson = sql<string>`(select row_to_json(view)::text from (select
  false as "isFavourite",
  ${listings.id} as "id",
  ${listings.title} as "title",
  ${listings.description} as "description",
  ${listings.price}::text as "price",
  ${listings.category} as "category",
  ${listings.condition} as "condition",
  ${listings.location} as "location",
  ${listings.imageUrls} as "imageUrls",
  ${listings.sellerId} as "sellerId",
  ${listings.isActive} as "isActive",
  case when not ${listings.isActive} then 'sold' when ${listings.reservedAt} is null then 'active' else 'reserved' end as "status",
  ${listings.postcode} as "postcode",
  ${listings.suburb} as "suburb",
  ${listings.state} as "state",
  (${listings.pinnedAt} is not null and ${listings.isActive} and ${users.membershipTier} in (${tiersWithPins})) as "isPinned",
  ${listings.pausedAt} is not null as "isPaused",
  ${listings.hiddenReason} as "hiddenReason",
  ${isoTime(listings.createdAt)} as "createdAt",
  ${isoTime(listings.listedAt)} as "listedAt",
  ${listings.rankedAt} < ${listings.listedAt} as "belowNewest",
  ${isoTime(listings.updatedAt)} as "updatedAt",
  (select seller from (select
    ${users.id} as "id",
    ${users.firstName} as "firstName",
    ${users.lastName} as "lastName",
    ${users.profileImageUrl} as "profileImageUrl",
    ${users.membershipTier} as "membershipTier",
    case when ${users.ratingCount} = 0 then null else floor(${users.ratingSum}::float8 / ${users.ratingCount} * 10 + 0.5) / 10 end as "ratingAverage",
    ${users.ratingCount} as "ratingCount",
    ${users.isEmailVerified} as "isEmailVerified",
    ${users.isPhoneVerified} as "isPhoneVerified",
    ${users.isCardVerified} as "isCardVerified"
  ) seller) as "seller"
) view)`;
