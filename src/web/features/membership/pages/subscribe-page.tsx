import { rulesForTier } from '../../../../domain';
import { ComingSoon } from '../../../components/coming-soon';

export function SubscribePage({ tier }: { tier: string }) {
  const { label } = rulesForTier(tier);
  return <ComingSoon title={`Subscribe to ${label}`} description="Checkout for this membership plan is coming soon." />;
}
