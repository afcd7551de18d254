import { usePageHead } from '@/lib/use-page-head';
import { landingPageHead } from '@/features/landing/landing-page-head';
import { ExplainerVideo } from '@/features/landing/components/explainer-video';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { LandingPlans } from '@/features/landing/components/landing-plans';
import { TradingComparison } from '@/features/landing/components/trading-comparison';
import { VerificationPreview } from '@/features/landing/components/verification-preview';

/** spec 2, in its order: hero with the looping video, the explainer, without/with, plans, the three steps. */
export function LandingPage() {
  usePageHead(landingPageHead());
  return (
    <>
      <LandingHero />
      <ExplainerVideo />
      <TradingComparison />
      <LandingPlans />
      <VerificationPreview />
    </>
  );
}
