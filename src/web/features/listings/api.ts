// The listings pages' calls (spec 7): browse (keyset pages), one listing, a seller, and the changes.
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, type CreateListingBody, type CurrentUser, type ListingView, sellerPreview } from '../../../domain';
import { listingQueryKeys, refreshListingData } from '@/shared/listing/listing-cache';
import { conversationQueryKeys, refreshListingConversations } from '@/shared/messages/conversation-queries';
import { ratingQueryKeys } from '@/shared/ratings/rating-queries';
import { type ThreadData, addServerMessage } from '@/shared/messages/thread-cache';
import { ApiError, callApi, isNotFoundError, requestApi } from '@/lib/api-client';
import { refreshAccountQueries } from '@/shared/account/account-queries';
import { type BrowseFilters, type ListingsPage, browseQueryKey, listingsRequestQuery, toListingsPage } from './browse-filters';

/** One keyset page of GET /api/listings: the next page's cursor comes back in a response header. */
export async function fetchListingsPage(filters: BrowseFilters, cursor: string | null, signal?: AbortSignal): Promise<ListingsPage> {
  const { body, headers } = await requestApi('browseListings', { query: listingsRequestQuery(filters, cursor) }, { signal });
  return toListingsPage(body, (name) => headers.get(name));
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
  return useQuery<ApiResponse<'getListing'>>({ queryKey: listingQueryKeys.listing(id), ...askAgainUnlessNotFound });
}

/** Where a listing lies for a signed-in member: in their area, or how far and which plan reaches it. */
export function useListingReach(id: string, member: CurrentUser | null) {
  return useQuery<ApiResponse<'getListingReach'>>({
    queryKey: member ? listingQueryKeys.listingReach(id, member) : ['/api/listings', id, 'reach'],
    queryFn: () => callApi('getListingReach', { params: { id } }),
    enabled: member !== null,
  });
}

export function useSellerListings(sellerId: string) {
  return useQuery<ApiResponse<'listSellerListings'>>({ queryKey: listingQueryKeys.sellerListings(sellerId) });
}

/** As many as 'More from this seller' shows (spec 9); one more is asked for in case the listing itself comes back. */
export const similarListingsCount = sellerPreview.count;

/**
 * Listings of the same category nearest the listing's postcode (GET /api/listings). The server
 * keeps to each viewer's area: a member looks from their own place, a visitor from this postcode.
 */
export function useSimilarListings(listing: Pick<ListingView, 'category' | 'postcode'>) {
  const query = { category: listing.category, near: listing.postcode, sort: 'distance', limit: similarListingsCount + 1 };
  return useQuery({
    queryKey: [...listingQueryKeys.listings, 'similar', listing.category, listing.postcode ?? ''] as const,
    queryFn: () => callApi('browseListings', { query }),
  });
}

export function useSellerProfile(sellerId: string) {
  return useQuery<ApiResponse<'getSellerProfile'>>({ queryKey: listingQueryKeys.sellerProfile(sellerId), ...askAgainUnlessNotFound });
}

export type ListingFormBody = CreateListingBody;

export const createListing = (body: ListingFormBody) => callApi('createListing', { body });
export const updateListing = ({ id, body }: { id: string; body: ListingFormBody }) => callApi('updateListing', { params: { id }, body });

/** Any change to a listing: the saved listing goes straight into the cache, every list refreshes. */
function useListingChange<TInput>(mutationFn: (input: TInput) => Promise<ListingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (listing) => {
      await refreshListingData(queryClient);
      queryClient.setQueryData(listingQueryKeys.listing(listing.id), listing);
    },
    onError: (error) => refreshIfCheckMissing(queryClient, error),
  });
}

/** The server found a check to trade missing that the page thought passed (another tab changed the number): the page asks again for the member, and shows the way to the check. */
function refreshIfCheckMissing(queryClient: QueryClient, error: Error): void {
  if (error instanceof ApiError && error.verifyAt) void refreshAccountQueries(queryClient);
}

export const useCreateListing = () => useListingChange(createListing);
export const useUpdateListing = () => useListingChange(updateListing);

/** "Message seller": starts the conversation about the listing with the first message (or continues the one there is). */
export const startConversation = ({ listingId, message }: { listingId: string; message: string }) => callApi('startConversation', { params: { id: listingId }, body: { message } });

export function useStartConversation(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: ({ conversation, message }) => {
      // The conversation's page opens with its header known; a thread already loaded gains the message.
      queryClient.setQueryData(conversationQueryKeys.conversation(conversation.id), conversation);
      queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(conversation.id), (data) => (data ? addServerMessage(data, message, viewerId) : data));
      void queryClient.invalidateQueries({ queryKey: conversationQueryKeys.inbox, exact: true });
      void refreshListingConversations(queryClient);
    },
    onError: (error) => refreshIfCheckMissing(queryClient, error),
  });
}

/** A member's ratings on their page, newest first (GET /api/sellers/:sellerId/ratings). */
export function useMemberRatings(memberId: string) {
  return useQuery<ApiResponse<'listSellerRatings'>>({ queryKey: ratingQueryKeys.memberRatings(memberId) });
}

export const replyToRating = ({ ratingId, reply }: { ratingId: string; reply: string }) => callApi('replyToRating', { params: { id: ratingId }, body: { reply } });

/** The rated member's one answer: shown on their page at once. */
export function useReplyToRating(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToRating,
    onSuccess: (answered) => {
      queryClient.setQueryData<ApiResponse<'listSellerRatings'>>(ratingQueryKeys.memberRatings(memberId), (ratings) => ratings?.map((rating) => (rating.id === answered.id ? answered : rating)));
    },
  });
}
