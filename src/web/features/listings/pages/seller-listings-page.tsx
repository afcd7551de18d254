import { ComingSoon } from '../../../components/coming-soon';

export function SellerListingsPage() {
  return <ComingSoon title="Seller's listings" description="Everything this neighbour has for sale will be listed here soon." />;
}
