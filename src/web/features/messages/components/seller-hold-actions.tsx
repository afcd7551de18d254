import type { ConversationSummary } from '../../../../domain';
import { cn } from '@/lib/cn';
import { HoldForBuyerButton, MarkSoldToBuyerButton, ReleaseHoldButton } from '@/shared/listing/reservation-buttons';
import { memberName } from './conversation-row';

/** The listing's id when the viewer is its seller and it reads one of `statuses` here, else null. */
function sellersListingIn(conversation: ConversationSummary, ...statuses: ConversationSummary['listingStatus'][]): string | null {
  return conversation.isSeller && statuses.includes(conversation.listingStatus) ? conversation.listing.id : null;
}

/**
 * The seller's hold in a conversation with a buyer (decision 46), above the composer: "Hold for this
 * buyer" while the item is for sale, "Mark sold to Sam" while it is held for this buyer (whose
 * "Release hold" sits in the header, beside the notice it undoes). Nothing while the item is held for
 * someone else, sold, paused or gone, and nothing for the buyer. Each step asks for the conversation
 * again, so the header's tag and notice follow.
 */
export function SellerHoldActions({ conversation, className }: { conversation: ConversationSummary; className?: string }) {
  const forSale = sellersListingIn(conversation, 'active');
  const held = sellersListingIn(conversation, 'reservedForYou');
  if (!forSale && !held) return null;
  return (
    <div role="group" aria-label="Your listing" className={cn('flex flex-wrap gap-2', className)}>
      {forSale && <HoldForBuyerButton listingId={forSale} conversationId={conversation.id} />}
      {held && <MarkSoldToBuyerButton listingId={held} conversationId={conversation.id} buyerName={memberName(conversation.otherMember)} />}
    </div>
  );
}

/**
 * "Release hold", in the header's notice "You're holding this item for this buyer." or "…for
 * another buyer.": in another buyer's conversation the seller who means to sell to this one (whose
 * offer the server will not let them accept while the hold stands) undoes it here, not on the
 * listing's page. Compact, so the notice keeps one line's height.
 */
export function SellerReleaseHold({ conversation }: { conversation: ConversationSummary }) {
  const held = sellersListingIn(conversation, 'reservedForYou', 'reserved');
  return held ? <ReleaseHoldButton listingId={held} className="min-h-9 shrink-0 px-3.5" /> : null;
}
