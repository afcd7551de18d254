// The query keys of listing data, shared by the listing card, the listings pages and the dashboard,
// so a change made on one page refreshes every list that shows it (spec 7: delete refreshes
// my-listings and stats).
import type { QueryClient } from '@tanstack/react-query';
import { type CurrentUser, type ListingView, endpointPath } from '../../../domain';

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
  favourites: ['/api/favourites'] as const,
  savedSearches: ['/api/saved-searches'] as const,
};

/** A listing's heart in every list and page already loaded (browse pages, a listing, a seller's listings). */
function withHeart(data: unknown, listingId: string, isFavourite: boolean): unknown {
  if (Array.isArray(data)) return data.map((item) => withHeart(item, listingId, isFavourite));
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if ('pages' in record) return { ...record, pages: withHeart(record.pages, listingId, isFavourite) };
  if ('items' in record) return { ...record, items: withHeart(record.items, listingId, isFavourite) };
  return record.id === listingId && 'isFavourite' in record ? ({ ...record, isFavourite } satisfies Partial<ListingView>) : data;
}

/** After a heart is filled or emptied: every loaded view of the listing shows it, and the Saved page reloads. */
export function setFavouriteInCache(queryClient: QueryClient, listingId: string, isFavourite: boolean): Promise<unknown> {
  for (const queryKey of [listingQueryKeys.listings, ['/api/seller-listings']]) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => withHeart(data, listingId, isFavourite));
  }
  return queryClient.invalidateQueries({ queryKey: listingQueryKeys.favourites });
}

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
