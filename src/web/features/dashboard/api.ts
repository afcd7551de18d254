// The dashboard's data (spec 2 and 7): the member's own listings, their numbers, the newest nearby.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, endpointPath, type KeepActiveListingsBody } from '../../../domain';
import { listingQueryKeys, refreshListingData } from '@/shared/listing/listing-cache';
import { callApi } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';

/** spec 9: the dashboard feed shows 8 items. */
export const latestListingsCount = 8;

export function useMyListings() {
  return useQuery<ApiResponse<'listMyListings'>>({ queryKey: listingQueryKeys.myListings });
}

export function useUserStats() {
  return useQuery<ApiResponse<'getUserStats'>>({ queryKey: listingQueryKeys.userStats });
}

/**
 * A listing's last 30 days (decision 48). Under the member's listings' key, so whatever refreshes
 * those (a sale, a new listing) refreshes these too.
 */
export const listingInsightsQueryKey = (listingId: string) => [...listingQueryKeys.myListings, listingId, 'insights'] as const;

export function useListingInsights(listingId: string) {
  return useQuery<ApiResponse<'getListingInsights'>>({ queryKey: listingInsightsQueryKey(listingId) });
}

export const latestListingsQueryKey = [...listingQueryKeys.listings, 'latest', latestListingsCount] as const;
const latestListingsQuery = { limit: latestListingsCount };
/** Its address, for the server render's prefetch (app/routes.ts). */
export const latestListingsPath = endpointPath('browseListings', undefined, latestListingsQuery);

export function useLatestListings() {
  return useQuery({
    queryKey: latestListingsQueryKey,
    queryFn: () => callApi('browseListings', { query: latestListingsQuery }),
  });
}

/** A plan that allows fewer listings: the member keeps these active, the rest are paused. */
export const keepActiveListings = (body: KeepActiveListingsBody) => callApi('keepActiveListings', { body });

export function useKeepActiveListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepActiveListings,
    // Not awaited: the notice that asked for the choice goes once the member is refreshed, and the
    // caller's own success (its toast) must run before that.
    onSuccess: () => {
      void refreshListingData(queryClient);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
