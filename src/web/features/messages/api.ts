// The messages pages' calls (decision 15): one conversation's header, its thread a page at a time,
// sending (shown at once, confirmed by the server's answer or the event stream, whichever is first),
// the read mark, the steps of an offer (decision 45) and of the pickup (decision 47).
import { type QueryClient, type QueryKey, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, type ConversationSummary, type ErrorCode, type ProposePickupBody, conversationLimits } from '../../../domain';
import type { CreateRatingBody } from '../../../domain/moderation-schemas';
import type { OfferAnswer } from '../../../domain/offers';
import { ApiError, callApi, isNotFoundError } from '@/lib/api-client';
import { conversationQueryKeys } from '@/shared/messages/conversation-queries';
import { ratingQueryKeys, refreshMemberRatings } from '@/shared/ratings/rating-queries';
import {
  type ThreadData,
  type ThreadMessage,
  type ThreadPageParam,
  addLocalMessage,
  addServerMessage,
  confirmLocalMessage,
  makeLocalMessage,
  olderPageParam,
  removeLocalMessage,
  threadOf,
} from '@/shared/messages/thread-cache';

/** A conversation that is not found (not there, or not the member's) stays so: no second ask over the not-found screen. */
const askAgainUnlessNotFound = { retryOnMount: (query: { state: { error: unknown } }) => !isNotFoundError(query.state.error) };

export function useConversation(conversationId: string) {
  return useQuery<ApiResponse<'getConversation'>>({ queryKey: conversationQueryKeys.conversation(conversationId), ...askAgainUnlessNotFound });
}

export const fetchThreadPage = (conversationId: string, before: ThreadPageParam, signal?: AbortSignal) =>
  callApi('listMessages', { params: { id: conversationId }, query: { before: before ?? undefined } }, { signal });

/** The thread, newest page first; fetchNextPage loads the page before the oldest message shown. */
export function useThread(conversationId: string) {
  return useInfiniteQuery<ThreadMessage[], Error, ThreadData, QueryKey, ThreadPageParam>({
    queryKey: conversationQueryKeys.thread(conversationId),
    queryFn: ({ pageParam, signal }) => fetchThreadPage(conversationId, pageParam, signal),
    initialPageParam: null as ThreadPageParam,
    getNextPageParam: (page) => olderPageParam(page, conversationLimits.threadPageSize),
    ...askAgainUnlessNotFound,
  });
}

function updateThread(queryClient: QueryClient, conversationId: string, update: (data: ThreadData) => ThreadData): void {
  queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(conversationId), (data) => update(data ?? threadOf([])));
}

/** The inbox row and the header show the new last message at once. */
function showLastMessage(queryClient: QueryClient, message: ApiResponse<'sendMessage'>): void {
  const patch = (summary: ConversationSummary): ConversationSummary =>
    summary.id === message.conversationId ? { ...summary, lastMessage: { body: message.body, createdAt: message.createdAt, senderId: message.senderId }, updatedAt: message.createdAt } : summary;
  queryClient.setQueryData<ConversationSummary>(conversationQueryKeys.conversation(message.conversationId), (summary) => summary && patch(summary));
  queryClient.setQueryData<ConversationSummary[]>(conversationQueryKeys.inbox, (inbox) =>
    inbox ? [...inbox.filter((summary) => summary.id === message.conversationId).map(patch), ...inbox.filter((summary) => summary.id !== message.conversationId)] : inbox,
  );
}

export function useSendMessage(conversationId: string, viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => callApi('sendMessage', { params: { id: conversationId }, body: { body } }),
    onMutate: (body) => {
      const local = makeLocalMessage({ conversationId, senderId: viewerId, body });
      updateThread(queryClient, conversationId, (data) => addLocalMessage(data, local));
      return { localId: local.id };
    },
    onSuccess: (message, _body, context) => {
      updateThread(queryClient, conversationId, (data) => confirmLocalMessage(data, context.localId, message, viewerId));
      showLastMessage(queryClient, message);
    },
    onError: (error, _body, context) => {
      if (context) updateThread(queryClient, conversationId, (data) => removeLocalMessage(data, context.localId));
      // Blocked, or the listing deleted meanwhile: the header learns why the composer closes.
      if (error instanceof ApiError && (error.code === 'MEMBER_BLOCKED' || error.code === 'CONVERSATION_CLOSED')) {
        void queryClient.invalidateQueries({ queryKey: conversationQueryKeys.conversation(conversationId), exact: true });
      }
    },
  });
}

/** A step of an offer taken here: its line joins the thread (the offer's older cards take its state), the inbox row and header show it. */
function showOfferStep(queryClient: QueryClient, message: ApiResponse<'makeOffer'>, viewerId: string): void {
  updateThread(queryClient, message.conversationId, (data) => addServerMessage(data, message, viewerId));
  showLastMessage(queryClient, message);
}

/** Refusals that mean the thread changed meanwhile: the offer was answered, or another is open. */
const threadChangedCodes: readonly ErrorCode[] = ['OFFER_NOT_OPEN', 'OFFER_ALREADY_OPEN'];
/** Refusals that mean the header changed: the listing sold, a block, the pickup replaced or confirmed. */
const headerChangedCodes: readonly ErrorCode[] = ['LISTING_SOLD', 'MEMBER_BLOCKED', 'CONVERSATION_CLOSED', 'PICKUP_NOT_OPEN', 'PICKUP_NOT_FOUND', 'PICKUP_NOT_ALLOWED', 'PICKUP_NOT_YET'];

/** A refused step learns what changed meanwhile, from the thread or the header. */
function refreshAfterRefusedStep(queryClient: QueryClient, conversationId: string, error: Error): void {
  if (!(error instanceof ApiError) || !error.code) return;
  if (threadChangedCodes.includes(error.code)) {
    void queryClient.invalidateQueries({ queryKey: conversationQueryKeys.thread(conversationId), exact: true });
  }
  if (headerChangedCodes.includes(error.code)) {
    void queryClient.invalidateQueries({ queryKey: conversationQueryKeys.conversation(conversationId), exact: true });
  }
}

/** The buyer offers an amount (canonical, as parsePrice gives it) for the listing. */
export function useMakeOffer(conversationId: string, viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => callApi('makeOffer', { params: { id: conversationId }, body: { amount } }),
    onSuccess: (message) => showOfferStep(queryClient, message, viewerId),
    onError: (error) => refreshAfterRefusedStep(queryClient, conversationId, error),
  });
}

export type OfferStepInput = { offerId: string; answer: OfferAnswer; amount?: string };

function takeOfferStep({ offerId, answer, amount = '' }: OfferStepInput) {
  const params = { id: offerId };
  switch (answer) {
    case 'accept':
      return callApi('acceptOffer', { params });
    case 'decline':
      return callApi('declineOffer', { params });
    case 'withdraw':
      return callApi('withdrawOffer', { params });
    case 'counter':
      return callApi('counterOffer', { params, body: { amount } });
  }
}

/** Accept, decline, counter or withdraw an open offer of the conversation. */
export function useAnswerOffer(conversationId: string, viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeOfferStep,
    onSuccess: (message) => showOfferStep(queryClient, message, viewerId),
    onError: (error) => refreshAfterRefusedStep(queryClient, conversationId, error),
  });
}

/** A step of the pickup taken here: its line joins the thread, and the header shows the pickup as the server now has it. */
function showPickupStep(queryClient: QueryClient, { message, conversation }: ApiResponse<'proposePickup'>, viewerId: string): void {
  updateThread(queryClient, message.conversationId, (data) => addServerMessage(data, message, viewerId));
  showLastMessage(queryClient, message);
  queryClient.setQueryData<ConversationSummary>(conversationQueryKeys.conversation(conversation.id), conversation);
}

/** Either member proposes a time (ISO 8601 with its offset) and a place to meet, replacing any pickup before. */
export function useProposePickup(conversationId: string, viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposePickupBody) => callApi('proposePickup', { params: { id: conversationId }, body }),
    onSuccess: (step) => showPickupStep(queryClient, step, viewerId),
    onError: (error) => refreshAfterRefusedStep(queryClient, conversationId, error),
  });
}

/** The member who did not propose the pickup agrees to it. */
export function useConfirmPickup(conversationId: string, viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pickupId: string) => callApi('confirmPickup', { params: { id: pickupId } }),
    onSuccess: (step) => showPickupStep(queryClient, step, viewerId),
    onError: (error) => refreshAfterRefusedStep(queryClient, conversationId, error),
  });
}

/** The member has seen the thread: their unread counts go down here at once (the stream tells other tabs). */
export function useMarkConversationRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('markConversationRead', { params: { id: conversationId } }),
    onSuccess: () => {
      const clear = (summary: ConversationSummary) => (summary.id === conversationId ? { ...summary, unreadCount: 0 } : summary);
      queryClient.setQueryData<ConversationSummary>(conversationQueryKeys.conversation(conversationId), (summary) => summary && clear(summary));
      queryClient.setQueryData<ConversationSummary[]>(conversationQueryKeys.inbox, (inbox) => inbox?.map(clear));
      void queryClient.invalidateQueries({ queryKey: conversationQueryKeys.unreadCount });
    },
  });
}

/** Whether the member may rate the other side of the listing's sale, and their rating once given. */
export function useExchangeRating(listingId: string | null) {
  return useQuery<ApiResponse<'getExchangeRating'>>({ queryKey: ratingQueryKeys.exchange(listingId ?? ''), enabled: listingId !== null });
}

export const createRating = (body: CreateRatingBody) => callApi('createRating', { body });

/** A rating given: the panel turns into "You rated N ★", and the rated member's page and average ask again. */
export function useCreateRating(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    onSuccess: (rating) => {
      queryClient.setQueryData<ApiResponse<'getExchangeRating'>>(ratingQueryKeys.exchange(listingId), (state) => state && { ...state, canRate: false, given: rating });
      void refreshMemberRatings(queryClient, rating.rateeId);
    },
  });
}
