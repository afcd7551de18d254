import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser, formatCents, formatDateAU, rulesForTier } from '../../../../domain';
import { TierBadge } from '@/components/tier-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useCancelUpcomingCharge, useMembershipStatus } from '@/shared/membership/membership-status';
import { ScheduledChange } from '@/shared/membership/scheduled-change';

/** The member's paid plan: when it is first charged (kept during the free month), when it renews, or what it changes to. */
function PlanCharges() {
  const { data } = useMembershipStatus();
  const cancel = useCancelUpcomingCharge();
  const subscription = data?.subscription;
  if (!subscription) return null;
  if (subscription.scheduledTier && subscription.scheduledAt) {
    return <ScheduledChange tier={subscription.tier} scheduledTier={subscription.scheduledTier} scheduledAt={subscription.scheduledAt} />;
  }
  const amount = formatCents(subscription.amountCents);
  const label = rulesForTier(subscription.tier).label;
  if (subscription.status === 'trialing' && subscription.firstChargeAt) {
    const date = formatDateAU(subscription.firstChargeAt);
    return (
      <div className="space-y-3 rounded-xl bg-sand-100 p-4 text-sm text-ink-900">
        <p className="flex items-start gap-2">
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Your card is saved: your first charge of {amount} for a year of {label} is on {date}. Cancel before then and you pay nothing.
          </span>
        </p>
        <Button
          variant="secondary"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: ({ message }) => toast({ title: 'Membership updated', description: message }),
              onError: (error) => {
                if (handleUnauthorizedError(error)) return;
                toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
              },
            })
          }
        >
          {cancel.isPending ? 'Cancelling…' : `Cancel before ${date}`}
        </Button>
      </div>
    );
  }
  if (subscription.renewsAt) {
    return (
      <p className="text-sm text-ink-700">
        {label}: {amount} a year, renewing on {formatDateAU(subscription.renewsAt)}.
      </p>
    );
  }
  return null;
}

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
      <PlanCharges />
      <Link href="/membership-plans" className={buttonVariants({ variant: 'secondary' })}>
        Compare membership plans
        <ArrowRight aria-hidden="true" />
      </Link>
    </div>
  );
}
