// spec 8: the toasts for a listing that could not be saved (or listed again).
import { Link } from 'wouter';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { timings } from '../../../../domain/timings';
import { verifyCheckActions } from '../../../../domain/trading-checks';

// spec 8 and 9: product toasts stay 8 to 10 seconds.
const contentFilterToastMs = timings.toastContentFilterMs;
const limitToastMs = timings.toastLimitMs;

function PlansLink({ children }: { children: string }) {
  return (
    <Link href="/membership-plans" className="font-semibold underline underline-offset-2">
      {children}
    </Link>
  );
}

export function showListingLimitToast(message: string): void {
  toast({
    title: 'Listing Limit Reached',
    description: (
      <>
        {message} <PlansLink>See membership plans</PlansLink> to list more items at once.
      </>
    ),
    variant: 'destructive',
    duration: limitToastMs,
  });
}

/** Chooses the toast from the error body's fields, as spec 8 lists them. */
export function showListingSaveError(error: Error, fallback: string): void {
  if (handleUnauthorizedError(error)) return;
  if (error instanceof ApiError && error.bannedWords?.length) {
    toast({ title: 'Content Filter Triggered', description: error.message, variant: 'destructive', duration: contentFilterToastMs });
    return;
  }
  if (error instanceof ApiError && error.listingLimit !== undefined) {
    showListingLimitToast(error.message);
    return;
  }
  if (error instanceof ApiError && error.imageLimit !== undefined) {
    toast({
      title: 'Image Limit Reached',
      description: (
        <>
          {error.message} <PlansLink>Upgrade your plan</PlansLink> to add more photos.
        </>
      ),
      variant: 'destructive',
      duration: limitToastMs,
    });
    return;
  }
  if (error instanceof ApiError && error.verifyAt) {
    // A check to trade is missing (decision 35): the way straight to it.
    toast({
      title: 'Verification needed',
      description: (
        <>
          {error.message}{' '}
          <Link href={error.verifyAt} className="font-semibold underline underline-offset-2">
            {error.code === 'PHONE_NOT_VERIFIED' ? verifyCheckActions.phone : verifyCheckActions.email}
          </Link>
        </>
      ),
      variant: 'destructive',
    });
    return;
  }
  toast({ title: 'Error', description: error.message || fallback, variant: 'destructive' });
}
