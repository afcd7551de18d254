// A seller's listing hidden by reports (decision 26): one tap asks our team to look at it first;
// afterwards the card says it was asked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import type { ListingView } from '../../../domain';
import { moderationLabels } from '../../../domain/moderation';
import { callApi } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { Button } from '@/components/ui/button';
import { refreshListingData } from './listing-cache';

export function AskForReviewButton({ listing, className }: { listing: Pick<ListingView, 'id' | 'hiddenReason' | 'reviewRequested'>; className?: string }) {
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: () => callApi('requestListingReview', { params: { id: listing.id } }),
    onSuccess: async ({ message }) => {
      toast({ title: moderationLabels.askForReview, description: message });
      await refreshListingData(queryClient);
    },
    onError: (error: Error) => {
      if (handleUnauthorizedError(error)) return;
      toast({ title: moderationLabels.reviewRequestFailed, description: error.message, variant: 'destructive' });
    },
  });
  if (listing.hiddenReason !== 'reports') return null;
  if (listing.reviewRequested) return <p className="text-sm font-semibold text-ink-700">{moderationLabels.reviewRequestedNote}</p>;
  return (
    <Button variant="secondary" className={className} disabled={ask.isPending} onClick={() => ask.mutate()}>
      <MessageSquareWarning aria-hidden="true" />
      {ask.isPending ? moderationLabels.askingForReview : moderationLabels.askForReview}
    </Button>
  );
}
