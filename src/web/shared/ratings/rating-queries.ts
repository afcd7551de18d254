// The query keys of ratings, shared by the conversation's rating panel and a member's page, so a
// rating given in one shows on the other (and on every card with the member's average).
import type { QueryClient } from '@tanstack/react-query';
import { listingQueryKeys } from '@/shared/listing/listing-cache';

export const ratingQueryKeys = {
  /** GET /api/sellers/:sellerId/ratings: a member's ratings, newest first. */
  memberRatings: (memberId: string) => [...listingQueryKeys.sellerProfile(memberId), 'ratings'] as const,
  /** GET /api/listings/:id/rating: what the member asking may still do about the listing's exchange. */
  exchange: (listingId: string) => [...listingQueryKeys.listing(listingId), 'rating'] as const,
};

/** After a rating is given or answered: the member's page, their average and every card showing it ask again. */
export function refreshMemberRatings(queryClient: QueryClient, memberId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.sellerProfile(memberId) }),
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.listings }),
    queryClient.invalidateQueries({ queryKey: ['/api/seller-listings'] }),
  ]);
}
