// The query keys of conversations, shared by the messages pages, the header's unread badge, the
// listing page's "Message seller", the dashboard's "Mark as sold" and the account page's blocks.
// Each key joined by '/' is its GET address (spec 7: the default query function).
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ApiResponse, ConversationSummary } from '../../../domain';

export const conversationQueryKeys = {
  /** GET /api/conversations: the inbox's first page, newest first (older pages load on the inbox page). */
  inbox: ['/api/conversations'] as const,
  /** GET /api/listings/:id/conversations: the member's conversations about one listing. */
  listing: (listingId: string) => ['/api/listings', listingId, 'conversations'] as const,
  /** GET /api/conversations/:id: one conversation's header. */
  conversation: (id: string) => ['/api/conversations', id] as const,
  /** GET /api/conversations/:id/messages, a page at a time (useInfiniteQuery; thread-cache.ts). */
  thread: (id: string) => ['/api/conversations', id, 'messages'] as const,
  /** GET /api/conversations/unread-count: the header's badge. */
  unreadCount: ['/api/conversations/unread-count'] as const,
  /** GET /api/blocks: whom the member blocked (the account page). */
  blocks: ['/api/blocks'] as const,
};

export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ApiResponse<'listConversations'>>({ queryKey: conversationQueryKeys.inbox, enabled });
}

/** The member's conversations about a listing: the seller's with every buyer, a buyer's own. */
export function useListingConversations(listingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ApiResponse<'listListingConversations'>>({ queryKey: conversationQueryKeys.listing(listingId), enabled });
}

/** Every listing's conversations the page holds ask again (a message, a block or a sale changed one). */
export function refreshListingConversations(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === '/api/listings' && query.queryKey[2] === 'conversations' });
}

export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ApiResponse<'countUnreadMessages'>>({ queryKey: conversationQueryKeys.unreadCount, enabled });
}

/** The buyer's conversation about a listing (there is at most one per listing and buyer), from that listing's conversations. */
export function findBuyerConversation(conversations: readonly ConversationSummary[] | undefined, listingId: string): ConversationSummary | undefined {
  return conversations?.find((conversation) => conversation.listing.id === listingId && !conversation.isSeller);
}

/** The seller's conversations about one of their listings (from that listing's conversations): the buyers they may have sold it to. */
export function listBuyersOf(conversations: readonly ConversationSummary[] | undefined, listingId: string): ConversationSummary[] {
  return (conversations ?? []).filter((conversation) => conversation.listing.id === listingId && conversation.isSeller);
}

/** After a conversation changed (a block, a sale, a reconnect): its header, the inbox and the badge ask again. */
export function refreshConversation(queryClient: QueryClient, conversationId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationQueryKeys.conversation(conversationId), exact: true }),
    queryClient.invalidateQueries({ queryKey: conversationQueryKeys.inbox, exact: true }),
    queryClient.invalidateQueries({ queryKey: conversationQueryKeys.unreadCount }),
    refreshListingConversations(queryClient),
  ]);
}

/** Everything about conversations asks again: the inbox, each header and thread, the badge, the blocks. */
export function refreshAllConversations(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationQueryKeys.inbox }),
    queryClient.invalidateQueries({ queryKey: conversationQueryKeys.unreadCount }),
    queryClient.invalidateQueries({ queryKey: conversationQueryKeys.blocks }),
    refreshListingConversations(queryClient),
  ]);
}
