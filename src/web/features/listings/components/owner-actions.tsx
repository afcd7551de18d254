import { Pencil, RotateCcw } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { ListingView } from '../../../../domain';
import { DeleteListingButton } from '@/shared/listing/delete-listing-button';
import { MarkSoldButton, useSetListingStatus } from '@/shared/listing/mark-sold-button';
import { ReleaseHoldButton } from '@/shared/listing/reservation-buttons';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { showListingLimitToast, showListingSaveError } from './listing-error-toasts';

/** A sold listing back on sale (within the plan's listing limit). */
function ListAgainButton({ listing }: { listing: ListingView }) {
  const setStatus = useSetListingStatus({ onSaved: () => toast({ title: 'Listed again', description: 'Your listing is back for neighbours to find.' }) });
  const listAgain = () =>
    setStatus.mutate(
      { id: listing.id, isActive: true },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'LISTING_LIMIT_REACHED') showListingLimitToast(error.message);
          else showListingSaveError(error, 'Failed to update listing');
        },
      },
    );
  return (
    <Button variant="secondary" onClick={listAgain} disabled={setStatus.isPending}>
      <RotateCcw aria-hidden="true" />
      List again
    </Button>
  );
}

/** What the owner sees on their own listing: edit, mark as sold (to whom) or list again, release a hold, delete. */
export function OwnerActions({ listing }: { listing: ListingView }) {
  const [, navigate] = useLocation();
  return (
    <div className="flex flex-wrap gap-2">
      <Link href={`/listing/${listing.id}/edit`} className={buttonVariants({ variant: 'secondary' })}>
        <Pencil aria-hidden="true" />
        Edit
      </Link>
      {/* A listing our team hid can be neither marked sold nor listed again (the page says why). */}
      {listing.isActive ? <MarkSoldButton listing={listing} /> : !listing.hiddenReason && <ListAgainButton listing={listing} />}
      {listing.status === 'reserved' && <ReleaseHoldButton listingId={listing.id} />}
      <DeleteListingButton listingId={listing.id} listingTitle={listing.title} onDeleted={() => navigate('/dashboard')} />
    </div>
  );
}
