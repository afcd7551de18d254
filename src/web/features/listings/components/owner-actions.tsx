import { CircleCheck, Pencil, RotateCcw } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { ListingView } from '../../../../domain';
import { DeleteListingButton } from '@/shared/listing/delete-listing-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { useSetListingStatus } from '@/features/listings/api';
import { showListingLimitToast, showListingSaveError } from './listing-error-toasts';

/** What the owner sees on their own listing: edit, mark as sold or list again, delete. */
export function OwnerActions({ listing }: { listing: ListingView }) {
  const [, navigate] = useLocation();
  const setStatus = useSetListingStatus();
  const changeStatus = () =>
    setStatus.mutate(
      { id: listing.id, isActive: !listing.isActive },
      {
        onSuccess: (saved) =>
          toast(
            saved.isActive
              ? { title: 'Listed again', description: 'Your listing is back for neighbours to find.' }
              : { title: 'Marked as sold', description: 'Nice one! It no longer shows in browse and sits under Sold on your dashboard.' },
          ),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'LISTING_LIMIT_REACHED') showListingLimitToast(error.message);
          else showListingSaveError(error, 'Failed to update listing');
        },
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <Link href={`/listing/${listing.id}/edit`} className={buttonVariants({ variant: 'secondary' })}>
        <Pencil aria-hidden="true" />
        Edit
      </Link>
      <Button variant={listing.isActive ? 'leaf' : 'secondary'} onClick={changeStatus} disabled={setStatus.isPending}>
        {listing.isActive ? <CircleCheck aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
        {listing.isActive ? 'Mark as sold' : 'List again'}
      </Button>
      <DeleteListingButton listingId={listing.id} listingTitle={listing.title} onDeleted={() => navigate('/dashboard')} />
    </div>
  );
}
