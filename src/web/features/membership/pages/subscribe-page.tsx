import { planChangeDate } from '../../../../domain';
import { isPurchasableTier } from '@/shared/membership/plan-facts';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMembershipStatus } from '@/shared/membership/membership-status';
import { LifetimeToStarter } from '@/features/membership/components/lifetime-change';
import { PaidCheckout } from '@/features/membership/components/paid-checkout';
import { ScheduledPlanChange } from '@/features/membership/components/scheduled-plan-change';
import { StarterCheckout } from '@/features/membership/components/starter-checkout';
import { UnknownPlan } from '@/features/membership/components/unknown-plan';

function StarterCheckoutPage() {
  useDocumentTitle('Switch to Starter');
  return (
    <PageContainer>
      <StarterCheckout />
    </PageContainer>
  );
}

/** /subscribe/{tier} (spec 2 Membership checkout): starter, explorer or connector; anything else is not found. */
export function SubscribePage({ tier }: { tier: string }) {
  const { user } = useCurrentUser();
  // A member on a paid tier may have paid for a year that is not over: what this page does waits for it.
  const mayHavePaid = user?.membershipTier === 'explorer' || user?.membershipTier === 'connector';
  const membership = useMembershipStatus({ enabled: mayHavePaid });
  if (!isPurchasableTier(tier)) return <UnknownPlan />;
  // A members-only route: the app shows it only while someone is signed in.
  if (!user) return null;
  if (tier === 'starter' && user.membershipTier === 'lifetime') {
    return (
      <PageContainer>
        <LifetimeToStarter />
      </PageContainer>
    );
  }
  if (mayHavePaid && membership.isPending) {
    return (
      <PageContainer>
        <LoadingState />
      </PageContainer>
    );
  }
  // Starter or a cheaper plan keeps the year paid for: the move waits for its end (decision 31).
  const plan = membership.data?.subscription;
  const paidUntil = plan && plan.status !== 'trialing' ? (plan.scheduledAt ?? plan.renewsAt) : null;
  const changesOn = plan ? planChangeDate({ tier: plan.tier, paidUntil }, tier) : null;
  if (plan && changesOn) {
    return (
      <PageContainer>
        <ScheduledPlanChange tier={tier} plan={plan} changesOn={changesOn.toISOString()} />
      </PageContainer>
    );
  }
  if (tier === 'starter') return <StarterCheckoutPage />;
  return (
    <PageContainer>
      <PaidCheckout key={tier} tier={tier} user={user} />
    </PageContainer>
  );
}
