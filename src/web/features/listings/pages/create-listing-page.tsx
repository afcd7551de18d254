import { ComingSoon } from '../../../components/coming-soon';

export function CreateListingPage() {
  return <ComingSoon title="Create Your Listing" description="Soon you will list an item with photos, a price and a category here." />;
}
