import { MessageCircleOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { type ConversationSummary, type CurrentUser, conversationMessages, sellerQuickReplies, uuidPattern } from '../../../../domain';
import { closeAccountMessages } from '../../../../domain/your-data';
import { LoadingState } from '@/components/loading-state';
import { NoticePage } from '@/components/notice-page';
import { Button, buttonVariants } from '@/components/ui/button';
import { isNotFoundError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type ThreadMessage, threadMessages } from '@/shared/messages/thread-cache';
import { useConversation, useMarkConversationRead, useSendMessage, useThread } from '@/features/messages/api';
import { Composer } from '@/features/messages/components/composer';
import { ExchangeRating } from '@/features/messages/components/exchange-rating';
import { memberName } from '@/features/messages/components/conversation-row';
import { MakeOffer } from '@/features/messages/components/make-offer';
import { MessageList } from '@/features/messages/components/message-list';
import type { OfferActions } from '@/features/messages/components/offer-card';
import { PickupPanel } from '@/features/messages/components/pickup-panel';
import { SellerHoldActions, SellerReleaseHold } from '@/features/messages/components/seller-hold-actions';
import { ThreadHeader } from '@/features/messages/components/thread-header';
import { useClock } from '@/features/messages/hooks/use-clock';
import { hasOpenOffer, takesOffers } from '@/features/messages/offer-status';

function ConversationNotFound() {
  return (
    <NoticePage icon={MessageCircleOff} status={404} title="Conversation not found" description={conversationMessages.conversationNotFound}>
      <Link href="/messages" className={buttonVariants()}>
        Back to messages
      </Link>
    </NoticePage>
  );
}

/** /messages/:id: one conversation, its thread and the composer, kept current by the event stream. */
export function ConversationPage({ id, user }: { id: string; user: CurrentUser }) {
  // An address that cannot be a conversation's is not asked of the server.
  if (!uuidPattern.test(id)) return <ConversationNotFound />;
  return <ConversationLoader id={id} user={user} />;
}

function ConversationLoader({ id, user }: { id: string; user: CurrentUser }) {
  const conversation = useConversation(id);
  const thread = useThread(id);
  // Once shown, the conversation stays on screen if a later refresh fails (the stream asks often).
  if (!conversation.data || !thread.data) {
    const error = conversation.error ?? thread.error;
    if (!error) return <LoadingState />;
    if (isNotFoundError(error)) return <ConversationNotFound />;
    return (
      <NoticePage icon={MessageCircleOff} title="Messages" description="We couldn't load this conversation. Please refresh the page.">
        <Link href="/messages" className={buttonVariants()}>
          Back to messages
        </Link>
      </NoticePage>
    );
  }
  return (
    <ConversationView
      conversation={conversation.data}
      messages={threadMessages(thread.data)}
      viewerId={user.id}
      hasEarlier={thread.hasNextPage}
      isLoadingEarlier={thread.isFetchingNextPage}
      loadEarlier={() => void thread.fetchNextPage()}
    />
  );
}

/** Why nothing more can be sent, or null. */
function closedReason(conversation: ConversationSummary): string | null {
  if (conversation.otherMember.hasLeft) return closeAccountMessages.messageClosedMember;
  if (conversation.isBlocked) return conversation.blockedByMe ? `You've blocked ${memberName(conversation.otherMember)}. Unblock them to message again.` : conversationMessages.blocked;
  if (conversation.listingStatus === 'deleted') return conversationMessages.listingGone;
  return null;
}

/** What the viewer may do with the thread's offers, or undefined while nothing can be sent. */
function offerActionsOf(conversation: ConversationSummary, viewerId: string): OfferActions | undefined {
  if (closedReason(conversation) !== null) return undefined;
  return { conversationId: conversation.id, viewerId, askingPrice: conversation.listing.price, forSale: takesOffers(conversation.listingStatus) };
}

/**
 * Whether the viewer may propose or confirm a pickup here: the conversation is open and the item is
 * not sold to, or held for, someone else (the deal of its accepted offer fell through).
 */
function takesPickupSteps(conversation: ConversationSummary): boolean {
  return closedReason(conversation) === null && conversation.listingStatus !== 'sold' && conversation.listingStatus !== 'reserved';
}

/** The newest message the other member sent. */
function newestIncoming(messages: ThreadMessage[], viewerId: string): ThreadMessage | undefined {
  return messages.findLast((message) => message.senderId !== viewerId);
}

/**
 * Opening the thread, and each message that arrives while it is open and the tab is in view, marks
 * it read (a tab in the background marks it once it is looked at again).
 */
function useMarkReadWhileVisible(conversationId: string, newestIncomingId: string | undefined): void {
  const markRead = useMarkConversationRead(conversationId);
  const markedUpTo = useRef<string | undefined>(undefined);
  const { mutate } = markRead;
  useEffect(() => {
    if (!newestIncomingId) return;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || markedUpTo.current === newestIncomingId) return;
      markedUpTo.current = newestIncomingId;
      mutate();
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [newestIncomingId, mutate]);
}

/** Keeps the newest message in view as messages arrive (unless the member has scrolled up to read), and the place when earlier ones load. */
function useThreadScroll(messages: ThreadMessage[], viewerId: string) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const heightBeforeEarlier = useRef<number | null>(null);
  const newest = messages.at(-1);
  const oldestId = messages[0]?.id;

  // Earlier messages went in above: the same messages stay where the member was reading.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || heightBeforeEarlier.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeEarlier.current;
    heightBeforeEarlier.current = null;
  }, [oldestId]);

  // A new message at the end: into view when the member was at the end already, or sent it.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (nearBottom.current || newest?.senderId === viewerId) element.scrollTop = element.scrollHeight;
  }, [newest?.id, newest?.senderId, viewerId]);

  // The thread's box changes size (a phone's keyboard opens, the window turns): the end stays in view.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return {
    scrollRef,
    onScroll: () => {
      const element = scrollRef.current;
      if (element) nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 120;
    },
    beforeLoadingEarlier: () => {
      heightBeforeEarlier.current = scrollRef.current?.scrollHeight ?? null;
    },
  };
}

type ConversationViewProps = {
  conversation: ConversationSummary;
  messages: ThreadMessage[];
  viewerId: string;
  hasEarlier: boolean;
  isLoadingEarlier: boolean;
  loadEarlier: () => void;
};

function ConversationView({ conversation, messages, viewerId, hasEarlier, isLoadingEarlier, loadEarlier }: ConversationViewProps) {
  useDocumentTitle('Messages');
  const clock = useClock();
  const send = useSendMessage(conversation.id, viewerId);
  const name = memberName(conversation.otherMember);
  const incoming = newestIncoming(messages, viewerId);
  useMarkReadWhileVisible(conversation.id, incoming?.id);
  const { scrollRef, onScroll, beforeLoadingEarlier } = useThreadScroll(messages, viewerId);
  // Screen readers hear each message that arrives while the page is open, not the ones it opened with.
  const [openedWithId] = useState(incoming?.id);
  const announcement = incoming && incoming.id !== openedWithId ? `${name}: ${incoming.body}` : '';
  // Nothing more can be done in a conversation that is closed (a block, a deleted listing, a former member).
  const open = closedReason(conversation) === null;
  const offerActions = offerActionsOf(conversation, viewerId);
  // The buyer offers while the listing is for sale and no offer waits for its answer (decision 45),
  // unless it is already held for them (their offer was accepted): the asking price the offer may go
  // up to, or null when there is no "Make an offer".
  const offersHere = offerActions?.forSale && !conversation.isSeller && conversation.listingStatus !== 'reservedForYou' && !hasOpenOffer(messages, clock.now);
  const askingPrice = offersHere ? offerActions.askingPrice : null;

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col sm:px-6 sm:py-6">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-white sm:rounded-[var(--radius-card)] sm:border sm:border-sand-200 sm:shadow-sm">
        <ThreadHeader conversation={conversation} noticeAction={open && <SellerReleaseHold conversation={conversation} />} />
        <PickupPanel conversation={conversation} viewerId={viewerId} otherName={name} canTakeSteps={takesPickupSteps(conversation)} />
        {/* Focusable, so the keyboard scrolls it too: the messages themselves take no focus. */}
        <div
          ref={scrollRef}
          onScroll={onScroll}
          role="region"
          aria-label="Thread"
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto bg-sand-50 px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
        >
          {hasEarlier && (
            <div className="mb-4 flex justify-center">
              <Button
                variant="secondary"
                disabled={isLoadingEarlier}
                onClick={() => {
                  beforeLoadingEarlier();
                  loadEarlier();
                }}
              >
                {isLoadingEarlier ? 'Loading…' : 'Load earlier messages'}
              </Button>
            </div>
          )}
          {messages.length === 0 ? (
            <p className="py-10 text-center text-ink-500">No messages yet. Say g'day!</p>
          ) : (
            <MessageList messages={messages} viewerId={viewerId} otherName={name} clock={clock} offerActions={offerActions} />
          )}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </div>
        <ExchangeRating conversation={conversation} />
        <div className="border-t border-sand-200 bg-white px-3 pt-3 pb-3 sm:px-5">
          {askingPrice !== null && (
            <div className="mb-2">
              <MakeOffer conversationId={conversation.id} viewerId={viewerId} askingPrice={askingPrice} />
            </div>
          )}
          {open && <SellerHoldActions conversation={conversation} className="mb-2" />}
          <Composer
            recipientName={name}
            send={(body) => send.mutateAsync(body)}
            disabledReason={closedReason(conversation)}
            quickReplies={conversation.isSeller ? sellerQuickReplies : undefined}
          />
        </div>
      </div>
    </div>
  );
}
