import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser, formatDateAU, rulesForTier } from '../../../../domain';
import { TierBadge } from '../../../components/tier-badge';
import { buttonVariants } from '../../../components/ui/button';

/** The member's current plan as a badge, with the way to compare plans. */
export function AccountMembership({ user }: { user: CurrentUser }) {
  const rules = rulesForTier(user.membershipTier);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <TierBadge tier={user.membershipTier} showLabel className="px-3 py-1 text-sm tracking-wide uppercase" />
        <p className="text-sm text-ink-700">
          {rules.listingLimit === null ? rules.searchAreaLabel : `${rules.listingLimit} ${rules.listingLimit === 1 ? 'listing' : 'listings'} at once · ${rules.searchAreaLabel}`}
        </p>
      </div>
      {user.trialEndDate && <p className="text-sm text-ink-700">Your free month runs until {formatDateAU(user.trialEndDate)}.</p>}
      <Link href="/membership-plans" className={buttonVariants({ variant: 'secondary' })}>
        Compare membership plans
        <ArrowRight aria-hidden="true" />
      </Link>
    </div>
  );
}
