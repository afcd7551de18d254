// The Saved page's calls: the member's favourites (the hearts' PUT and DELETE live with the heart).
import { useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../domain';
import { listingQueryKeys } from '@/shared/listing/listing-cache';

export function useFavourites() {
  return useQuery<ApiResponse<'listFavourites'>>({ queryKey: listingQueryKeys.favourites });
}
