// A listing's time among the newest, on its seller's card (decision 34): how long ago it was listed or
// renewed, how long it keeps its place, and Renew once its plan's listing time has passed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock, RefreshCw } from 'lucide-react';
import { type ListingView, listingTimeLine, listingTimeMessages, listingTimeStatus } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { listingQueryKeys, refreshListingData } from './listing-cache';
import { Button } from '@/components/ui/button';

export const renewListing = (id: string) => callApi('renewListing', { params: { id } });

export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewListing,
    onSuccess: async (renewed) => {
      // Back at the top: the browse pages and the dashboard ask again.
      queryClient.setQueryData(listingQueryKeys.listing(renewed.id), renewed);
      await refreshListingData(queryClient);
      toast({ title: listingTimeMessages.renewedTitle, description: listingTimeMessages.renewedDescription });
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      toast({ title: listingTimeMessages.renewFailedTitle, description: error.message, variant: 'destructive' });
    },
  });
}

/** "Listed 34 days ago · Renew to move it back to the top" and the Renew button, on a listing for sale. */
export function ListingTime({ listing, now = new Date(), className }: { listing: ListingView; now?: Date; className?: string }) {
  const renew = useRenewListing();
  // Sold, paused or hidden listings are not in browse: they have no place among the newest.
  if (!listing.isActive) return null;
  const status = listingTimeStatus({ listedAt: listing.listedAt, tier: listing.seller.membershipTier, belowNewest: listing.belowNewest, now });
  const renewed = listing.listedAt !== listing.createdAt;
  return (
    <div className={cn('relative z-10 space-y-2', className)}>
      <p className={cn('flex items-start gap-1.5 text-sm', status.canRenew ? 'font-semibold text-ink-900' : 'text-ink-500')}>
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {listingTimeLine({ status, renewed })}
      </p>
      {status.canRenew && (
        <Button className="w-full px-3" disabled={renew.isPending} aria-label={`${listingTimeMessages.renewButton} ${listing.title}`} onClick={() => renew.mutate(listing.id)}>
          <RefreshCw aria-hidden="true" />
          {renew.isPending ? listingTimeMessages.renewing : listingTimeMessages.renewButton}
        </Button>
      )}
    </div>
  );
}
