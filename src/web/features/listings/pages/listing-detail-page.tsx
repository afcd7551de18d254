import { ComingSoon } from '../../../components/coming-soon';

export function ListingDetailPage() {
  return <ComingSoon title="Listing details" description="Photos, price, location and the seller of this listing will appear here soon." />;
}
