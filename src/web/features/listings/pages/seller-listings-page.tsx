import { BadgeCheck, CalendarDays, CreditCard, Mail, MapPin, PackageOpen, Phone, UserX, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { type SellerProfile, avatarInitial, formatDateAU, isVerifiedNeighbour, listingRuleMessages, sellerDisplayName, uuidPattern } from '../../../../domain';
import { moderationMessages } from '../../../../domain/moderation';
import { EmptyState } from '@/components/empty-state';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '@/shared/listing/listing-grid';
import { LoadingState } from '@/components/loading-state';
import { NoticePage } from '@/components/notice-page';
import { PageContainer } from '@/components/page-container';
import { TierBadge } from '@/components/tier-badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/auth';
import { usePageHead } from '@/lib/use-page-head';
import { ReportButton } from '@/shared/moderation/report-button';
import { RatingSummary } from '@/shared/ratings/rating-summary';
import { useSellerListings, useSellerProfile } from '@/features/listings/api';
import { sellerPageHead } from '@/features/listings/listing-page-head';
import { MemberRatings } from '@/features/listings/components/member-ratings';

function VerificationBadge({ icon: Icon, label, verified }: { icon: LucideIcon; label: string; verified: boolean }) {
  return (
    <li
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        verified ? 'bg-leaf-50 text-leaf-700' : 'bg-sand-100 text-ink-500',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label} {verified ? 'verified' : 'not verified'}
    </li>
  );
}

function SellerNotFound() {
  return (
    <NoticePage icon={UserX} status={404} title={listingRuleMessages.sellerNotFound} description="This neighbour's profile isn't available.">
      <Link href="/listings" className={buttonVariants()}>
        Back to listings
      </Link>
    </NoticePage>
  );
}

/** /seller/:sellerId: a neighbour's public profile and everything they have for sale. */
export function SellerListingsPage({ sellerId }: { sellerId: string }) {
  // An address that cannot be a member's is not asked of the server.
  if (!uuidPattern.test(sellerId)) return <SellerNotFound />;
  return <SellerProfileLoader sellerId={sellerId} />;
}

function SellerProfileLoader({ sellerId }: { sellerId: string }) {
  const profile = useSellerProfile(sellerId);
  if (profile.isPending) return <LoadingState />;
  if (profile.isError) return <SellerNotFound />;
  return <SellerProfileView profile={profile.data} />;
}

function SellerProfileView({ profile }: { profile: SellerProfile }) {
  const name = sellerDisplayName(profile);
  const listings = useSellerListings(profile.id);
  // The newest listing with a photo gives the page's share picture.
  usePageHead(sellerPageHead(profile, listings.data?.find((listing) => listing.isActive && listing.imageUrls.length > 0)?.imageUrls ?? []));
  const { user } = useCurrentUser();
  const isOwnPage = user?.id === profile.id;
  const place = [profile.suburb, profile.state].filter(Boolean).join(', ');

  return (
    <PageContainer>
      <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:p-8">
        {profile.profileImageUrl ? (
          <img src={profile.profileImageUrl} alt="" className="size-20 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-sun-300 text-3xl font-bold">
            {avatarInitial({ firstName: profile.firstName, email: '' })}
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-extrabold tracking-tight">
            <span className="break-words">{name}</span>
            <TierBadge tier={profile.membershipTier} showLabel className="text-sm" />
            <RatingSummary average={profile.ratingAverage} count={profile.ratingCount} className="text-base" />
          </h1>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-ink-700">
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-4 text-ink-500" aria-hidden="true" />
              Member since {formatDateAU(profile.memberSince)}
            </span>
            {place && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4 text-ink-500" aria-hidden="true" />
                {place}
              </span>
            )}
          </p>
          <ul className="flex flex-wrap gap-2 pt-1" aria-label="Verification">
            {isVerifiedNeighbour(profile) && (
              <li className="inline-flex items-center gap-1.5 rounded-full bg-leaf-600 px-3 py-1 text-sm font-semibold text-white">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verified neighbour
              </li>
            )}
            <VerificationBadge icon={Mail} label="Email" verified={profile.isEmailVerified} />
            <VerificationBadge icon={Phone} label="Phone" verified={profile.isPhoneVerified} />
            <VerificationBadge icon={CreditCard} label="Card" verified={profile.isCardVerified} />
          </ul>
        </div>
        {!isOwnPage && <ReportButton target={{ memberId: profile.id }} title={moderationMessages.reportMemberTitle} className="-ml-3 self-start px-3 sm:ml-0" />}
      </Card>

      <section aria-labelledby="seller-listings" className="mt-10">
        <h2 id="seller-listings" className="mb-5 text-2xl font-extrabold tracking-tight">
          For sale ({profile.activeListingCount})
        </h2>
        {listings.isPending ? (
          <ListingGridSkeleton count={4} />
        ) : listings.isError ? (
          <p role="alert" className="text-brand-700">
            Failed to fetch listings
          </p>
        ) : listings.data.length === 0 ? (
          <EmptyState icon={PackageOpen} title="Nothing for sale right now" description="Check back soon." />
        ) : (
          <ListingGrid>
            {listings.data.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ListingGrid>
        )}
      </section>

      <MemberRatings member={profile} viewer={user} />
    </PageContainer>
  );
}
