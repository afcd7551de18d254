import { isPurchasableTier } from '@/shared/membership/plan-facts';
import { PageContainer } from '@/components/page-container';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LifetimeToStarter } from '@/features/membership/components/lifetime-change';
import { PaidCheckout } from '@/features/membership/components/paid-checkout';
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
  if (!isPurchasableTier(tier)) return <UnknownPlan />;
  // A members-only route: the app shows it only while someone is signed in.
  if (!user) return null;
  if (tier === 'starter') {
    return user.membershipTier === 'lifetime' ? (
      <PageContainer>
        <LifetimeToStarter />
      </PageContainer>
    ) : (
      <StarterCheckoutPage />
    );
  }
  return (
    <PageContainer>
      <PaidCheckout key={tier} tier={tier} user={user} />
    </PageContainer>
  );
}
