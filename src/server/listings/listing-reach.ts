// GET /api/listings/:id/reach: how far a listing is from the member looking at it, whether their
// plan discovers it, and which plan would. A listing page opened by a link shows to anyone
// (docs/decisions/0008-what-a-visitor-sees.md); this only tells a member where it lies.
import { eq } from 'drizzle-orm';
import { distanceKm, shownDistanceKm } from '../../domain/geo';
import { type ListingReach, cheapestPlanReaching } from '../../domain/search-reach';
import { rulesForTier } from '../../domain/tiers';
import { uuidPattern } from '../../domain/listing';
import { listings, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { findPostcode } from '../postcodes';
import { listingNotFound } from './get-listing';
import { areaIncludesPostcode, placeOfMember, searchAreaFor } from './search-area';

export async function getListingReach(deps: ServerDeps, input: { listingId: string; member: UserRow }): Promise<ListingReach> {
  const { listingId, member } = input;
  if (!uuidPattern.test(listingId)) throw listingNotFound();
  const [listing] = await deps.db
    .select({ postcode: listings.postcode, state: listings.state, latitude: listings.latitude, longitude: listings.longitude })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing) throw listingNotFound();

  const home = placeOfMember(member);
  // The postcode's centre, as browse decides; the listing's own point only for a postcode since retired.
  const directoryEntry = listing.postcode ? findPostcode(listing.postcode) : null;
  const point = directoryEntry ?? (listing.latitude !== null && listing.longitude !== null ? { latitude: listing.latitude, longitude: listing.longitude } : null);
  const inArea = areaIncludesPostcode(searchAreaFor({ user: member }), listing);
  const reachedBy = inArea || !point || !listing.state ? null : cheapestPlanReaching(member.membershipTier, home, { state: listing.state, point });
  return {
    inArea,
    distanceKm: point ? shownDistanceKm(distanceKm(home.point, point)) : null,
    reachedBy,
    tier: rulesForTier(member.membershipTier).tier,
    postcode: home.postcode,
    state: home.state,
  };
}
