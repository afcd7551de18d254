// "Message seller" on a listing's page (spec 2 and 5, decision 15): the first message is typed in
// place and opens the conversation; a buyer who has one about this listing continues it instead.
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  type CurrentUser,
  type ListingView,
  conversationMessages,
  describePassedChecks,
  listingRuleMessages,
  missingTradingCheck,
  tradingCheckMessages,
  verifyCheckActions,
  verifyPagePaths,
} from '../../../../domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { MemberBadges } from '@/shared/account/member-badges';
import { messageSellerAnchor } from '@/shared/listing/contact-seller';
import { findBuyerConversation, useListingConversations } from '@/shared/messages/conversation-queries';
import { CharacterCounter, checkMessageText, describeSendError } from '@/shared/messages/message-text';
import { signInPath } from '@/lib/return-path';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { useStartConversation } from '@/features/listings/api';

type PanelListing = Pick<ListingView, 'id' | 'sellerId' | 'isActive' | 'isPaused' | 'seller'>;

function sellerName(listing: PanelListing): string {
  return listing.seller.firstName?.trim() || 'the seller';
}

/** The box the page shows, whoever is looking: a form, a way to the conversation, or why not. */
export function MessageSellerPanel({ listing, user }: { listing: PanelListing; user: CurrentUser | null }) {
  const headingId = useId();
  return (
    <Card id={messageSellerAnchor} className="scroll-mt-24 p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-bold">
          Message {sellerName(listing)}
        </h2>
        <div className="mt-3">{user ? <MemberPanel listing={listing} user={user} /> : <SignedOutNote listingId={listing.id} />}</div>
      </section>
    </Card>
  );
}

function SignedOutNote({ listingId }: { listingId: string }) {
  return (
    <>
      <p className="text-ink-700">{conversationMessages.signInToMessage}</p>
      <Link href={signInPath(`/listing/${listingId}`)} className={buttonVariants({ className: 'mt-4' })}>
        Sign in to message
      </Link>
    </>
  );
}

function MemberPanel({ listing, user }: { listing: PanelListing; user: CurrentUser }) {
  const isOwn = listing.sellerId === user.id;
  const conversations = useListingConversations(listing.id, { enabled: !isOwn });
  if (isOwn) return <p className="text-ink-500">{conversationMessages.ownListing}</p>;
  if (conversations.isPending) return <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-sand-100" />;

  const existing = findBuyerConversation(conversations.data, listing.id);
  if (existing) {
    return (
      <>
        <p className="text-ink-700">You've already messaged {sellerName(listing)} about this item.</p>
        <Link href={`/messages/${existing.id}`} className={buttonVariants({ className: 'mt-4' })}>
          Continue conversation
        </Link>
      </>
    );
  }
  if (!listing.isActive) return <p className="text-ink-500">{listing.isPaused ? conversationMessages.listingPaused : listingRuleMessages.contactSold}</p>;
  const missingCheck = missingTradingCheck(user);
  return (
    <>
      <SellerChecks listing={listing} />
      {missingCheck ? (
        <>
          <p className="mt-3 text-ink-700">{tradingCheckMessages.contact[missingCheck]}</p>
          <Link href={verifyPagePaths[missingCheck]} className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}>
            {verifyCheckActions[missingCheck]}
          </Link>
        </>
      ) : (
        <FirstMessageForm listing={listing} viewerId={user.id} />
      )}
    </>
  );
}

/** Before the first message, which checks the seller has passed (decision 35). */
function SellerChecks({ listing }: { listing: PanelListing }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
      <p>{describePassedChecks(sellerName(listing), listing.seller)}</p>
      <MemberBadges member={listing.seller} />
    </div>
  );
}

function FirstMessageForm({ listing, viewerId }: { listing: PanelListing; viewerId: string }) {
  const [text, setText] = useState<string>(conversationMessages.firstMessageSuggestion);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const start = useStartConversation(viewerId);
  const [, navigate] = useLocation();

  // A card's Message button lands here (#message-seller): the box is ready to type in.
  useEffect(() => {
    if (window.location.hash !== `#${messageSellerAnchor}`) return;
    // After the shell's scroll to the top of a new page, which runs after this effect.
    const frame = requestAnimationFrame(() => {
      const field = fieldRef.current;
      field?.focus();
      field?.setSelectionRange(field.value.length, field.value.length);
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkMessageText(text);
    setProblem(invalid);
    if (invalid) {
      fieldRef.current?.focus();
      return;
    }
    start.mutate(
      { listingId: listing.id, message: text.trim() },
      {
        onSuccess: ({ conversation }) => navigate(`/messages/${conversation.id}`),
        onError: (error) => {
          if (handleUnauthorizedError(error)) return;
          setProblem(describeSendError(error));
          fieldRef.current?.focus();
        },
      },
    );
  };

  const describedBy = [problem ? `${fieldId}-problem` : null, `${fieldId}-counter`].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <label htmlFor={fieldId} className="block text-sm font-semibold text-ink-700">
        Your message
      </label>
      <Textarea
        ref={fieldRef}
        id={fieldId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        rows={3}
        className="min-h-24"
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <CharacterCounter id={`${fieldId}-counter`} length={text.trim().length} />
      {problem && (
        <p id={`${fieldId}-problem`} role="alert" className="text-sm font-medium text-brand-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-ink-500">Keep chats on Neighbourly until you meet: it's safer.</p>
        <Button type="submit" disabled={start.isPending}>
          <Send aria-hidden="true" />
          {start.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
