import { Check } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser, TierRules } from '../../../../domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type PlanActionProps = { rules: TierRules; user: CurrentUser | null; emphasised: boolean };

/** Explorer's free month: the member is on the plan but has not paid for it yet. */
export function isOnFreeTrial(user: CurrentUser | null, rules: TierRules): boolean {
  return Boolean(user && user.membershipTier === rules.tier && user.trialEndDate && rules.freeTrialMonths > 0);
}

/** A plan card's button: visitors join first; members go to checkout; the member's own plan is marked and disabled. */
export function PlanAction({ rules, user, emphasised }: PlanActionProps) {
  const linkClass = cn(buttonVariants({ variant: emphasised ? 'primary' : 'secondary' }), 'w-full');
  if (!user) {
    return (
      <Link href="/auth" className={linkClass}>
        Choose {rules.label}
      </Link>
    );
  }
  if (user.membershipTier === 'lifetime') {
    return (
      <Button variant="secondary" className="w-full" disabled>
        Included in Lifetime
      </Button>
    );
  }
  if (isOnFreeTrial(user, rules)) {
    return (
      <Link href={`/subscribe/${rules.tier}`} className={linkClass}>
        Keep {rules.label}
      </Link>
    );
  }
  if (user.membershipTier === rules.tier) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        <Check aria-hidden="true" />
        Current plan
      </Button>
    );
  }
  return (
    <Link href={`/subscribe/${rules.tier}`} className={linkClass}>
      {rules.annualPriceCents ? `Choose ${rules.label}` : `Switch to ${rules.label}`}
    </Link>
  );
}
