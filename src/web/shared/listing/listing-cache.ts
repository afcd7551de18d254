// The query keys of listing data, shared by the listing card, the listings pages and the dashboard,
// so a change made on one page refreshes every list that shows it (spec 7: delete refreshes
// my-listings and stats).
import type { QueryClient } from '@tanstack/react-query';
import { type CurrentUser, endpointPath } from '../../../domain';

type ReachViewer = Pick<CurrentUser, 'membershipTier' | 'postcode' | 'state'>;

/** The address of GET /api/listings/:id/reach (its query key also names the member). */
export const listingReachPath = (id: string) => endpointPath('getListingReach', { id });

export const listingQueryKeys = {
  /** Every GET /api/listings query (browse pages, the dashboard feed) and each listing's detail. */
  listings: ['/api/listings'] as const,
  listing: (id: string) => ['/api/listings', id] as const,
  /** How a listing lies for the member looking: their plan and place are in the key, so upgrading or moving shows the new answer. */
  listingReach: (id: string, member: ReachViewer) => ['/api/listings', id, 'reach', member.membershipTier, member.postcode ?? '', member.state ?? ''] as const,
  myListings: ['/api/my-listings'] as const,
  userStats: ['/api/user/stats'] as const,
  sellerListings: (sellerId: string) => ['/api/seller-listings', sellerId] as const,
  sellerProfile: (sellerId: string) => ['/api/sellers', sellerId] as const,
};

/** After a listing is created, edited, sold, relisted or deleted. */
export function refreshListingData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.listings }),
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.myListings }),
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.userStats }),
    queryClient.invalidateQueries({ queryKey: ['/api/seller-listings'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/sellers'] }),
    // The map's per-postcode counts move with every listing change too.
    queryClient.invalidateQueries({ queryKey: ['/api/map/listing-counts'] }),
  ]);
}
