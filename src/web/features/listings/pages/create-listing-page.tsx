import { MailWarning, MapPin, Smartphone } from 'lucide-react';
import { useLocation } from 'wouter';
import { type CurrentUser, listingRuleMessages, missingTradingCheck, tradingCheckMessages, verifyCheckActions, verifyPagePaths } from '../../../../domain';
import { PageContainer } from '@/components/page-container';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toast } from '@/lib/use-toast';
import { useCreateListing } from '@/features/listings/api';
import { showListingSaveError } from '@/features/listings/components/listing-error-toasts';
import { ListingForm } from '@/features/listings/components/listing-form';
import { ListingGate } from '@/features/listings/components/listing-gate';

/** /create-listing (spec 2): a member with a verified email and phone (decision 35) and a postcode lists an item; success goes to /. */
export function CreateListingPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Create Your Listing');
  const [, navigate] = useLocation();
  const create = useCreateListing();

  const missingCheck = missingTradingCheck(user);
  let content;
  if (missingCheck) {
    content = (
      <ListingGate
        icon={missingCheck === 'email' ? MailWarning : Smartphone}
        title={missingCheck === 'email' ? 'Verify your email first' : 'Verify your phone first'}
        message={tradingCheckMessages.list[missingCheck]}
        href={verifyPagePaths[missingCheck]}
        action={verifyCheckActions[missingCheck]}
      />
    );
  } else if (!user.postcode) {
    content = (
      <ListingGate icon={MapPin} title="Add your postcode" message={listingRuleMessages.postcodeRequired} href="/account" action="Go to Account" />
    );
  } else {
    content = (
      <Card className="p-5 sm:p-8">
        <ListingForm
          tier={user.membershipTier}
          submitLabel="List It Now"
          pendingLabel="Listing…"
          isPending={create.isPending || create.isSuccess}
          onSubmit={(body, handlers) =>
            create.mutate(body, {
              onSuccess: () => {
                toast({ title: 'Listing created!', description: 'Your item is now live for neighbours to see.' });
                navigate('/');
              },
              onError: (error) => {
                handlers.onError(error);
                showListingSaveError(error, 'Failed to create listing');
              },
            })
          }
        />
      </Card>
    );
  }

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Create Your Listing</h1>
      <p className="mt-2 mb-8 text-ink-700">A few details and a photo or two, and your neighbours can see it.</p>
      {content}
    </PageContainer>
  );
}
