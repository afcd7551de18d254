// Pinning a listing to the top of browse (spec 1 and 9: Connector's 1 pinned post, Lifetime too).
// The server keeps the count; pinning past it moves the pin, so the member confirms which listing
// loses it first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { type ApiResponse, type ListingView, rulesForTier } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { listingQueryKeys, refreshListingData } from './listing-cache';
import { ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';

export const pinListing = ({ id, pinned }: { id: string; pinned: boolean }) => callApi('pinListing', { params: { id }, body: { pinned } });

export function usePinListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pinListing,
    onSuccess: async (saved) => {
      // A moved pin changes two listings and the order of browse: every list asks again.
      queryClient.setQueryData(listingQueryKeys.listing(saved.id), saved);
      await refreshListingData(queryClient);
      toast(
        saved.isPinned
          ? { title: 'Listing pinned', description: 'Pinned to the top of browse for neighbours in your area.' }
          : { title: 'Listing unpinned', description: 'It now sits in its usual place in browse.' },
      );
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      toast({ title: 'Error', description: error.message, variant: 'destructive' });
    },
  });
}

/** How many listings "one at a time" means, in words. */
function pinAllowanceText(pinnedPosts: number): string {
  return pinnedPosts === 1 ? 'one listing' : `${pinnedPosts} listings`;
}

/**
 * "Pin to top" or "Unpin" on the owner's card. Shown only to members whose plan pins posts, and
 * only on listings still for sale (the server refuses to pin a sold one).
 */
export function PinListingButton({ listing, className }: { listing: ListingView; className?: string }) {
  const { user } = useCurrentUser();
  const rules = rulesForTier(user?.membershipTier);
  const pin = usePinListing();
  const [confirming, setConfirming] = useState(false);
  // The owner's own listings, already loaded by the dashboard: which of them holds the pin now.
  const { data: ownListings } = useQuery<ApiResponse<'listMyListings'>>({ queryKey: listingQueryKeys.myListings, enabled: rules.pinnedPosts > 0 });

  if (rules.pinnedPosts < 1 || !listing.isActive) return null;

  const otherPins = (ownListings ?? []).filter((other) => other.isPinned && other.id !== listing.id);
  // spec 9: one pin, so a full allowance means the pinned listing gives its pin up.
  const losingPin = otherPins.length >= rules.pinnedPosts ? otherPins[0] : undefined;

  const setPinned = (pinned: boolean) => pin.mutate({ id: listing.id, pinned }, { onSettled: () => setConfirming(false) });

  if (listing.isPinned) {
    return (
      <Button variant="secondary" className={className} disabled={pin.isPending} aria-label={`Unpin ${listing.title}`} onClick={() => setPinned(false)}>
        <PinOff aria-hidden="true" />
        {pin.isPending ? 'Unpinning…' : 'Unpin'}
      </Button>
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        className={className}
        disabled={pin.isPending}
        aria-label={`Pin to top: ${listing.title}`}
        onClick={() => (losingPin ? setConfirming(true) : setPinned(true))}
      >
        <Pin aria-hidden="true" />
        {pin.isPending ? 'Pinning…' : 'Pin to top'}
      </Button>
      {losingPin && (
        <ModalDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Move your pin?"
          description={
            <p className="break-words">
              Pin “{listing.title}” instead? “{losingPin.title}” will no longer be pinned.
            </p>
          }
        >
          <p className="text-sm text-ink-700">
            Your {rules.label} plan pins {pinAllowanceText(rules.pinnedPosts)} at a time to the top of browse.
          </p>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => setPinned(true)} disabled={pin.isPending}>
              <Pin aria-hidden="true" />
              {pin.isPending ? 'Moving…' : 'Move pin'}
            </Button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
