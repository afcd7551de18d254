// Holding a listing for one buyer and releasing it (decision 46): "Hold for this buyer" in the
// seller's conversation, "Release hold" there and on the listing page, and "Mark sold to Sam" in the
// held buyer's conversation. The saved listing goes into the cache; every list of listings and the
// conversations about it ask again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Handshake, Undo2 } from 'lucide-react';
import { type ListingView, reservationMessages } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { conversationQueryKeys, refreshListingConversations } from '@/shared/messages/conversation-queries';
import { listingQueryKeys, refreshListingData } from './listing-cache';
import { soldToast, useSetListingStatus } from './mark-sold-button';
import { Button, type ButtonProps } from '@/components/ui/button';

type HoldChange = { listingId: string; conversationId: string | null };

function showFailure(error: Error): void {
  if (handleUnauthorizedError(error)) return;
  toast({ title: 'Error', description: error.message, variant: 'destructive' });
}

/** Holds the listing for the conversation's buyer, or (conversationId null) releases the hold. */
export function useListingHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, conversationId }: HoldChange) =>
      conversationId === null ? callApi('releaseListing', { params: { id: listingId } }) : callApi('holdListing', { params: { id: listingId }, body: { conversationId } }),
    onSuccess: async (listing: ListingView) => {
      toast({ title: listing.status === 'reserved' ? reservationMessages.held : reservationMessages.released });
      await refreshListingData(queryClient);
      queryClient.setQueryData(listingQueryKeys.listing(listing.id), listing);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === conversationQueryKeys.inbox[0] });
      void refreshListingConversations(queryClient);
    },
    onError: showFailure,
  });
}

/** "Hold for this buyer": the seller, in a conversation about their listing while it is for sale. */
export function HoldForBuyerButton({ listingId, conversationId, ...props }: { listingId: string; conversationId: string } & Pick<ButtonProps, 'variant' | 'className' | 'size'>) {
  const hold = useListingHold();
  return (
    <Button variant="secondary" {...props} disabled={hold.isPending} onClick={() => hold.mutate({ listingId, conversationId })}>
      <Handshake aria-hidden="true" />
      {reservationMessages.holdButton}
    </Button>
  );
}

/** "Release hold": the seller, wherever the held listing shows its actions. */
export function ReleaseHoldButton({ listingId, ...props }: { listingId: string } & Pick<ButtonProps, 'variant' | 'className' | 'size'>) {
  const hold = useListingHold();
  return (
    <Button variant="secondary" {...props} disabled={hold.isPending} onClick={() => hold.mutate({ listingId, conversationId: null })}>
      <Undo2 aria-hidden="true" />
      {reservationMessages.releaseButton}
    </Button>
  );
}

type MarkSoldToBuyerButtonProps = { listingId: string; conversationId: string; buyerName: string } & Pick<ButtonProps, 'variant' | 'className' | 'size'>;

/** "Mark sold to Sam": the seller, in the conversation of the buyer the listing is held for. The sale ends the hold. */
export function MarkSoldToBuyerButton({ listingId, conversationId, buyerName, ...props }: MarkSoldToBuyerButtonProps) {
  const setStatus = useSetListingStatus({ onSaved: () => toast(soldToast) });
  return (
    <Button
      variant="leaf"
      {...props}
      disabled={setStatus.isPending}
      onClick={() => setStatus.mutate({ id: listingId, isActive: false, soldToConversationId: conversationId }, { onError: showFailure })}
    >
      <CircleCheck aria-hidden="true" />
      {setStatus.isPending ? 'Saving…' : reservationMessages.markSoldTo(buyerName)}
    </Button>
  );
}
