import { CalendarDays } from 'lucide-react';
import { Link } from 'wouter';
import { type SellerSummary, avatarInitial, formatDateAU, sellerDisplayName } from '../../../../domain';
import { TierBadge } from '@/components/tier-badge';
import { RatingSummary } from '@/shared/ratings/rating-summary';
import { Card } from '@/components/ui/card';
import { useSellerProfile } from '@/features/listings/api';

/** Who is selling: name, plan, member since, and a way to their other listings. */
export function SellerCard({ seller }: { seller: SellerSummary }) {
  const profile = useSellerProfile(seller.id);
  return (
    <Card className="p-5">
      <h2 className="text-sm font-bold tracking-wide text-ink-500 uppercase">Seller</h2>
      <div className="mt-3 flex items-center gap-3">
        {seller.profileImageUrl ? (
          <img src={seller.profileImageUrl} alt="" className="size-12 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-sun-300 text-lg font-bold">
            {avatarInitial({ firstName: seller.firstName, email: '' })}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
            <span className="truncate">{sellerDisplayName(seller)}</span>
            <TierBadge tier={seller.membershipTier} showLabel />
            <RatingSummary average={seller.ratingAverage} count={seller.ratingCount} />
          </p>
          {profile.data && (
            <p className="flex items-center gap-1 text-sm text-ink-500">
              <CalendarDays className="size-4" aria-hidden="true" />
              Member since {formatDateAU(profile.data.memberSince)}
            </p>
          )}
        </div>
      </div>
      <Link href={`/seller/${seller.id}`} className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
        View seller's profile
      </Link>
    </Card>
  );
}
