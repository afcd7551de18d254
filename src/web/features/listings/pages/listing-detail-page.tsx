import { CalendarDays, EyeOff, MapPin, PackageCheck, PackageX, Tag } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, type ListingView, formatDateAU, categoryLabel, conditionLabel, conditionNotStated, formatPrice, listingRuleMessages, reservationMessages, uuidPattern } from '../../../../domain';
import { listingHiddenMessages, moderationLabels, moderationMessages } from '../../../../domain/moderation';
import { LoadingState } from '@/components/loading-state';
import { NoticePage } from '@/components/notice-page';
import { PageContainer } from '@/components/page-container';
import { buttonVariants } from '@/components/ui/button';
import { ApiError, isNotFoundError } from '@/lib/api-client';
import { usePageHead } from '@/lib/use-page-head';
import { toast } from '@/lib/use-toast';
import { useListing } from '@/features/listings/api';
import { listingPageHead } from '@/features/listings/listing-page-head';
import { ListingGallery } from '@/features/listings/components/listing-gallery';
import { MessageSellerPanel } from '@/features/listings/components/message-seller-panel';
import { MoreFromSeller } from '@/features/listings/components/more-from-seller';
import { OutsideAreaNote, OwnerActions } from '@/features/listings/components/listing-member-parts';
import { SellerCard } from '@/features/listings/components/seller-card';
import { ShareListingButton } from '@/features/listings/components/share-listing-button';
import { SimilarListings } from '@/features/listings/components/similar-listings';
import { FavouriteButton } from '@/shared/listing/favourite-button';
import { ReportButton } from '@/shared/moderation/report-button';

/** Never there, or hidden (404); deleted by its seller (410: search engines drop the address at once). */
function ListingNotFound({ removed = false }: { removed?: boolean }) {
  return (
    <NoticePage
      icon={PackageX}
      status={removed ? 410 : 404}
      title={removed ? listingRuleMessages.listingRemoved : listingRuleMessages.listingNotFound}
      description={removed ? 'The seller has taken it down. There is plenty more for sale nearby.' : 'It may have sold or been removed by the seller.'}
    >
      <Link href="/listings" className={buttonVariants()}>
        Back to listings
      </Link>
    </NoticePage>
  );
}

/** /listing/:id (spec 2), signed out too: a shared link to an item opens it; messaging asks the visitor to log in. */
export function ListingDetailPage({ user, id }: { user: CurrentUser | null; id: string }) {
  // An address that cannot be a listing's is not asked of the server.
  if (!uuidPattern.test(id)) return <ListingNotFound />;
  return <ListingLoader user={user} id={id} />;
}

function ListingLoader({ user, id }: { user: CurrentUser | null; id: string }) {
  const listing = useListing(id);
  const failedToLoad = listing.isError && !isNotFoundError(listing.error);

  useEffect(() => {
    if (failedToLoad) toast({ title: 'Failed to fetch listing', description: listing.error?.message, variant: 'destructive' });
  }, [failedToLoad, listing.error]);

  if (listing.isPending) return <LoadingState />;
  if (listing.isError) return <ListingNotFound removed={listing.error instanceof ApiError && listing.error.code === 'LISTING_REMOVED'} />;
  return <ListingDetails listing={listing.data} user={user} />;
}

function ListingDetails({ listing, user }: { listing: ListingView; user: CurrentUser | null }) {
  const isOwner = user !== null && listing.sellerId === user.id;
  usePageHead(listingPageHead(listing));
  return (
    <PageContainer>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <div className="min-w-0">
          <ListingGallery key={listing.id} imageUrls={listing.imageUrls} title={listing.title} />
        </div>

        <div className="min-w-0 space-y-6">
          <div>
            {!listing.isActive &&
              (listing.hiddenReason ? (
                <p className="mb-3 inline-block rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-widest text-white uppercase">{moderationLabels.hiddenTag}</p>
              ) : (
                <p className="mb-3 inline-block rounded-full bg-ink-900 px-3 py-1 text-xs font-bold tracking-widest text-white uppercase">Sold</p>
              ))}
            {listing.status === 'reserved' && (
              <p className="mb-3 inline-block rounded-full bg-sun-300 px-3 py-1 text-xs font-bold tracking-widest text-ink-900 uppercase">{reservationMessages.reservedLabel}</p>
            )}
            <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{listing.title}</h1>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-3xl font-extrabold text-brand-700">{formatPrice(listing.price)}</p>
              <div className="flex flex-wrap items-center gap-2">
                {!listing.hiddenReason && <ShareListingButton listing={listing} />}
                {(listing.isActive || listing.isFavourite) && <FavouriteButton listing={listing} viewer={user} variant="page" />}
              </div>
            </div>
            <ul className="mt-4 space-y-1.5 text-ink-700">
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-5 shrink-0 text-ink-500" aria-hidden="true" />
                <span>{listing.location}</span>
              </li>
              <li className="flex items-center gap-2">
                <CalendarDays className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
                <span>Listed {formatDateAU(listing.createdAt)}</span>
              </li>
              <li className="flex items-center gap-2">
                <Tag className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
                <span>{categoryLabel(listing.category) ?? listing.category}</span>
              </li>
              <li className="flex items-center gap-2">
                <PackageCheck className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
                <span>{listing.condition ? `Condition: ${conditionLabel(listing.condition)}` : conditionNotStated}</span>
              </li>
            </ul>
          </div>

          {user && !isOwner && listing.isActive && (
            <Suspense fallback={null}>
              <OutsideAreaNote listing={listing} user={user} />
            </Suspense>
          )}

          {isOwner && listing.hiddenReason && (
            <div className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-800">
              <EyeOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div className="space-y-1">
                <p className="font-semibold">{listingHiddenMessages[listing.hiddenReason]}</p>
                <p>{moderationMessages.listingHiddenLocked}</p>
              </div>
            </div>
          )}

          {/* Others can still write: the sale may fall through (decision 46). */}
          {!isOwner && listing.status === 'reserved' && (
            <p role="status" className="rounded-xl border border-sun-300 bg-sun-100 p-4 text-sm font-medium text-ink-900">
              {reservationMessages.onHoldNotice}
            </p>
          )}

          {isOwner ? (
            <Suspense fallback={null}>
              <OwnerActions listing={listing} />
            </Suspense>
          ) : (
            <MessageSellerPanel listing={listing} user={user} />
          )}

          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-lg font-bold">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-wrap break-words text-ink-700">{listing.description}</p>
          </section>

          <SellerCard seller={listing.seller} />

          {!isOwner && <ReportButton target={{ listingId: listing.id }} title={moderationMessages.reportListingTitle} className="-ml-3 px-3" />}
        </div>
      </div>

      <MoreFromSeller listing={listing} />
      {!isOwner && !listing.isActive && !listing.hiddenReason && <SimilarListings listing={listing} />}
    </PageContainer>
  );
}
