// The member's saved searches: read on /saved, added from /listings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiInput, ApiResponse } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { listingQueryKeys } from '@/shared/listing/listing-cache';

const savedSearchesQueryKey = listingQueryKeys.savedSearches;

export function useSavedSearches() {
  return useQuery<ApiResponse<'listSavedSearches'>>({ queryKey: savedSearchesQueryKey });
}

function useSavedSearchChange<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey }) });
}

export const useCreateSavedSearch = () => useSavedSearchChange((body: ApiInput<'createSavedSearch'>['body']) => callApi('createSavedSearch', { body }));
export const useUpdateSavedSearch = () =>
  useSavedSearchChange(({ id, body }: { id: string; body: ApiInput<'updateSavedSearch'>['body'] }) => callApi('updateSavedSearch', { params: { id }, body }));
export const useDeleteSavedSearch = () => useSavedSearchChange((id: string) => callApi('deleteSavedSearch', { params: { id } }));
/** Opening a search from /saved: its count of new listings starts again. */
export const markSavedSearchSeen = (id: string) => callApi('markSavedSearchSeen', { params: { id } });
