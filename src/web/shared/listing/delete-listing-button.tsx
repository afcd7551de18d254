// Deleting a listing (spec 4 and 8): the browser asks first; success refreshes my-listings and stats.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import type { ApiResponse } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { listingQueryKeys, refreshListingData } from './listing-cache';
import { Button, type ButtonProps } from '@/components/ui/button';

export const deleteListing = (id: string) => callApi('deleteListing', { params: { id } });

export function useDeleteListing(options: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: async (_, id) => {
      toast({ title: 'Listing deleted', description: 'Your listing has been removed successfully.' });
      // Leave the deleted listing's page first, so nothing asks for the listing again.
      options.onDeleted?.();
      queryClient.removeQueries({ queryKey: listingQueryKeys.listing(id), exact: true });
      // Gone from the seller's own list at once, whatever the refresh below takes.
      queryClient.setQueryData<ApiResponse<'listMyListings'>>(listingQueryKeys.myListings, (listings) => listings?.filter((listing) => listing.id !== id));
      await refreshListingData(queryClient);
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      toast({ title: 'Error', description: 'Failed to delete listing. Please try again.', variant: 'destructive' });
    },
  });
}

type DeleteListingButtonProps = {
  listingId: string;
  listingTitle: string;
  onDeleted?: () => void;
} & Pick<ButtonProps, 'size' | 'variant' | 'className'>;

export function DeleteListingButton({ listingId, listingTitle, onDeleted, size, variant = 'secondary', className }: DeleteListingButtonProps) {
  const remove = useDeleteListing({ onDeleted });
  return (
    <Button
      size={size}
      variant={variant}
      className={className}
      disabled={remove.isPending}
      aria-label={`Delete ${listingTitle}`}
      onClick={(event) => {
        // spec 2: Delete never opens the listing it sits on.
        event.preventDefault();
        event.stopPropagation();
        if (!window.confirm(`Delete "${listingTitle}"? This can't be undone.`)) return;
        remove.mutate(listingId);
      }}
    >
      <Trash2 aria-hidden="true" />
      {remove.isPending ? 'Deleting…' : 'Delete'}
    </Button>
  );
}
