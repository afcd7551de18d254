// The dashboard's data (spec 2 and 7): the member's own listings, their numbers, the newest nearby.
import { useQuery } from '@tanstack/react-query';
import type { ListingView, UserStats } from '../../../domain';
import { listingQueryKeys } from '../../components/listing-cache';
import { apiRequest } from '../../lib/api-client';

/** spec 9: the dashboard feed shows 8 items. */
export const latestListingsCount = 8;

export function useMyListings() {
  return useQuery<ListingView[]>({ queryKey: listingQueryKeys.myListings });
}

export function useUserStats() {
  return useQuery<UserStats>({ queryKey: listingQueryKeys.userStats });
}

export const latestListingsQueryKey = [...listingQueryKeys.listings, 'latest', latestListingsCount] as const;
export const latestListingsPath = `/api/listings?limit=${latestListingsCount}`;

export function useLatestListings() {
  return useQuery({
    queryKey: latestListingsQueryKey,
    queryFn: () => apiRequest<ListingView[]>('GET', latestListingsPath),
  });
}
