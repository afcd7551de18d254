import { EyeOff, MapPin, Navigation, Package, Pencil, Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type ListingView, conditionLabel, formatPrice, reservationMessages, sellerDisplayName, thumbnailUrl } from '../../../domain';
import { listingHiddenMessages, moderationLabels } from '../../../domain/moderation';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { MessageSellerButton } from './contact-seller';
import { AskForReviewButton } from './ask-for-review-button';
import { DeleteListingButton } from './delete-listing-button';
import { FavouriteButton } from './favourite-button';
import { ListingTime } from './listing-time';
import { MarkSoldButton } from './mark-sold-button';
import { PinListingButton } from './pin-listing-button';
import { RatingSummary } from '@/shared/ratings/rating-summary';
import { TierBadge } from '@/components/tier-badge';
import { buttonVariants } from '@/components/ui/button';

// Made once: building a number format costs far more than using it (a page shows dozens of cards).
const kilometres = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "2.4 km away" (the server rounds to a tenth of a kilometre). */
export function formatDistance(distanceKm: number): string {
  if (distanceKm < 0.1) return 'Less than 0.1 km away';
  return `${kilometres.format(distanceKm)} km away`;
}

type ListingCardProps = {
  listing: ListingView;
  /** Owner mode shows Edit and Delete instead of Message (spec 2), Mark as sold while for sale, its listing time with Renew, and Pin to top on plans with pinned posts. */
  mode?: 'browse' | 'owner';
  /** Owner mode only: sold listings on the dashboard have no Edit (spec 2). */
  showEdit?: boolean;
  /** Owner mode only: one more control first among the owner's, full width (the dashboard's Insights). */
  ownerAction?: ReactNode;
};

/** One listing in a grid; the whole card opens the listing (spec 2). */
export function ListingCard({ listing, mode = 'browse', showEdit = true, ownerAction }: ListingCardProps) {
  const { user } = useCurrentUser();
  const firstImage = listing.imageUrls[0];
  const href = `/listing/${listing.id}`;
  const isOwn = user?.id === listing.sellerId;
  const isSold = !listing.isActive;
  // Hidden by our team (or while its seller is suspended): out of sight, but not sold.
  const hiddenReason = listing.hiddenReason;

  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-sand-200 bg-white shadow-sm transition',
        'hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md',
        'has-[.card-link:focus-visible]:outline-2 has-[.card-link:focus-visible]:outline-offset-2 has-[.card-link:focus-visible]:outline-brand-600',
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-sand-100">
        {firstImage ? (
          <img
            src={thumbnailUrl(firstImage)}
            alt=""
            loading="lazy"
            decoding="async"
            width={480}
            height={360}
            className={cn('size-full object-cover', isSold && 'opacity-70 grayscale-[40%]')}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-ink-500/60">
            <Package className="size-12" aria-hidden="true" strokeWidth={1.5} />
          </div>
        )}
        {!isSold && (listing.isPinned || listing.status === 'reserved') && (
          <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
            {listing.isPinned && (
              <span className="inline-flex items-center gap-1 rounded-full bg-sun-300 px-2.5 py-1 text-xs font-bold text-ink-900 shadow-sm">
                <Pin className="size-3.5" aria-hidden="true" />
                Pinned
              </span>
            )}
            {/* Held for one buyer (decision 46): still for sale to others if it falls through. */}
            {listing.status === 'reserved' && (
              <span className="inline-flex items-center rounded-full bg-ink-900 px-2.5 py-1 text-xs font-bold text-white shadow-sm">{reservationMessages.reservedLabel}</span>
            )}
          </div>
        )}
        {isSold && (
          // Paused by a plan that allows fewer listings: not sold, and back with an upgrade.
          <span
            className={cn(
              'absolute top-4 -right-10 w-36 rotate-45 py-1 text-center text-xs font-bold tracking-widest uppercase shadow',
              hiddenReason ? 'bg-brand-700 text-white' : listing.isPaused ? 'bg-sun-300 text-ink-900' : 'bg-ink-900 text-white',
            )}
          >
            {hiddenReason ? moderationLabels.hiddenTag : listing.isPaused ? 'Paused' : 'Sold'}
          </span>
        )}
        {mode === 'browse' && <FavouriteButton listing={listing} viewer={user} className="absolute right-3 bottom-3 z-10" />}
      </div>

      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="text-xl font-extrabold tracking-tight text-brand-700">{formatPrice(listing.price)}</p>
          {/* Only a stated condition: "not stated" on every older card would be noise. */}
          {listing.condition && (
            <p className="rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700">
              <span className="sr-only">Condition: </span>
              {conditionLabel(listing.condition)}
            </p>
          )}
        </div>
        <h3 className="line-clamp-2 text-base leading-snug font-bold break-words">
          <Link href={href} className="card-link after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {listing.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm break-words text-ink-700">{listing.description}</p>
        <p className="mt-1 flex items-start gap-1 text-sm text-ink-500">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 truncate">{listing.location}</span>
        </p>
        {listing.distanceKm != null && !isOwn && (
          <p className="flex items-center gap-1 text-sm font-semibold text-leaf-700">
            <Navigation className="size-4 shrink-0" aria-hidden="true" />
            {formatDistance(listing.distanceKm)}
          </p>
        )}

        <div className="mt-auto space-y-3 border-t border-sand-200 pt-3">
          {/* The name and badge keep their full width; Message moves under them when both don't fit. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex max-w-full min-w-0 items-center gap-1.5 text-sm font-semibold">
              <span className="truncate">{sellerDisplayName(listing.seller)}</span>
              {/* Above the card's link, so its tooltip shows on hover. */}
              <TierBadge tier={listing.seller.membershipTier} className="relative z-10" />
              <RatingSummary average={listing.seller.ratingAverage} count={listing.seller.ratingCount} className="text-xs" />
            </p>
            {/* Buttons sit above the card's link, so using them never opens the listing. */}
            {mode === 'browse' && (
              <div className="relative z-10 ml-auto shrink-0">
                {isOwn ? (
                  <span className="rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold text-ink-700">Your listing</span>
                ) : (
                  <MessageSellerButton listing={listing} viewer={user} variant="secondary" className="px-4" />
                )}
              </div>
            )}
          </div>
          {mode === 'owner' && hiddenReason && (
            <div className="relative z-10 space-y-2 rounded-xl bg-brand-50 px-3 py-2">
              <p className="flex items-start gap-2 text-sm text-brand-800">
                <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {listingHiddenMessages[hiddenReason]}
              </p>
              <AskForReviewButton listing={listing} className="w-full px-3" />
            </div>
          )}
          {/* Its time among the newest, and Renew once that has passed (decision 34). */}
          {mode === 'owner' && !hiddenReason && <ListingTime listing={listing} />}
          {mode === 'owner' && (
            <div className={cn('relative z-10 grid gap-2', showEdit && 'grid-cols-2')}>
              {ownerAction && <div className={cn('grid', showEdit && 'col-span-2')}>{ownerAction}</div>}
              <PinListingButton listing={listing} className={cn('px-3', showEdit && 'col-span-2')} />
              <MarkSoldButton listing={listing} variant="secondary" className={cn('px-3', showEdit && 'col-span-2')} />
              {showEdit && (
                <Link
                  href={`/listing/${listing.id}/edit`}
                  className={buttonVariants({ variant: 'secondary', className: 'px-3' })}
                  aria-label={`Edit ${listing.title}`}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              )}
              <DeleteListingButton listingId={listing.id} listingTitle={listing.title} className="px-3" />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
