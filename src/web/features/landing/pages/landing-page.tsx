import { productTagline } from '../../../../domain';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExplainerVideo } from '../components/explainer-video';
import { LandingHero } from '../components/landing-hero';
import { LandingPlans } from '../components/landing-plans';
import { TradingComparison } from '../components/trading-comparison';
import { VerificationPreview } from '../components/verification-preview';

/** spec 2, in its order: hero with the looping video, the explainer, without/with, plans, the three steps. */
export function LandingPage() {
  useDocumentTitle(`Your ${productTagline}`);
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
