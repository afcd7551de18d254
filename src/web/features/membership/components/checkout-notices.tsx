import { BadgeCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, membershipMessages, rulesForTier } from '../../../../domain';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMembershipStatus } from '@/shared/membership/membership-status';
import { ScheduledChange } from '@/shared/membership/scheduled-change';

function CheckoutNotice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card role="status" className="p-6 sm:p-8">
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-sun-100 text-ink-900">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-extrabold tracking-tight">{title}</h2>
      <div className="mt-2 space-y-3 text-ink-700">{children}</div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link href="/membership-plans" className={buttonVariants({ variant: 'secondary' })}>
          Back to plans
        </Link>
        <Link href="/" className={buttonVariants({ variant: 'ghost' })}>
          Go home
        </Link>
      </div>
    </Card>
  );
}

/**
 * The member already pays for this tier, or holds Lifetime (a gift that already includes it). A move
 * away from it waiting for the end of the paid year is shown with the way to keep the plan after all.
 */
export function AlreadyOnPlanNotice({ user }: { user: CurrentUser }) {
  const isLifetime = user.membershipTier === 'lifetime';
  const subscription = useMembershipStatus({ enabled: !isLifetime }).data?.subscription;
  const scheduled = subscription?.tier === user.membershipTier && subscription.scheduledTier && subscription.scheduledAt ? subscription : null;
  return (
    <CheckoutNotice icon={BadgeCheck} title={membershipMessages.alreadyOnTier}>
      {scheduled?.scheduledTier && scheduled.scheduledAt ? (
        <ScheduledChange tier={scheduled.tier} scheduledTier={scheduled.scheduledTier} scheduledAt={scheduled.scheduledAt} />
      ) : (
        <p>
          {isLifetime
            ? 'Your Lifetime membership was a gift from our team, and it already includes everything this plan offers.'
            : `Your ${rulesForTier(user.membershipTier).label} membership is active, so there is nothing to pay.`}
        </p>
      )}
    </CheckoutNotice>
  );
}
