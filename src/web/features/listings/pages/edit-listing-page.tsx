import { PackageX, ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { type CurrentUser, type ListingView, listingRuleMessages } from '../../../../domain';
import { LoadingState } from '@/components/loading-state';
import { NoticePage } from '@/components/notice-page';
import { PageContainer } from '@/components/page-container';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toast } from '@/lib/use-toast';
import { useListing, useUpdateListing } from '@/features/listings/api';
import { showListingSaveError } from '@/features/listings/components/listing-error-toasts';
import { ListingForm } from '@/features/listings/components/listing-form';

/** /listing/:id/edit: the listing form, filled in, for the owner only. */
export function EditListingPage({ user, id }: { user: CurrentUser; id: string }) {
  const listing = useListing(id);

  if (listing.isPending) return <LoadingState />;
  if (listing.isError) {
    return (
      <NoticePage icon={PackageX} title={listingRuleMessages.listingNotFound} description="It may have been removed by the seller.">
        <Link href="/listings" className={buttonVariants()}>
          Back to listings
        </Link>
      </NoticePage>
    );
  }
  if (listing.data.sellerId !== user.id) {
    return (
      <NoticePage icon={ShieldAlert} title="Not your listing" description={listingRuleMessages.notYourListing}>
        <Link href={`/listing/${id}`} className={buttonVariants()}>
          View the listing
        </Link>
      </NoticePage>
    );
  }

  return <EditListingForm user={user} listing={listing.data} />;
}

function EditListingForm({ user, listing }: { user: CurrentUser; listing: ListingView }) {
  useDocumentTitle('Edit Your Listing');
  const [, navigate] = useLocation();
  const update = useUpdateListing();
  const { id } = listing;
  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Edit Your Listing</h1>
      <p className="mt-2 mb-8 text-ink-700">Change anything you like; neighbours see it straight away.</p>
      <Card className="p-5 sm:p-8">
        <ListingForm
          tier={user.membershipTier}
          listing={listing}
          submitLabel="Save Changes"
          pendingLabel="Saving…"
          isPending={update.isPending}
          onSubmit={(body, handlers) =>
            update.mutate(
              { id, body },
              {
                onSuccess: () => {
                  toast({ title: 'Listing updated!', description: 'Your changes are live.' });
                  navigate(`/listing/${id}`);
                },
                onError: (error) => {
                  handlers.onError(error);
                  showListingSaveError(error, 'Failed to update listing');
                },
              },
            )
          }
        />
      </Card>
    </PageContainer>
  );
}
