import { productTagline } from '../../../../domain';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExplainerVideo } from '../components/explainer-video';
import { LandingHero } from '../components/landing-hero';
import { LandingPlans } from '../components/landing-plans';
import { TrustStrip } from '../components/trust-strip';

export function LandingPage() {
  useDocumentTitle(`Your ${productTagline}`);
  return (
    <>
      <LandingHero />
      <ExplainerVideo />
      <TrustStrip />
      <LandingPlans />
    </>
  );
}
