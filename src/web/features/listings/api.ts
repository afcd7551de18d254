// The listings pages' calls (spec 7): browse (keyset pages), one listing, a seller, and the changes.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateListingBody,
  type CurrentUser,
  type ListingReach,
  type ListingView,
  type SellerProfile,
  nextCursorHeader,
} from '../../../domain';
import { listingQueryKeys, listingReachPath, refreshListingData } from '@/shared/listing/listing-cache';
import { ApiError, apiRequest, isNotFoundError } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-token';
import { type BrowseFilters, type ListingsPage, browseQueryKey, listingsRequestPath } from './browse-filters';

/** The error body's extra fields (code, bannedWords, listingLimit...). */
type ErrorFields = NonNullable<ConstructorParameters<typeof ApiError>[2]>;

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as ErrorFields & { message?: unknown };
    if (body && typeof body.message === 'string' && body.message) return new ApiError(response.status, body.message, body);
  } catch {
    // Not JSON: fall through to the status line (spec 8).
  }
  return new ApiError(response.status, `${response.status}: ${response.statusText || text}`);
}

/**
 * One page of GET /api/listings. Fetched directly rather than through apiRequest because the
 * next page's cursor comes back in a response header.
 */
export async function fetchListingsPage(filters: BrowseFilters, cursor: string | null, signal?: AbortSignal): Promise<ListingsPage> {
  const headers = new Headers();
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(listingsRequestPath(filters, cursor), { headers, credentials: 'include', signal });
  if (!response.ok) throw await readError(response);
  return { items: (await response.json()) as ListingView[], nextCursor: response.headers.get(nextCursorHeader) };
}

export function useBrowseListings(filters: BrowseFilters) {
  return useInfiniteQuery({
    queryKey: browseQueryKey(filters),
    queryFn: ({ pageParam, signal }) => fetchListingsPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/**
 * A listing or seller that is not found stays not found when its page is opened again: no second
 * ask, and no loading state over the not-found screen a server-rendered page hydrates.
 */
const askAgainUnlessNotFound = { retryOnMount: (query: { state: { error: unknown } }) => !isNotFoundError(query.state.error) };

export function useListing(id: string) {
  return useQuery<ListingView>({ queryKey: listingQueryKeys.listing(id), ...askAgainUnlessNotFound });
}

/** Where a listing lies for a signed-in member: in their area, or how far and which plan reaches it. */
export function useListingReach(id: string, member: CurrentUser | null) {
  return useQuery<ListingReach>({
    queryKey: member ? listingQueryKeys.listingReach(id, member) : ['/api/listings', id, 'reach'],
    queryFn: () => apiRequest<ListingReach>('GET', listingReachPath(id)),
    enabled: member !== null,
  });
}

export function useSellerListings(sellerId: string) {
  return useQuery<ListingView[]>({ queryKey: listingQueryKeys.sellerListings(sellerId) });
}

export function useSellerProfile(sellerId: string) {
  return useQuery<SellerProfile>({ queryKey: listingQueryKeys.sellerProfile(sellerId), ...askAgainUnlessNotFound });
}

export type ListingFormBody = CreateListingBody;

export const createListing = (body: ListingFormBody) => apiRequest<ListingView>('POST', '/api/listings', body);
export const updateListing = ({ id, body }: { id: string; body: ListingFormBody }) =>
  apiRequest<ListingView>('PUT', `/api/listings/${encodeURIComponent(id)}`, body);
export const setListingStatus = ({ id, isActive }: { id: string; isActive: boolean }) =>
  apiRequest<ListingView>('PATCH', `/api/listings/${encodeURIComponent(id)}`, { isActive });

/** Any change to a listing: the saved listing goes straight into the cache, every list refreshes. */
function useListingChange<TInput>(mutationFn: (input: TInput) => Promise<ListingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (listing) => {
      await refreshListingData(queryClient);
      queryClient.setQueryData(listingQueryKeys.listing(listing.id), listing);
    },
  });
}

export const useCreateListing = () => useListingChange(createListing);
export const useUpdateListing = () => useListingChange(updateListing);
export const useSetListingStatus = () => useListingChange(setListingStatus);
